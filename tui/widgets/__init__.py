"""Widgets shared by the games' views."""
