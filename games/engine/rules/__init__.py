"""The rules of Yukon and Klondike: `core` holds what both share and the entry points,
`yukon` and `klondike` what is each one's own. The entry points are named here too, so
`rules.apply(position, move)` reads as it should."""

from .core import (
    apply,
    first_foundation_for,
    legal_moves,
    movable_cards,
    move_back,
    targets,
)

__all__ = [
    "apply",
    "first_foundation_for",
    "legal_moves",
    "movable_cards",
    "move_back",
    "targets",
]
