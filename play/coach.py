"""Show me how to win from here (issue 24): the solver's winning line from the last
winnable position of a resigned game, for its replay.

The line is offered only once a game is over (resigned: a game in progress never reads it,
so nothing is spoilt), and whoever watches it is no longer on a first attempt at the deal
(DESIGN §5: a first attempt never watched the deal's solution). Watching is chosen by a POST,
which records it and, when the line is not stored (or the cleanup has cut it), asks the
worker for it: the page only reads, and waits while the check runs.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.cache import cache

from daily.models import ReplayView
from games.engine import history
from games.engine.moves import Move
from games.models import Game, Result
from games.steps import scoring_of, step_at
from races import referee
from solver.deadends import checks, lines
from solver.deadends.models import PENDING, CheckRequest, position_key
from solver.search.verdict import Verdict

from . import privacy
from .review import review

# A whole line is a proven fact about its start: kept a while, so stepping through the
# replay does not read and replay it again on every step.
CACHE_SECONDS = 3600
# A part of the line is missing and no check is on the way for it: `watch` asks again.
NOT_ASKED = "not asked"


@dataclass(frozen=True)
class Line:
    start: int | None  # the game's step the solver's line starts from; None: none is known
    moves: tuple[str, ...] = ()  # the solver's moves from there, as far as they are stored
    # "win" (whole), "pending" (being checked), NOT_ASKED, "loss" or "unknown" (none found)
    state: str = Verdict.UNKNOWN

    @property
    def whole(self) -> bool:
        return self.state == Verdict.WIN

    def __len__(self) -> int:
        return len(self.moves)


def offered(game: Game) -> bool:
    """May the game's page offer its winning line? A resigned game not lost from its deal,
    unless a race of its player's on its deal is still on, its own race or another game's
    (the line would help the race)."""
    return (
        game.result == Result.RESIGNED
        and not referee.racing_on_its_deal(game)
        and start_of(game) is not None
    )


def start_of(game: Game) -> int | None:
    """The step the line starts from: the review's last winnable position; the one just
    before the move that lost the game when none before it was proven winnable (the solver
    is asked about it); or where the player stopped when nothing was proven lost. None when
    the game was lost from the deal."""
    if game.result != Result.RESIGNED:
        return None
    found = review(game)
    if found is None:
        return len(game.actions)
    if found.winnable_at is None and found.lost_at:
        return found.lost_at - 1
    return found.winnable_at


def playing_on(player: str, game: Game) -> Game | None:
    """The player's game in progress on the same deal (any mode), if any: while it is
    played, the deal's line stays hidden from them (it would spoil it)."""
    return Game.objects.filter(player=player, deal=game.deal_id, result="").first()


def watched(player: str, game: Game) -> bool:
    """Has the player chosen to watch lines or replays of the game's deal?"""
    return ReplayView.objects.filter(player=player, deal=game.deal_id).exists()


def watch(player: str, game: Game) -> Line:
    """The player chose to watch the game's winning line (a POST): recorded (their first
    attempt at the deal is over), and the line asked of the worker where it is not stored.
    Raises ValueError for a game that offers none, or while the player plays its deal."""
    if not offered(game):
        raise ValueError("This game has no winning line to show")
    if playing_on(player, game) is not None:
        raise ValueError("The winning line waits until your game on this deal is over")
    privacy.record_view(player, game.deal)
    found = line(game)
    if found.state in (PENDING, NOT_ASKED):
        end = _position_after(game, found)
        state = checks.request_after(game, end)
        found = line(game) if state == Verdict.WIN else Line(found.start, found.moves, state)
    return found


def line(game: Game) -> Line:
    """The game's winning line as stored now (reads only)."""
    start = start_of(game)
    if start is None:
        return Line(None)
    position = step_at(game, start).position
    key = f"coach:line:{position_key(position)}"
    if (moves := cache.get(key)) is not None:
        return Line(start, tuple(moves), Verdict.WIN)
    followed = lines.follow(position)
    if followed.whole:
        cache.set(key, list(followed.moves), CACHE_SECONDS)
        return Line(start, followed.moves, Verdict.WIN)
    if followed.verdict in (Verdict.LOSS, Verdict.UNKNOWN):
        return Line(start, followed.moves, followed.verdict)
    waiting = CheckRequest.objects.filter(game=game, key=position_key(followed.end)).exists()
    return Line(start, followed.moves, PENDING if waiting else NOT_ASKED)


def steps_of(game: Game, found: Line, index: int) -> history.Step:
    """The step `index` of the line's replay: the game's own up to the line's start, then
    the solver's moves."""
    if index <= found.start:
        return step_at(game, index)
    step = step_at(game, found.start)
    for text in found.moves[: index - found.start]:
        step = history.advance(step, Move.parse(text), scoring_of(game))
    return step


def _position_after(game: Game, found: Line):
    return steps_of(game, found, found.start + len(found.moves)).position
