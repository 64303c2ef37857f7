"""Verdicts carried along moves, with no search: what a move proves about the position it
reaches from the stored row of the position it was made from (`derive`), and the rows read
and written for it. The move path (checks.request) carries them as a player moves; the
worker (tasks) carries them again when it claims a check whose came-from position was
decided meanwhile.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import connection

from games.engine.history import parse_action
from games.engine.moves import REDEAL, Move
from games.engine.positions import Position
from games.engine.rules import first_foundation_for, move_back
from solver.search.cards import BY_CODE, SUITS, is_safe_home
from solver.search.verdict import Verdict

from .models import PositionVerdict, WinningLine, position_key
from .proofs import improves, write


@dataclass(frozen=True)
class Row:
    """A stored verdict as the move path reads it, with its line's moves when it is on one."""

    verdict: str
    move: str = ""
    length: int = 0
    line: int | None = None  # the WinningLine's id
    step: int = 0
    moves: str = ""  # the line's moves, from its start
    nodes: int = 0  # what its search spent (none for a verdict carried or given up)


@dataclass(frozen=True)
class Derived:
    """What a move proves about the position it reaches, with no search: its verdict, and
    for a win the line it is on, how far along, its next move and the moves left."""

    verdict: str
    line: int | None = None
    step: int = 0
    move: str = ""
    length: int = 0


def derive(before: Position | None, row: Row | None, move: Move | None) -> Derived | None:
    """What the position reached by `move` from `before` is proven to be by `before`'s
    stored `row` alone; None when nothing follows (`before` and `move` may be None where a
    caller does not know them: a loss needs neither). Each rule, with its proof:

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
    - A move whose cards can go straight back (or a turn of the stock that comes round
      again: `reversible`) from a position the checks left undecided reaches one as
      undecided. Each of the two positions reaches the other (the move, and the move
      back or the stock turned round), so they reach the same positions and are won or lost
      together, and a search of the one reached has the same positions to go through as
      the search that could not decide `before`. So does a card sent home that the search
      sends home unasked (`_safe_home`): a search of `before` plays it first, and then goes
      through the very positions a search of the one reached goes through. Undecided claims
      nothing: a proof of it later still replaces it (proofs.improves).
    """
    if row is None:
        return None
    if row.verdict == Verdict.LOSS:
        return Derived(Verdict.LOSS)
    if before is None or move is None:
        return None
    if row.verdict == Verdict.UNKNOWN:
        return Derived(Verdict.UNKNOWN) if _goes_back(before, move) else None
    if row.verdict != Verdict.WIN:
        return None
    along = _along_the_line(before, row, move) if row.moves else None
    return along or _back_and_forth(before, row, move)


def _along_the_line(before: Position, row: Row, move: Move) -> Derived | None:
    moves = row.moves.split()
    rest = moves[row.step + 1 :]
    if not rest or not _same_move(before, move, Move.parse(moves[row.step])):
        return None
    return Derived(Verdict.WIN, row.line, row.step + 1, rest[0], len(rest))


def _back_and_forth(before: Position, row: Row, move: Move) -> Derived | None:
    back = move_back(before, move)
    if back is None:
        return None
    return Derived(Verdict.WIN, move=str(back), length=row.length + 1)


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


def read(keys: list[str]) -> dict[str, Row]:
    """The rows of `keys`, with their lines' moves: one query, in SQL of its own (the ORM's
    query building cost more CPU on every move than the query, in a profile of moves)."""
    sql, params = read_query(keys)
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return rows_of(cursor.fetchall())


def read_query(keys: list[str]) -> tuple[str, list[str]]:
    """`read`'s SELECT, for a caller that sends it with a statement of its own (a move's
    UPDATE, games.rows.save_at): its first column, the key, is never NULL."""
    verdicts = connection.ops.quote_name(PositionVerdict._meta.db_table)
    lines = connection.ops.quote_name(WinningLine._meta.db_table)
    sql = (
        f"SELECT v.key, v.verdict, v.move, v.length, v.line_id, v.step, l.moves, v.nodes FROM "
        f"{verdicts} v LEFT JOIN {lines} l ON l.id = v.line_id WHERE v.key IN "
        f"({', '.join(['%s'] * len(keys))})"
    )
    return sql, list(keys)


