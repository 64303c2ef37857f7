"""Hints: the next move of a line the solver proved wins from the current position."""

from __future__ import annotations

from solver import checks
from solver.models import Check, PositionVerdict
from solver.search import solve

from .engine.moves import Move
from .engine.positions import Position
from .engine.rules import first_foundation_for

HINT_BUDGET_SECONDS = 2.0


def hint_for(position: Position) -> Move | None:
    """The first move of a winning line: the known one if a check already proved it, else a
    short search (whose verdict is kept for the dead-end check too). None when no win is
    known."""
    row = checks.request(position)
    if row.verdict != Check.WIN:
        result = solve(position, budget_seconds=HINT_BUDGET_SECONDS)
        if result.verdict in (Check.WIN, Check.LOSS):
            checks.store(row.key, result.verdict, list(result.moves), result.nodes, result.seconds)
        row = PositionVerdict.objects.get(key=row.key)
    if row.verdict != Check.WIN or not row.moves:
        return None
    move = Move.parse(row.moves[0])
    if move.target == "f":  # name the slot, so the page can mark the foundation it goes to
        move = Move(move.card, f"f{first_foundation_for(position, move.card) + 1}")
    return move
