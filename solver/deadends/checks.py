"""Asking for a dead-end check: what is known about the position a player just reached,
with a check queued (see `queue`) unless it is known, follows from where the move was
played (`carry.derive`), or is already wanted.

`request` runs on the POST of every action (and of a hint); `known` is its read-only twin
for the page's polls, which never queue anything.
"""

from __future__ import annotations

from django.db import transaction

from games.deals import deal_position
from games.engine.moves import Move
from games.engine.positions import Position
from games.models import Game
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict

from . import carry, queue, tasks
from .models import PENDING, CheckRequest, PositionVerdict, position_key
from .proofs import store_line


def request(
    game: Game,
    position: Position,
    before: Position | None = None,
    move: Move | None = None,
    known: carry.Read | None = None,
) -> str:
    """The verdict of `game`'s position ("win", "loss", "unknown"), or "pending" with a check
    queued for it.

    `before` is the position the move `move` was just made from (a hint gives neither):
    what `before`'s row proves about this position is stored at once, with no search
    (`carry.derive`); when the checks left `before` undecided, this one is undecided too if
    the move can go straight back, and otherwise gets a quick check only (tasks.DEEP_BUDGET).
    A position a quick check alone left undecided gets a deep one when a player comes back
    to it, or asks for a hint there (tasks.deepen): "pending" until it is done.
    A game's first action brings its deal's winning line along, if it came from the pool.

    One query when the position is known or follows from `before`, two with what follows
    written; three or four when a check is queued. One less when `known` holds what was
    read of these positions with the move's own save (play.actions._save)."""
    if known is not None and known.is_of(position, before):
        keys, rows = list(known.keys), known.rows
    else:
        keys = list(carry.keys_of(position, before))
        rows = carry.read(keys)
    key = keys[0]
    if not rows and len(game.actions) <= 1 and _seed_from_deal(game):
        rows = carry.read(keys)  # the deal's start is known now, on its line
    here, came_from = rows.get(key), rows.get(keys[-1]) if before is not None else None
    derived = carry.derive(before, came_from, move) if before is not None else None
    if derived is not None:
        return carry.store(key, here, derived)
    if tasks.quick_checked(here):  # the player is back where a quick check decided nothing
        if tasks.deepen(game, position, key, here):
            wake()
        return PENDING
    if here is not None:
        return here.verdict
    quick_only = came_from is not None and came_from.verdict == Verdict.UNKNOWN
    # Where the move came from, for a worker's claim to carry a verdict from (tasks._carried)
    # if it is decided by then: not when it is a win already, which carried nothing here.
    won = came_from is not None and came_from.verdict == Verdict.WIN
    came = keys[-1] if before is not None and not won else ""
    if queue.add(game, position, at=key, quick_only=quick_only, came_from=came):
        wake()
    return PENDING


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
    return PENDING


def recheck(game: Game, position: Position) -> None:
    """Ask for a search of the game's position though it is known winnable: the only line
    known from it goes straight back the way the player came (play.hints), and a search of
    its own may find one onward (tasks: stored from the position its first move reaches)."""
    if queue.add(game, position, at=position_key(position), recheck=True):
        wake()


def known(game: Game, position: Position) -> str:
    """What `request` would answer, without asking for anything: "pending" while the game
    waits for the position's check (a deep one of an undecided position included),
    "unknown" when nobody asked."""
    key = position_key(position)
    state = PositionVerdict.objects.filter(key=key).values_list("verdict", flat=True).first()
    if state not in (None, Verdict.UNKNOWN):
        return state
    # Undecided, it may wait for a deep check (`request`, tasks.deepen).
    return PENDING if waiting(game, position) else Verdict.UNKNOWN


def waiting(game: Game, position: Position) -> bool:
    """Does the game wait for a check of `position` (a recheck of a known one included)?"""
    return CheckRequest.objects.filter(game=game, key=position_key(position)).exists()


def wake() -> None:
    """A worker wake-up, once the asking transaction commits, unless one is on its way."""
    transaction.on_commit(tasks.wake)


def _seed_from_deal(game: Game) -> bool:
    """A deal from the winnable pool comes with its winning line: its start is known
    winnable, and so is each position a player reaches along it (`carry.derive`), without a
    search. Returns whether there was one to store."""
    proof = DealVerdict.objects.filter(
        deal=game.deal, draw=game.draw, passes=game.passes, verdict=Verdict.WIN
    ).first()
    if proof is None:
        return False
    store_line(deal_position(game.deal, game.draw, game.passes), proof.moves)
    return True
