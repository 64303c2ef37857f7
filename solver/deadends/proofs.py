"""Storing what a check proves: a verdict stands once proven, and a winning line proves
every position on it.

A winning line is stored once (a WinningLine, cycles cut out: `loop_free`), with one
PositionVerdict row for the position checked. The later positions on it get rows only as
games reach them by the line's moves (checks.request), each with the line's next move and
one move less to go, and no search. Every WIN row's `length` only ever shrinks, and a line
passes no position twice. Together these keep one promise: for every stored win X, the
position its first move reaches has a stored line strictly shorter than X's, or gets one
(X's own line, one move on) when a game plays that move. Following "hint, play it" therefore
counts down to a win.
"""

from __future__ import annotations

from datetime import datetime

from django.db import connection
from django.utils import timezone

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import apply
from solver.search import native
from solver.search.verdict import Verdict

from .models import PositionVerdict, WinningLine, position_key


def store(position: Position, verdict: str, moves: list[str], nodes: int, seconds: float) -> None:
    """Store a check's result. What is proven stands: a win or loss is never replaced (a win
    only by a shorter line to the same end)."""
    if verdict == Verdict.WIN:
        store_line(position, moves, nodes, seconds)
    else:
        store_verdicts([(position, verdict, nodes, seconds)])


def improves(verdict: str, length: int, stored: tuple[str, int] | None) -> bool:
    """Does a newly proven `verdict` (a win: `length` moves long) add to what is stored as
    (verdict, length)? An undecided row takes any proof, a win a shorter line; a loss is
    never overwritten (were the solver ever wrong, a win is not either, by a loss)."""
    if stored is None:
        return True
    was, was_length = stored
    return was == Verdict.UNKNOWN or (verdict == was == Verdict.WIN and was_length > length)


def store_verdicts(found: list[tuple[Position | str, str, int, float]]) -> None:
    """`store` for many losses and unknowns (position or its key, verdict, nodes, seconds)
    in one statement: each is stored unless its position has a verdict already; a loss also
    replaces an unknown (a deep check may prove what a quick one left undecided, and a
    look-back may prove, with no search, what a check left undecided: lookback.look_back),
    and so does an unknown that a longer search left undecided (its nodes: a row a quick
    check alone left undecided gets a deep check when a player comes back to it,
    tasks.deepen, and only once)."""
    if not found:
        return
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    each = {}  # one row a position (a statement may not touch a row twice), a loss first
    for position, verdict, nodes, seconds in sorted(found, key=lambda f: f[1] != Verdict.LOSS):
        assert verdict in (Verdict.LOSS, Verdict.UNKNOWN), verdict
        key = position if isinstance(position, str) else position_key(position)
        each.setdefault(key, [verdict, nodes, seconds, now])
    rows = ["(%s, %s, '', 0, NULL, 0, %s, %s, %s)"] * len(each)
    params = [value for key, row in each.items() for value in (key, *row)]
    table = connection.ops.quote_name(PositionVerdict._meta.db_table)
    # The update is `store`'s for a loss: only an undecided row is replaced (`improves`).
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (key, verdict, move, length, line_id, step, nodes, seconds, "
            f"decided) VALUES {', '.join(rows)} ON CONFLICT (key) DO UPDATE SET verdict = "
            "excluded.verdict, move = '', length = 0, line_id = NULL, step = 0, nodes = "
            "excluded.nodes, seconds = excluded.seconds, decided = excluded.decided "
            f"WHERE {table}.verdict = %s AND (excluded.verdict = %s "
            f"OR excluded.nodes > {table}.nodes)",
            [*params, Verdict.UNKNOWN, Verdict.LOSS],
        )


def without_cycles(position: Position, moves: list[str]) -> tuple[list[Position], list[str]]:
    """The line with every loop cut out: where it comes back to a position it passed
    before, the moves in between go. Returns the positions along the new line (the start
    first, the end last) and its moves. Raises IllegalMove if a move is illegal.

    Positions are compared as values: two are equal exactly when their JSON is, so when
    their keys (position_key) are. Hashing the value is a few times cheaper than a key's
    sha256 of the JSON, and a worker cuts every winning line it stores (a hundred moves
    or two)."""
    positions, line = [position], []
    index = {position: 0}
    for text in moves:
        after = apply(positions[-1], Move.parse(text))
        cut = index.get(after)
        if cut is not None:  # back where it was after `cut` moves: forget the loop
            for dropped in positions[cut + 1 :]:
                del index[dropped]
            del positions[cut + 1 :], line[cut:]
            continue
        index[after] = len(positions)
        positions.append(after)
        line.append(text)
    return positions, line


