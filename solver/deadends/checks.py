"""Asking for a dead-end check: what is known about the position a player just reached,
with a check queued (see `queue`) unless it is known or already wanted.

`request` runs on the POST of every action (and of a hint); `known` is its read-only twin
for the page's polls, which never queue anything.
"""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.deals import deal_position
from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import move_back
from games.models import Game
from solver.pool.models import DealVerdict, Outcome

from . import queue
from .models import Check, CheckRequest, PositionVerdict, position_key
from .proofs import store_line, store_losses
from .tasks import check_position


def request(
    game: Game, position: Position, before: Position | None = None, move: Move | None = None
) -> str:
    """The verdict of `game`'s position ("win", "loss", "unknown"), or "pending" with a check
    queued for it.

    `before` is the position `move` was just played from: what is known of it may decide
    this one with no search (`_after_move`). A game's first action brings its deal's winning
    line along, if it came from the pool.

    One query when the position is known, two when it follows from `before` (its row
    stored), three or four when it is new."""
    key = position_key(position)
    keys = [key] if before is None else [key, position_key(before)]
    rows = PositionVerdict.objects.filter(key__in=keys).values_list("key", "verdict", "length")
    found = {row[0]: row[1:] for row in rows}
    state = found.get(key, (None,))[0]
    if before is not None:
        state = _after_move(key, state, before, move, found.get(keys[1]))
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


def recheck(game: Game, position: Position) -> None:
    """Ask for a search of the game's position though it is known winnable: the only line
    known from it goes straight back the way the player came (play.hints), and a search of
    its own may find one onward. The search stores what it finds as any check does (a line
    only ever shortens a stored one)."""
    if queue.add(game, position, at=position_key(position), recheck=True):
        wake()


def known(game: Game, position: Position) -> str:
    """What `request` would answer, without asking for anything: "pending" while the game
    waits for the position's check, "unknown" when nobody asked."""
    key = position_key(position)
    state = PositionVerdict.objects.filter(key=key).values_list("verdict", flat=True).first()
    if state is not None:
        return state
    return Check.PENDING if waiting(game, position) else Check.UNKNOWN


def waiting(game: Game, position: Position) -> bool:
    """Does the game wait for a check of `position` (a recheck of a known one included)?"""
    return CheckRequest.objects.filter(game=game, key=position_key(position)).exists()


def wake() -> None:
    """One worker wake-up, sent once the asking transaction commits."""
    transaction.on_commit(check_position.enqueue)


def _after_move(
    key: str, state: str | None, before: Position, move: Move | None, was: tuple | None
) -> str | None:
    """The verdict of the position keyed `key` (`state` so far) that `move` reached from
    `before`, whose row `was` holds its verdict and length (None: it has none). What
    `before`'s verdict proves of it is stored, in one statement, and needs no search."""
    if was is None or state not in (None, Check.UNKNOWN):
        return state
    verdict, length = was
    if verdict == Check.LOSS:
        # A move from a lost position reaches a lost one: were it winnable, so was the
        # position before it (play the move, then the win).
        store_losses([key])
        return Check.LOSS
    back = move_back(before, move) if verdict == Check.WIN and move is not None else None
    if back is None:
        return state
    # A reversible move keeps a winnable position winnable. `back` is legal here and reaches
    # `before` (rules.move_back), which a line of `length` moves wins: `back` and then that
    # line win from here, in length + 1 moves. Stored as that line (its first move, its
    # length), it keeps proofs.py's promise: the position its first move reaches, `before`,
    # has a stored line strictly shorter (`length`, and stored lengths only ever shrink).
    _store_win_back(key, state, str(back), length + 1)
    return Check.WIN


def _store_win_back(key: str, state: str | None, back: str, length: int) -> None:
    now = timezone.now()
    if state is None:
        row = PositionVerdict(key=key, verdict=Check.WIN, move=back, length=length, decided=now)
        PositionVerdict.objects.bulk_create([row], ignore_conflicts=True)
    else:  # a search had left it undecided
        PositionVerdict.objects.filter(key=key, verdict=Check.UNKNOWN).update(
            verdict=Check.WIN, move=back, length=length, decided=now
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
