"""Hints: the next move of a line the solver proved wins from the current position.

A hint never searches inside the request: it reads the first move the current position's
row keeps (one indexed read). A player who follows a stored line finds each position on it
known, its row written by the move that reached it (solver.deadends.checks.derive); when
none is known yet the hint asks for the position's check (once: the same wanted position is
never queued twice) and the page polls for the answer, as the dead-end banner does.
"""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import first_foundation_for
from games.models import Game
from games.steps import current
from solver.deadends import checks
from solver.deadends.models import Check, PositionVerdict, position_key

from .actions import Done, read_playable


def hint(game_id: int, player: str, ply: int) -> Done:
    """The next move of a winning line from the current position, counted as a hint; or
    what stands in its way (`Done.hint_state`: "pending" while the position is checked,
    "loss" or "unknown"). Raises Game.DoesNotExist, GameOver, StaleAction."""
    game = read_playable(game_id, player, ply)
    step = current(game)
    # Counted first, in a statement of its own: the check is asked for outside any
    # transaction (see queue.add), and a hint counted whose answer was lost to a crash
    # costs the player less than a hint shown uncounted.
    Game.objects.filter(pk=game.pk).update(hints=F("hints") + 1, updated=timezone.now())
    state = checks.request(game, step.position)
    game.hints += 1
    move = known_hint(step.position) if state == Check.WIN else None
    return Done(game, step, hint=move, hint_state=state)


def known_hint(position: Position) -> Move | None:
    """The first move of the stored winning line from `position`, if one is stored."""
    text = (
        PositionVerdict.objects.filter(key=position_key(position), verdict=Check.WIN)
        .values_list("move", flat=True)
        .first()
    )
    if not text:
        return None
    move = Move.parse(text)
    if move.target == "f":  # name the slot, so the page can mark the foundation it goes to
        move = Move(move.card, f"f{first_foundation_for(position, move.card) + 1}")
    return move