def loop_free(position: Position, moves: list[str]) -> list[str]:
    """The line of `without_cycles`, cut by the compiled core when it is built
    (native.loop_free: no replay through the rules engine, a fortieth of the CPU). Raises
    ValueError (IllegalMove in Python) if a move is illegal."""
    if native.available():
        return native.loop_free(position, moves)
    return without_cycles(position, moves)[1]


def store_line(position: Position, moves: list[str], nodes: int = 0, seconds: float = 0.0) -> None:
    """A winning line from `position`: stored once, with the row of `position` pointing at
    its start; each later position on it gets its row when a game reaches it (see the
    module's docstring). A position stored before keeps its line unless this one is shorter
    (or it was undecided), and then no line is stored at all."""
    line = loop_free(position, moves)
    key = position_key(position)
    ops = connection.ops
    verdicts, lines = (ops.quote_name(m._meta.db_table) for m in (PositionVerdict, WinningLine))
    # SQL of its own, as `write`: each statement built by the ORM cost a worker several times
    # the CPU of sending it (400 µs against 45 for this read, 350 against 180 for the insert),
    # and a worker stores a line for most positions it checks.
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT verdict, length FROM {verdicts} WHERE key = %s", [key])
        stored = cursor.fetchone()
        if not improves(Verdict.WIN, len(line), stored):
            return
        now, won = timezone.now(), None
        if line:  # an already won position's line is empty: its row needs none
            cursor.execute(f"INSERT INTO {lines} (moves, created) VALUES (%s, %s) RETURNING id",
                           [" ".join(line), ops.adapt_datetimefield_value(now)])  # fmt: skip
            won = cursor.fetchone()[0]
    write(key, Verdict.WIN, line[0] if line else "", len(line), won, nodes=nodes,
          seconds=seconds, now=now)  # fmt: skip


def write(key: str, verdict: str, move: str = "", length: int = 0, line: int | None = None,
          step: int = 0, nodes: int = 0, seconds: float = 0.0,
          now: datetime | None = None) -> None:  # fmt: skip
    """A verdict row for the position keyed `key`, in one statement (SQL of its own: the
    ORM's insert-then-update cost a round trip more and more CPU, on every stored win and
    every move that proves one): inserted, or else replacing the stored row only where
    `improves` would let it (its conditions, in SQL: each write is one conditional upsert),
    so that two writers at once can still only shorten a line."""
    ops = connection.ops
    table = ops.quote_name(PositionVerdict._meta.db_table)
    where, conditions = f"{table}.verdict = %s", [Verdict.UNKNOWN]
    if verdict == Verdict.WIN:
        where += f" OR ({table}.verdict = %s AND {table}.length > excluded.length)"
        conditions.append(Verdict.WIN)
    decided = ops.adapt_datetimefield_value(now or timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(
            f"INSERT INTO {table} (key, verdict, move, length, line_id, step, nodes, seconds, "
            "decided) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s) ON CONFLICT (key) DO UPDATE "
            "SET verdict = excluded.verdict, move = excluded.move, length = excluded.length, "
            "line_id = excluded.line_id, step = excluded.step, nodes = excluded.nodes, "
            "seconds = excluded.seconds, decided = excluded.decided "
            f"WHERE {where}",
            [key, verdict, move, length, line, step, nodes, seconds, decided, *conditions],
        )


def store_onward(position: Position, moves: list[str]) -> None:
    """A recheck's winning line from `position` (tasks), stored from the position its first
    move reaches: `position` may keep a shorter line, back the way a player came, and a hint
    then offers this line's first move instead (play.hints)."""
    line = loop_free(position, moves)
    if line:
        store_line(apply(position, Move.parse(line[0])), line[1:])
