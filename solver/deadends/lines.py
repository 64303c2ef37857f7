"""The stored winning line from a position, read back move by move.

A WIN row keeps its line's first move, and the position that move reaches has a row with a
shorter line (proofs.store_line), so a line is followed row by row until the game is won.
A row may be missing on the way (the cleanup keeps only what games being played need): the
line then ends at a gap, the position a check must decide before the rest is known.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.moves import Move, MoveError
from games.engine.positions import Position
from games.engine.rules import apply, is_won

from .models import Check, PositionVerdict, position_key

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
        return self.verdict == Check.WIN


def follow(position: Position) -> Followed:
    """The stored line from `position`, as far as it is stored (one query a move)."""
    moves: list[str] = []
    while not is_won(position) and len(moves) < LONGEST:
        row = PositionVerdict.objects.filter(key=position_key(position)).values_list(
            "verdict", "move"
        )
        verdict, text = row.first() or (None, "")
        if verdict != Check.WIN or not text:
            return Followed(tuple(moves), position, verdict or None)
        try:
            position = apply(position, Move.parse(text))
        except MoveError:  # a row that no longer replays (it never should): a gap
            return Followed(tuple(moves), position, None)
        moves.append(text)
    return Followed(tuple(moves), position, Check.WIN if is_won(position) else None)
