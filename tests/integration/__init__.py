"""Tests of the Home Assistant side of Home Memory."""
