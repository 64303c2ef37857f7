"""Par: the shortest winning line the solver found for a deal (issue 12, part 3).

The solver's search proves a deal winnable with the first line it finds, which wanders: it
may pass through the same position twice, or take three moves where one would do. `shorten`
tightens that line within a stated time budget (PAR_BUDGET_SECONDS per deal):

  1. cycles and transpositions are cut out: from any position on the line, the line goes on
     from the LAST time it meets that position;
  2. shortcuts: from each position, every sequence of up to SHORTCUT_DEPTH legal moves is
     tried, and a sequence that lands on a position further along the line than its own
     length replaces the stretch it skips (one move for three, two for five, ...).

Each step keeps the line legal and winning, so par is "the solver's best": never claimed
optimal, only never longer than the solver's own line. Par counts moves the way the player's
counter does (games.engine.history): every move on the line is one, each turn of the stock
and each card sent home included.

Par is kept with the pool's verdict on the deal (DealVerdict.par_moves); `par` and `par_of_game`
read it for the pages (the records page reads it with the grade, models.wins_for_records).
"""

from __future__ import annotations

import time

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules.core import apply, legal_moves
from games.models import Game

from .models import proven_win

PAR_BUDGET_SECONDS = 2.0
SHORTCUT_DEPTH = 2


def shorten(
    start: Position, line: list[str], budget_seconds: float = PAR_BUDGET_SECONDS
) -> list[str]:
    """A winning line from `start` no longer than `line` (itself winning); raises MoveError if
    `line` does not replay. Past the budget, the rest of the line is kept as it is."""
    deadline = time.monotonic() + budget_seconds
    for depth in range(1, SHORTCUT_DEPTH + 1):  # the cheap pass over the whole line first
        line = _tighten(start, line, depth, deadline)
    return line


def _tighten(start: Position, line: list[str], depth: int, deadline: float) -> list[str]:
    positions = [start]
    for text in line:
        positions.append(apply(positions[-1], Move.parse(text)))
    if not positions[-1].is_won:
        raise ValueError("the line to shorten does not win")
    last_seen = {position: index for index, position in enumerate(positions)}
    out: list[str] = []
    here = 0
    while here < len(line):
        ahead, path = _shortcut(positions[here], here, last_seen, depth, deadline)
        if ahead is None:  # no shortcut: the line's own next move, after any cycle is cut
            ahead = last_seen[positions[here + 1]]
            path = [line[here]]
        out.extend(path)
        here = ahead
    return out


def _shortcut(
    position: Position, here: int, last_seen: dict[Position, int], most: int, deadline: float
) -> tuple[int | None, list[str]]:
    """The furthest position on the line reachable from `position` in up to `most`
    moves that saves moves, as (its index, the moves); (None, []) if there is none or the time
    is up."""
    best: tuple[int | None, list[str]] = (None, [])
    best_gain = 0
    frontier = [(position, [])]
    for depth in range(1, most + 1):
        if time.monotonic() > deadline:
            break
        reached = []
        for node, path in frontier:
            for move in legal_moves(node):
                after = apply(node, move)
                steps = [*path, str(move)]
                index = last_seen.get(after)
                if index is not None and (index - here) - depth > best_gain:
                    best, best_gain = (index, steps), (index - here) - depth
                reached.append((after, steps))
        frontier = reached
    return best


def par(deal_id: int, draw: int | None, passes: int | None) -> int | None:
    """The stored par of a deal in a mode, or None (not proven winnable, or not worked out)."""
    found = proven_win(deal_id, draw, passes)
    return found.par if found else None


def par_of_game(game: Game) -> int | None:
    return par(game.deal_id, game.draw or None, game.passes)
