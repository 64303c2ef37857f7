"""Hints: the next move of a line the solver proved wins from the current position."""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from solver.deadends import checks, proofs
from solver.deadends.models import Check, PositionVerdict
from solver.search import solve

from ..engine.moves import Move
from ..engine.positions import Position
from ..engine.rules import first_foundation_for
from ..models import Game
from ..steps import current
from .actions import Done, read_playable

HINT_BUDGET_SECONDS = 2.0


def hint(game_id: int, player: str, ply: int) -> Done:
    """The next move of a winning line from the current position, counted as a hint.

    The search runs outside any transaction so that it never holds the game's row.
    Raises Game.DoesNotExist, GameOver, StaleAction."""
    game = read_playable(game_id, player, ply)
    step = current(game)
    move = hint_for(step.position)
    Game.objects.filter(pk=game.pk).update(hints=F("hints") + 1, updated=timezone.now())
    game.hints += 1
    return Done(game, step, hint=move)


def hint_for(position: Position) -> Move | None:
    """The first move of a winning line: the known one if a check already proved it, else a
    short search (whose verdict is kept for the dead-end check too). None when no win is
    known."""
    row = checks.request(position)
    if row.verdict != Check.WIN:
        result = solve(position, budget_seconds=HINT_BUDGET_SECONDS)
        if result.verdict in (Check.WIN, Check.LOSS):
            proofs.store(row.key, result.verdict, list(result.moves), result.nodes, result.seconds)
        row = PositionVerdict.objects.get(key=row.key)
    if row.verdict != Check.WIN or not row.moves:
        return None
    move = Move.parse(row.moves[0])
    if move.target == "f":  # name the slot, so the page can mark the foundation it goes to
        move = Move(move.card, f"f{first_foundation_for(position, move.card) + 1}")
    return move
