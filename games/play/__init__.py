"""What a player does to a game, behind the guards of DESIGN.md §5: `actions` (start a game,
move, undo, redo, restart, finish, resign), `hints` and `records` (a win counted in the
player's best)."""
