"""Asking for a dead-end check: what is known about the position a player just reached,
with a check queued (see `queue`) unless it is known, follows from where the move was
played (`derive`), or is already wanted.

`request` runs on the POST of every action (and of a hint); `known` is its read-only twin
for the page's polls, which never queue anything.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection, transaction

from games.deals import deal_position
from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import first_foundation_for, move_back
from games.models import Game
from solver.pool.models import DealVerdict, Outcome

from . import queue, tasks
from .models import Check, CheckRequest, PositionVerdict, WinningLine, position_key
from .proofs import improves, store_line, write


@dataclass(frozen=True)
class Row:
    """A stored verdict as the move path reads it, with its line's moves when it is on one."""

    verdict: str
    move: str = ""
    length: int = 0
    line: int | None = None  # the WinningLine's id
    step: int = 0
    moves: str = ""  # the line's moves, from its start


@dataclass(frozen=True)
class Derived:
    """What a move proves about the position it reaches, with no search: its verdict, and
    for a win the line it is on, how far along, its next move and the moves left."""

    verdict: str
    line: int | None = None
    step: int = 0
    move: str = ""
    length: int = 0


def request(
    game: Game, position: Position, before: Position | None = None, move: Move | None = None
) -> str:
    """The verdict of `game`'s position ("win", "loss", "unknown"), or "pending" with a check
    queued for it.

    `before` is the position the move `move` was just made from (a hint gives neither):
    what `before`'s row proves about this position is stored at once, with no search
    (`derive`); when the checks left `before` undecided, this one gets a quick check only
    (tasks.DEEP_BUDGET). A game's first action brings its deal's winning line along, if it came
    from the pool.

    One query when the position is known or follows from `before`, two with what follows
    written; three or four when a check is queued."""
    key = position_key(position)
    keys = [key] if before is None else [key, position_key(before)]
    rows = _read(keys)
    if not rows and len(game.actions) <= 1 and _seed_from_deal(game):
        rows = _read(keys)  # the deal's start is known now, on its line
    here, came_from = rows.get(key), rows.get(keys[-1]) if before is not None else None
    derived = derive(before, came_from, move) if before is not None else None
    if derived is not None:
        return _store_derived(key, here, derived)
    if here is not None:
        return here.verdict
    quick_only = came_from is not None and came_from.verdict == Check.UNKNOWN
    if queue.add(game, position, at=key, quick_only=quick_only):
        wake()
    return Check.PENDING


def derive(before: Position, row: Row | None, move: Move | None) -> Derived | None:
    """What the position reached by `move` from `before` is proven to be by `before`'s
    stored `row` alone; None when nothing follows. Each rule, with its proof:

    - A move from a lost position reaches a lost one: were the position reached winnable,
      so would `before` be (play the move, then win from there).
    - A move along a stored winning line: `before` is `row.step` moves along its line and
      `move` is the line's next move, so the position reached is the line's next position,
      which the rest of the line wins, one move shorter. (The line's end is the won game,
      which nothing asks about.)
    - A move whose cards can go straight back keeps a winnable position winnable: the move
      back (rules.move_back) is legal from the position reached and returns to `before`,
      which a line of `row.length` moves wins; so the move back and then that line win, in
      `row.length` + 1 moves. Stored as that line's first move and length (on no stored
      line), it keeps proofs.py's promise: the position its first move reaches, `before`,
      has a stored line strictly shorter, and stored lengths only ever shrink.
    """
    if row is None:
        return None
    if row.verdict == Check.LOSS:
        return Derived(Check.LOSS)
    if row.verdict != Check.WIN or move is None:
        return None
    along = _along_the_line(before, row, move) if row.moves else None
    return along or _back_and_forth(before, row, move)


def _along_the_line(before: Position, row: Row, move: Move) -> Derived | None:
    moves = row.moves.split()
    rest = moves[row.step + 1 :]
    if not rest or not _same_move(before, move, Move.parse(moves[row.step])):
        return None
    return Derived(Check.WIN, row.line, row.step + 1, rest[0], len(rest))


def _back_and_forth(before: Position, row: Row, move: Move) -> Derived | None:
    back = move_back(before, move)
    if back is None:
        return None
    return Derived(Check.WIN, move=str(back), length=row.length + 1)


def _same_move(before: Position, played: Move, planned: Move) -> bool:
    """Do the two moves reach the same position from `before`? A foundation move may name
    its slot (`f2`, as a hint shows it) or not (`f`, the first slot that takes the card)."""
    if played == planned:
        return True
    if played.card != planned.card or not (played.to_foundation and planned.to_foundation):
        return False
    slot = first_foundation_for(before, played.card)
    return _slot(played, slot) == _slot(planned, slot)


def _slot(move: Move, first: int | None) -> int | None:
    return first if move.foundation_slot is None else move.foundation_slot


def _read(keys: list[str]) -> dict[str, Row]:
    """The rows of `keys`, with their lines' moves: one query, in SQL of its own (the ORM's
    query building cost more CPU on every move than the query: bench/profile_move.py)."""
    verdicts = connection.ops.quote_name(PositionVerdict._meta.db_table)
    lines = connection.ops.quote_name(WinningLine._meta.db_table)
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT v.key, v.verdict, v.move, v.length, v.line_id, v.step, l.moves FROM "
            f"{verdicts} v LEFT JOIN {lines} l ON l.id = v.line_id WHERE v.key IN "
            f"({', '.join(['%s'] * len(keys))})",
            keys,
        )
        found = cursor.fetchall()
    return {key: Row(*rest[:-1], rest[-1] or "") for key, *rest in found}


def _store_derived(key: str, here: Row | None, derived: Derived) -> str:
    """Store what a move proved about the position keyed `key`, whose row is `here`, and
    return its verdict now. One statement at most (proofs.write), and none when `derived`
    does not improve on `here` (proofs.improves): a proven verdict as good stays as it is."""
    stored = None if here is None else (here.verdict, here.length)
    if not improves(derived.verdict, derived.length, stored):
        return here.verdict
    write(key, derived.verdict, derived.move, derived.length, derived.line, derived.step)
    return derived.verdict


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
    its own may find one onward (tasks: stored from the position its first move reaches)."""
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
    """A worker wake-up, once the asking transaction commits, unless one is on its way."""
    transaction.on_commit(tasks.wake)


def _seed_from_deal(game: Game) -> bool:
    """A deal from the winnable pool comes with its winning line: its start is known
    winnable, and so is each position a player reaches along it (`derive`), without a
    search. Returns whether there was one to store."""
    proof = DealVerdict.objects.filter(
        deal=game.deal, draw=game.draw, passes=game.passes, verdict=Outcome.WIN
    ).first()
    if proof is None:
        return False
    store_line(deal_position(game.deal, game.draw, game.passes), proof.moves)
    return True
