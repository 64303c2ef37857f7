"""The stored winning line from a position, read back to its win.

A WIN row points into the WinningLine it is on (`step` moves along it), so the rest of the
line is read with the row, in one query. A row stored before lines were kept, or whose line
the cleanup deleted, has only its first move: the position that move reaches is read next,
row by row. A row may be missing on the way (the cleanup keeps only what games being played
need): the line then ends at a gap, the position a check must decide before the rest is
known.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.moves import Move, MoveError
from games.engine.positions import Position
from games.engine.rules import apply
from solver.search.verdict import Verdict

from .models import PositionVerdict, position_key

# Far above any line the solver stores (a deal is won in a few hundred moves at most); the
# lengths only shrink along a line, so this bounds only a corrupted one.
LONGEST = 2000


@dataclass(frozen=True)
class Followed:
    moves: tuple[str, ...]  # the moves read, from the start
    end: Position  # where they lead: the win, or the gap
    verdict: str | None  # the end's verdict: "win" when the line is whole, else the gap's

    @property
    def whole(self) -> bool:
        return self.verdict == Verdict.WIN


def follow(position: Position) -> Followed:
    """The stored line from `position`, as far as it is stored: one query for a row on a
    stored line, one a move for rows without one."""
    moves: list[str] = []
    while not position.is_won and len(moves) < LONGEST:
        row = PositionVerdict.objects.filter(key=position_key(position)).values_list(
            "verdict", "move", "step", "line__moves"
        )
        verdict, first, step, line = row.first() or (None, "", 0, None)
        if verdict != Verdict.WIN or not first:
            return Followed(tuple(moves), position, verdict or None)
        for text in (line.split()[step:] if line else None) or [first]:
            try:
                position = apply(position, Move.parse(text))
            except MoveError:  # a row that no longer replays (it never should): a gap
                return Followed(tuple(moves), position, None)
            moves.append(text)
    return Followed(tuple(moves), position, Verdict.WIN if position.is_won else None)
