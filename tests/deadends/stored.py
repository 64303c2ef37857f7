"""What the checks stored, read straight from the table: the tests' own view of it."""

from __future__ import annotations

from games.engine.positions import Position
from solver.deadends.models import PositionVerdict, position_key


def verdicts(positions: list[Position]) -> list[str | None]:
    """The stored verdict of each position ("win", "loss", "unknown"), None where none is."""
    keys = [position_key(position) for position in positions]
    found = dict(PositionVerdict.objects.filter(key__in=keys).values_list("key", "verdict"))
    return [found.get(key) for key in keys]
