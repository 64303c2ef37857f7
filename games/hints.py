"""Hints: the next move of a line the solver proved wins from the current position."""

from __future__ import annotations

from .engine.moves import Move
from .engine.positions import Position

HINT_BUDGET_SECONDS = 2.0


def hint_for(position: Position) -> Move | None:
    """The first move of a winning line, or None when no win is known within the budget."""
    from solver.search import solve

    result = solve(position, budget_seconds=HINT_BUDGET_SECONDS)
    if result.verdict != "win" or not result.moves:
        return None
    return Move.parse(result.moves[0])
