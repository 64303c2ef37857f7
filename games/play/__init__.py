"""What a player does to a game, behind the guards of DESIGN.md §5: `actions` (start a game,
move, undo, redo, restart, finish, resign), `hints`, `records` (a win counted in the
player's bests), `merge` (a visitor's games handed to their account) and `stats` (the
player's statistics and their chart)."""
