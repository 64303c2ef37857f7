"""Which position verdicts the games still being played need.

A game being played reads the verdicts of the positions on its current line: its banner
shows the current one's and, on a lost line, walks back through the earlier ones to the
last winnable position (a jump goes to any of them). A hint reads the current position's
winning line, and each position further along that line has its own stored verdict, so a
player who follows the hints is answered without a search. The deal's own winning line
(stored whole when the first game on a pool deal starts, and only then) is kept too, for as
long as any game on that deal is being played: were it cut short, the next player of the
deal would find its start known and the rest of it gone. Those are the keys kept; every
other verdict is only a cache of a fact that a check can prove again.
"""

from __future__ import annotations

from collections.abc import Iterable

from games.engine.moves import Move, MoveError
from games.engine.positions import Position
from games.engine.rules import apply
from games.models import Game
from games.steps import steps
from solver.deadends.models import Check, PositionVerdict, position_key

CHUNK = 500


def needed_keys(games: Iterable[Game]) -> set[str]:
    """The verdict keys these games read: every position on each one's current line, and
    the positions along the stored winning lines from each one's current position and from
    its deal.

    Memory: about 100 bytes a key, one key a step of each game (a 150-move game: 15 KB)."""
    keys: set[str] = set()
    starts: dict[str, Position] = {}  # where the stored winning lines kept begin
    for game in games:
        try:
            line = steps(game)
        except MoveError:  # a game whose actions no longer replay keeps nothing
            continue
        keys.update(position_key(step.position) for step in line)
        for step in (line[0], line[-1]):
            starts[position_key(step.position)] = step.position
    return keys | _lines_ahead(starts)


def _lines_ahead(starts: dict[str, Position]) -> set[str]:
    """The keys of the positions the stored winning lines from `starts` pass through. A WIN
    row stores its line's first move; the position it reaches has a row with a shorter line,
    so the lines are followed one move a round, all of them at once (a query a CHUNK)."""
    found: set[str] = set()
    ahead = starts
    while ahead:
        keys, reached = list(ahead), {}
        for start in range(0, len(keys), CHUNK):
            wins = PositionVerdict.objects.filter(key__in=keys[start : start + CHUNK])
            for key, text in wins.filter(verdict=Check.WIN).values_list("key", "move"):
                try:
                    position = apply(ahead[key], Move.parse(text))
                except MoveError:  # a line that no longer replays: keep what it reached
                    continue
                if (next_key := position_key(position)) not in found:
                    found.add(next_key)
                    reached[next_key] = position
        ahead = reached
    return found
