"""Bringing the entry up, and what it holds while it runs."""
