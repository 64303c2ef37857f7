"""Fixtures shared by the whole suite. Area-specific fixtures live next to their tests."""
