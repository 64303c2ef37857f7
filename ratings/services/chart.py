"""A pool's rating history as plain SVG numbers, drawn like the statistics chart (play.chart):
the same box and classes, a line with a dot for each rated game, the rating's scale beside
it. No chart library, no JavaScript."""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 420, 170
LEFT, RIGHT, TOP, BOTTOM = 46, 8, 14, 150


@dataclass(frozen=True)
class RatingChart:
    points: str  # the polyline, "x,y x,y …"
    dots: list[tuple[float, float, str]]  # each game's point and its tooltip
    ticks: list[tuple[str, float]]
    summary: str
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right_edge: int = WIDTH - RIGHT


def rating_chart(points: list[tuple[float, str]], label: str) -> RatingChart | None:
    """The rating after each game, oldest on the left; None before the first."""
    if not points:
        return None
    ratings = [rating for rating, _ in points]
    low, high = min(ratings) - 25, max(ratings) + 25
    slot = (WIDTH - LEFT - RIGHT) / max(1, len(points) - 1)

    def y(rating: float) -> float:
        return BOTTOM - (rating - low) / (high - low) * (BOTTOM - TOP)

    dots = [(LEFT + i * slot, y(rating), f"{what}: {rating:.0f}")
            for i, (rating, what) in enumerate(points)]  # fmt: skip
    ticks = [(f"{value:.0f}", y(value)) for value in (low + 25, high - 25)]
    summary = (
        f"Your {label} rating over your last {len(points)} rated games, oldest first: from "
        f"{ratings[0]:.0f} to {ratings[-1]:.0f}, between {min(ratings):.0f} and "
        f"{max(ratings):.0f}."
    )
    return RatingChart(" ".join(f"{x:.1f},{y:.1f}" for x, y, _ in dots), dots, ticks, summary)
