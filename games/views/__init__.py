"""The game pages, split by topic: lobby, play, records, rules."""
