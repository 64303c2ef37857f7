"""Storing what a check proves: a verdict stands once proven, and a winning line proves
every position on it.

Hints follow the stored lines, so a stored line must lead somewhere: no position appears on
it twice (`without_cycles`), and every WIN row's `length` only ever shrinks. Together these
keep one promise: for every stored win X, the position its first move reaches has a stored
line strictly shorter than X's. Following "hint, play it" therefore counts down to a win.
"""

from __future__ import annotations

from django.db.models import Q
from django.utils import timezone

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import apply

from .models import Check, PositionVerdict, position_key


def store(position: Position, verdict: str, moves: list[str], nodes: int, seconds: float) -> None:
    """Store a check's result. What is proven stands: a win or loss is never replaced (a win
    only by a shorter line to the same end)."""
    if verdict == Check.WIN:
        store_line(position, moves, nodes, seconds)
        return
    key = position_key(position)
    now = timezone.now()
    row = PositionVerdict(key=key, verdict=verdict, nodes=nodes, seconds=seconds, decided=now)
    PositionVerdict.objects.bulk_create([row], ignore_conflicts=True)
    if verdict == Check.LOSS:  # a deep check may prove what a quick one left undecided
        PositionVerdict.objects.filter(key=key, verdict=Check.UNKNOWN).update(
            verdict=Check.LOSS, move="", length=0, nodes=nodes, seconds=seconds, decided=now
        )


def store_losses(keys: list[str]) -> None:
    """Store as lost the positions keyed `keys`, proven lost with no search of their own (a
    move from a lost position, or a reversible move to one: see checks and queue). What a
    search had left undecided is decided now; nothing else is replaced."""
    now = timezone.now()
    rows = [PositionVerdict(key=key, verdict=Check.LOSS, decided=now) for key in keys]
    PositionVerdict.objects.bulk_create(rows, ignore_conflicts=True)
    PositionVerdict.objects.filter(key__in=keys, verdict=Check.UNKNOWN).update(
        verdict=Check.LOSS, move="", length=0, decided=now
    )


def without_cycles(position: Position, moves: list[str]) -> tuple[list[Position], list[str]]:
    """The line with every loop cut out: where it comes back to a position it passed
    before, the moves in between go. Returns the positions along the new line (the start
    first, the end last) and its moves. Raises IllegalMove if a move is illegal."""
    positions, keys, line = [position], [position_key(position)], []
    index = {keys[0]: 0}
    for text in moves:
        after = apply(positions[-1], Move.parse(text))
        key = position_key(after)
        if key in index:  # back where it was after index[key] moves: forget the loop
            cut = index[key]
            for dropped in keys[cut + 1 :]:
                del index[dropped]
            del positions[cut + 1 :], keys[cut + 1 :], line[cut:]
            continue
        index[key] = len(positions)
        positions.append(after)
        keys.append(key)
        line.append(text)
    return positions, line


def store_line(position: Position, moves: list[str], nodes: int = 0, seconds: float = 0.0) -> None:
    """Every position on a winning line is winnable by the rest of the line: store them all,
    so a player who follows the line is answered without a search. A position stored before
    keeps its line unless this one is shorter (or it was undecided)."""
    positions, line = without_cycles(position, moves)
    now = timezone.now()
    rows = [
        PositionVerdict(
            key=position_key(positions[i]),
            verdict=Check.WIN,
            move=line[i],
            length=len(line) - i,
            nodes=nodes if i == 0 else 0,
            seconds=seconds if i == 0 else 0.0,
            decided=now,
        )  # fmt: skip
        for i in range(len(line))
    ]
    PositionVerdict.objects.bulk_create(rows, ignore_conflicts=True)
    known = {
        key: (verdict, length)
        for key, verdict, length in PositionVerdict.objects.filter(
            key__in=[row.key for row in rows]
        ).values_list("key", "verdict", "length")
    }
    # From the end of the line back to its start, so that a position's successor is already
    # as short as it will get when the position itself is written; each is one conditional
    # UPDATE, so two workers storing lines at once can still only shorten a line.
    for row in reversed(rows):
        verdict, length = known[row.key]
        if verdict == Check.LOSS or (verdict == Check.WIN and length <= row.length):
            continue  # as short already, or (were the solver wrong) a loss, never overwritten
        PositionVerdict.objects.filter(
            Q(verdict=Check.UNKNOWN) | Q(verdict=Check.WIN, length__gt=row.length), key=row.key
        ).update(verdict=Check.WIN, move=row.move, length=row.length, decided=now)
