"""The search's one way in: the engine's Position (games/engine/positions.py), or its JSON
read by Position.from_json, turned into the small ints both search engines work on.

The engine checks the position (and raises its PositionError, naming what is wrong); the
search adds one demand of its own, that all 52 cards are there, since it wins only when
they are all home.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.positions import Position, PositionError

from .cards import BY_CODE


class Layout(NamedTuple):
    """A checked Position's cards as ints (cards.py: suit * 13 + rank), nothing more."""

    variant: str
    draw: int | None
    passes_left: int | None
    down: tuple[bytes, ...]  # per column, bottom first
    up: tuple[bytes, ...]  # per column, bottom to top
    found: tuple[int, int, int, int]  # cards home per suit S, H, D, C
    stock: bytes  # first card listed is the next one turned
    waste: bytes  # bottom to top


def read(position: Position | dict) -> Layout:
    """The Layout of an engine Position or of Position JSON; raises PositionError."""
    if not isinstance(position, Position):
        position = Position.from_json(position)
    count = len(position.cards)
    if count != 52:
        raise PositionError(f"a position holds all 52 cards, this one {count}")
    found = [0, 0, 0, 0]
    for pile in position.foundations:
        if pile:
            found[BY_CODE[pile[0].code] // 13] = len(pile)
    return Layout(
        position.variant,
        position.draw,
        position.passes_left,
        tuple(_ints(column.down) for column in position.tableau),
        tuple(_ints(column.up) for column in position.tableau),
        (found[0], found[1], found[2], found[3]),
        _ints(position.stock),
        _ints(position.waste),
    )


def _ints(cards) -> bytes:
    return bytes(BY_CODE[card.code] for card in cards)
