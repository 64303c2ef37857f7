"""The daily deal's and the leaderboards' rules, without view code (see daily/__init__.py)."""
