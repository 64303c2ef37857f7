"""The statistics chart's drawing: the player's last games as bars (a win rises above their
line, a loss hangs below it, so the picture reads without colour) above the running win rate,
whose 0 % line is the chart's floor (a bar drawn under it read as a rate below zero), as plain
numbers for an SVG template. No chart library, no JavaScript."""

from __future__ import annotations

from dataclasses import dataclass

from .stats import Outcome

LAST = 30  # games drawn
# A viewBox about a phone's width: its 14-unit labels are drawn at 12 px or more on a 320 px
# phone, and the page keeps the chart narrow enough on a desktop that they stay under 20 px
# (stats.css).
WIDTH, HEIGHT = 330, 196
LEFT, RIGHT = 44, 6  # room for the axis labels
BARS_AXIS = 46  # the line the result bars rise from and hang below
BAR_UP, BAR_DOWN = 34, 22
RATE_TOP, RATE_BOTTOM = 94, 186  # the win-rate panel: 100% at the top, 0% at the bottom


@dataclass(frozen=True)
class Bar:
    x: float
    y: float
    width: float
    height: float
    won: bool
    label: str  # what a pointer's tooltip says (the SVG <title> of the bar)


@dataclass(frozen=True)
class Chart:
    bars: list[Bar]
    rate_points: str  # the running win rate's polyline, "x,y x,y …"
    rate_dots: list[tuple[float, float]]  # the same points, each marked
    rate_ticks: list[tuple[str, float]]  # ("100%", y) …
    summary: str  # the chart in one sentence, for screen readers and as its caption
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT
    bars_axis: int = BARS_AXIS
    rate_top: int = RATE_TOP
    rate_bottom: int = RATE_BOTTOM


def chart(outcomes: list[Outcome]) -> Chart | None:
    """The drawing for the last LAST counted games (oldest on the left), or None if there
    are none. The win rate at each bar counts every counted game up to it, not only those
    drawn."""
    if not outcomes:
        return None
    before = outcomes[:-LAST]
    shown = outcomes[-LAST:]
    slot = (WIDTH - LEFT - RIGHT) / len(shown)
    width = max(2.0, slot * 0.7)
    wins, played = sum(o.won for o in before), len(before)
    bars, dots = [], []
    for i, outcome in enumerate(shown):
        x = LEFT + i * slot + (slot - width) / 2
        wins += outcome.won
        played += 1
        rate = wins / played
        if outcome.won:
            bar = Bar(x, BARS_AXIS - BAR_UP, width, BAR_UP, True, _label(outcome))
        else:
            bar = Bar(x, BARS_AXIS, width, BAR_DOWN, False, _label(outcome))
        bars.append(bar)
        y = RATE_BOTTOM - rate * (RATE_BOTTOM - RATE_TOP)
        dots.append((x + width / 2, y))
    ticks = [(f"{p}%", RATE_BOTTOM - p / 100 * (RATE_BOTTOM - RATE_TOP)) for p in (0, 50, 100)]
    points = " ".join(f"{x:.1f},{y:.1f}" for x, y in dots)
    return Chart(bars, points, dots, ticks, _summary(shown, wins, played))


def _label(outcome: Outcome) -> str:
    game = outcome.game
    text = f"{outcome.mode.label} #{game.deal.number}: {outcome.result.lower()}"
    if outcome.won:
        text += f" in {outcome.moves} moves"
    return text


def _summary(shown: list[Outcome], wins: int, played: int) -> str:
    won = sum(o.won for o in shown)
    count = len(shown)
    games = "game" if count == 1 else "games"
    which = f"Your last {count} {games}" if count < played else f"Your {count} {games}"
    return (
        f"{which}, oldest first: {won} won and {count - won} lost. "
        f"Win rate over all {played} counted games: {round(100 * wins / played)}%."
    )
