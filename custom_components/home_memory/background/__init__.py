"""What runs by itself: observing the home, capturing conversations, maintenance."""
