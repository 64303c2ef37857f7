"""The rules of Yukon and Klondike as pure Python: no Django, no I/O.

Positions are immutable values; `rules.apply(position, move)` returns a new
position or raises an `IllegalMove` whose message a player can read.
"""
