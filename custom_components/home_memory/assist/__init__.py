"""What Assist agents and the built-in conversation agent see."""
