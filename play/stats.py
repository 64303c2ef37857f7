"""A player's statistics per variant and mode (Yukon; Klondike by draw and scoring): games
played and won, win rate, streaks, best moves and time, average moves per win.

Which games count: a won or resigned game, and a game left unfinished after at least one
move once the player has since begun another game in the same mode (abandoned: a loss). The
latest unfinished game with moves in a mode is "in progress" and not counted yet; a game
only looked at (no move) never counts. Games are taken in the order they were begun.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.models import Game, Result, Scoring, Variant


@dataclass(frozen=True)
class Mode:
    variant: str
    draw: int | None
    scoring: str

    @property
    def label(self) -> str:
        if self.variant == Variant.YUKON:
            return "Yukon"
        return f"Klondike, draw {self.draw}, {Scoring(self.scoring).label} scoring"


@dataclass(frozen=True)
class Outcome:
    """One counted game."""

    game: Game
    mode: Mode
    won: bool
    moves: int | None  # the moves of a won game
    seconds: int | None  # the time of a won game, from its last restart

    @property
    def result(self) -> str:
        if self.won:
            return "Won"
        return "Resigned" if self.game.result == Result.RESIGNED else "Left unfinished"


@dataclass
class ModeStats:
    mode: Mode
    outcomes: list[Outcome] = field(default_factory=list)
    in_progress: int = 0

    @property
    def played(self) -> int:
        return len(self.outcomes)

    @property
    def won(self) -> int:
        return sum(o.won for o in self.outcomes)

    @property
    def win_rate(self) -> int | None:
        """Percent, rounded; None before the first counted game."""
        return round(100 * self.won / self.played) if self.played else None

    @property
    def current_streak(self) -> int:
        streak = 0
        for outcome in reversed(self.outcomes):
            if not outcome.won:
                break
            streak += 1
        return streak

    @property
    def best_streak(self) -> int:
        best = run = 0
        for outcome in self.outcomes:
            run = run + 1 if outcome.won else 0
            best = max(best, run)
        return best

    @property
    def best_moves(self) -> int | None:
        return min((o.moves for o in self.outcomes if o.moves is not None), default=None)

    @property
    def best_seconds(self) -> int | None:
        return min((o.seconds for o in self.outcomes if o.seconds is not None), default=None)

    @property
    def average_moves(self) -> float | None:
        """Average moves per win, to one decimal."""
        moves = [o.moves for o in self.outcomes if o.moves is not None]
        return round(sum(moves) / len(moves), 1) if moves else None


@dataclass(frozen=True)
class Stats:
    modes: list[ModeStats]  # the modes the player has games in: Yukon first, then Klondike's
    outcomes: list[Outcome]  # every counted game, all modes, in the order begun

    @property
    def in_progress(self) -> int:
        return sum(m.in_progress for m in self.modes)


FIELDS = ("deal__variant", "deal__number", "draw", "scoring", "result", "ply", "moves")
FIELDS += ("created", "started", "finished")


def player_stats(player: str) -> Stats:
    games = (
        Game.objects.filter(player=player)
        .exclude(result="", ply=0)
        .select_related("deal")
        .only(*FIELDS)
        .order_by("created", "pk")
    )
    by_mode: dict[Mode, list[Game]] = {}
    for game in games:
        mode = Mode(game.deal.variant, game.draw, game.scoring)
        by_mode.setdefault(mode, []).append(game)
    modes, outcomes = [], []
    for mode in sorted(by_mode, key=lambda m: (m.variant != Variant.YUKON, m.draw or 0, m.scoring)):
        stats = ModeStats(mode)
        mine = by_mode[mode]
        for i, game in enumerate(mine):
            if not game.result and i == len(mine) - 1:
                stats.in_progress += 1  # the latest game of the mode, still being played
                continue
            stats.outcomes.append(_outcome(game, mode))
        modes.append(stats)
        outcomes += stats.outcomes
    outcomes.sort(key=lambda o: (o.game.created, o.game.pk))
    return Stats(modes, outcomes)


def _outcome(game: Game, mode: Mode) -> Outcome:
    won = game.result == Result.WON
    seconds = None
    if won and game.finished:
        seconds = max(0, int((game.finished - game.started).total_seconds()))
    return Outcome(game, mode, won, game.moves if won else None, seconds)
