"""Asking for a dead-end check: what is known about the position a player just reached,
with a check queued (see `queue`) unless it is known or already wanted.

`request` runs on the POST of every action (and of a hint); `known` is its read-only twin
for the page's polls, which never queue anything.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.deals import deal_position
from games.engine.positions import Position
from games.models import Game
from solver.pool.models import DealVerdict, Outcome

from . import queue, tasks
from .models import Check, CheckRequest, PositionVerdict, position_key
from .proofs import store_line


def request(game: Game, position: Position, before: Position | None = None) -> str:
    """The verdict of `game`'s position ("win", "loss", "unknown"), or "pending" with a check
    queued for it.

    `before` is the position a move was just made from: a move from a lost position reaches
    a lost one (were it winnable, so was the position before it), which needs no search.
    A game's first action brings its deal's winning line along, if it came from the pool.

    One query when the position is known, three or four when it is new."""
    key = position_key(position)
    keys = [key] if before is None else [key, position_key(before)]
    found = dict(PositionVerdict.objects.filter(key__in=keys).values_list("key", "verdict"))
    state = found.get(key)
    if before is not None and found.get(keys[1]) == Check.LOSS:
        if state in (None, Check.UNKNOWN):
            _store_inherited_loss(key)
            state = Check.LOSS
    if state is None and len(game.actions) <= 1 and _seed_from_deal(game):
        state = queue.verdicts([position])[0]
    if state is not None:
        return state
    if queue.add(game, position, at=key):
        wake()
    return Check.PENDING


def request_after(game: Game, position: Position) -> str:
    """`request` for a position of a finished game (the start of the winning line shown
    after it, or a gap in its stored line): the check is wanted while the game stays over.
    Returns the verdict, or "pending" with the check queued."""
    state = PositionVerdict.objects.filter(key=position_key(position)).values_list(
        "verdict", flat=True
    )
    if (found := state.first()) is not None:
        return found
    if queue.add(game, position, at=queue.AFTER_THE_GAME):
        wake()
    return Check.PENDING


def known(game: Game, position: Position) -> str:
    """What `request` would answer, without asking for anything: "pending" while the game
    waits for the position's check, "unknown" when nobody asked."""
    key = position_key(position)
    state = PositionVerdict.objects.filter(key=key).values_list("verdict", flat=True).first()
    if state is not None:
        return state
    waiting = CheckRequest.objects.filter(game=game, key=key).exists()
    return Check.PENDING if waiting else Check.UNKNOWN


def wake() -> None:
    """A worker wake-up, once the asking transaction commits, unless one is on its way."""
    transaction.on_commit(tasks.wake)


def _store_inherited_loss(key: str) -> None:
    now = timezone.now()
    lost = PositionVerdict(key=key, verdict=Check.LOSS, decided=now)
    PositionVerdict.objects.bulk_create([lost], ignore_conflicts=True)
    PositionVerdict.objects.filter(key=key, verdict=Check.UNKNOWN).update(
        verdict=Check.LOSS, move="", length=0, decided=now
    )


def _seed_from_deal(game: Game) -> bool:
    """A deal from the winnable pool comes with its winning line: every position on it is
    known winnable without a search. Returns whether there was one to store."""
    proof = DealVerdict.objects.filter(
        deal=game.deal, draw=game.draw, passes=game.passes, verdict=Outcome.WIN
    ).first()
    if proof is None:
        return False
    start = deal_position(game.deal, game.draw, game.passes)
    if queue.verdicts([start])[0] is None:
        store_line(start, proof.moves)
    return True