def rows_of(found) -> dict[str, Row]:
    """The rows `read_query` found, by key."""
    return {key: Row(*rest[:-2], rest[-2] or "", rest[-1]) for key, *rest in found}


def keys_of(position: Position, before: Position | None = None) -> tuple[str, ...]:
    """The keys a move's check reads: of where it led, then of where it was made from."""
    here = position_key(position)
    return (here,) if before is None else (here, position_key(before))


@dataclass(frozen=True)
class Read:
    """What `read` gave for the keys of `position` and `before` (`keys_of`), read by the
    statement that saved the move (play.actions): checks.request takes it in place of
    reading them again."""

    position: Position
    before: Position | None
    keys: tuple[str, ...]
    rows: dict[str, Row]

    def is_of(self, position: Position, before: Position | None) -> bool:
        return self.position is position and self.before is before


def store(key: str, here: Row | None, derived: Derived) -> str:
    """Store what a move proved about the position keyed `key`, whose row is `here`, and
    return its verdict now. One statement at most (proofs.write), and none when `derived`
    does not improve on `here` (proofs.improves): a proven verdict as good stays as it is."""
    stored = None if here is None else (here.verdict, here.length)
    if not improves(derived.verdict, derived.length, stored):
        return here.verdict
    write(key, derived.verdict, derived.move, derived.length, derived.line, derived.step)
    return derived.verdict


def reversible(position: Position, action: str) -> bool:
    """Whether `action`, played from `position`, is a move whose cards can go straight back,
    a turn of the stock that the stock comes round to again (`_comes_round`), or a card sent
    home that can never cost the win (`_safe_home`: no way back, but as good).

    Then a lost position after it proves `position` lost: were `position` winnable, the
    position after the move could play the move back (rules.move_back: legal there, and it
    reaches `position`; or turn the stock round to it) and then win, so it would not be
    lost. And the two positions reach each other, so they are won or lost together: an
    undecided one after it leaves `position` undecided too (`derive`), and a search of it
    would go through the positions the search that could not decide the other went through.
    A safe card sent home proves the same both ways: see `_safe_home`."""
    move = parse_action(action)
    return isinstance(move, Move) and _goes_back(position, move)


def _goes_back(position: Position, move: Move) -> bool:
    if move.card is None:
        return _comes_round(position, move)
    return move_back(position, move) is not None or _safe_home(position, move)


def _safe_home(position: Position, move: Move) -> bool:
    """Is `move` a card sent home that the search sends home unasked, before anything else
    (search.dfs: the autos of its start)? A column's top card, in any game, or in Klondike
    draw 1 the waste's top card, that search.cards.is_safe_home allows. Its proof there: a
    position winnable before such a card goes home is winnable after it, so the position
    after it is won or lost with the one before (winnable after, it was winnable before:
    play the card home first). A search of the one before plays the card home, and then
    searches the one after: the two are decided, or left undecided, together. In draw 3 a
    card taken from the waste regroups the cards turned three at a time: not sent unasked."""
    if not move.to_foundation or move.card is None:
        return False
    pile, index = position.locate(move.card)
    if pile == "t":
        top = position.tableau[index].top
    elif pile == "waste" and position.draw == 1:
        top = position.waste[-1]
    else:
        return False
    if top != move.card:
        return False
    found = [0] * 4  # cards home by the search's suits (S H D C)
    for cards in position.foundations:
        if cards:
            found[SUITS.index(cards[0].suit)] = len(cards)
    card = BY_CODE[move.card.code]
    return found[card // 13] == card % 13 and is_safe_home(card, found)


def _comes_round(position: Position, move: Move) -> bool:
    """Does the stock come round to `position` again after the stock move `move`? Only with
    no limit on passes: a pass used is part of the position (`passes_left`), so with a limit
    the position after has fewer passes left and never gets back (Vegas). With none, turning
    the rest of the stock, turning the waste back over and turning again reaches it: after a
    turn back over (`r`), in any draw, turning the whole stock lays the waste out as it was;
    after a turn (`d`), in draw 1 only, as many turns as `position` had made. In draw 3 the
    cards are turned three by three from the waste turned back over, so a card played from
    the waste since may have shifted the threes: `position`'s may not come round."""
    if position.passes_left is not None:
        return False
    return move.target == REDEAL or position.draw == 1
