"""What is Yukon's own: any face-up card lifts with everything on it, in any order."""

from __future__ import annotations

from ..cards import Card

COLUMN_SIZES = (1, 6, 7, 8, 9, 10, 11)


def lift_refusal(up: tuple[Card, ...], index: int) -> str | None:
    """Yukon stacks need no order: only the card picked up decides where they land."""
    return None
