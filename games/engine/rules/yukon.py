"""What is Yukon's own: any face-up card lifts with everything on it, in any order."""

from __future__ import annotations

from ..cards import Card

COLUMN_SIZES = (1, 6, 7, 8, 9, 10, 11)
FACE_UP_PER_COLUMN = 5  # every column but the first shows five cards; the first shows one


def lift_refusal(up: tuple[Card, ...], index: int) -> str | None:
    """Yukon stacks need no order: only the card picked up decides where they land."""
    return None
