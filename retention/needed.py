"""Which position verdicts the games still being played need.

A game being played reads the verdicts of the positions on its current line: its banner
shows the current one's and, on a lost line, walks back through the earlier ones to the
last winnable position (a jump goes to any of them), and a hint reads the current one's
first move. The winning line ahead of it is the WinningLine the current row points into:
kept while any kept row points into it (`sweep.unreferenced_lines`), and each position a
player reaches along it gets its row then, with no search. The deal's own winning line
(stored when the first game on a pool deal starts, and only then) hangs on the deal
position's row, which is on every game's line, so it stays as long as any game on that
deal is being played: were it cut, the next player of the deal would find its start known
and the rest of it gone. Those are the keys kept; every other verdict is only a cache of a
fact that a check can prove again.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.moves import MoveError
from games.models import Game
from games.steps import steps
from solver.deadends.models import position_key


def needed_keys(games: Iterable[Game]) -> set[str]:
    """The verdict keys these games read: every position on each one's current line.

    Memory: about 100 bytes a key, one key a step of each game (a 150-move game: 15 KB)."""
    keys: set[str] = set()
    for game in games:
        try:
            line = steps(game)
        except MoveError:  # a game whose actions no longer replay keeps nothing
            continue
        keys.update(position_key(step.position) for step in line)
    return keys
