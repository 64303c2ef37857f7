"""A strayer's course on a deal from the winnable pool (bench/players.py's Strayer): where each
step of its game stands against the deal's stored winning line, and what it does next. Pure:
no site, no locust, so its choices are tested on their own (tests/test_bench_course.py)."""

from __future__ import annotations

import random
from dataclasses import dataclass, field

# Off the line and not lost, a strayer goes back toward it (an undo) this often, else it plays
# on at random: people notice a slip now and then, not always at once.
BACK = 0.5


@dataclass
class Course:
    """The line, and for each step of the game (0: the deal) how many of the line's moves
    lead to its position, or None where the position is off the line; and whether each
    step came by a jump, whose undo would take the player back to where the jump was made
    (a lost position), not toward the line."""

    line: tuple[str, ...]
    along: list[int | None] = field(default_factory=lambda: [0])
    by_jump: list[bool] = field(default_factory=lambda: [False])

    @property
    def on_line(self) -> bool:
        return self.along[-1] is not None

    def moved(self, move: str) -> None:
        at = self.along[-1]
        on = at is not None and at < len(self.line) and self.line[at] == move
        self.along.append(at + 1 if on else None)
        self.by_jump.append(False)

    def jumped(self, step: int) -> None:  # the game's step `step` again, as a new step
        self.along.append(self.along[step])
        self.by_jump.append(True)

    def undone(self) -> None:
        self.along.pop()
        self.by_jump.pop()

    def last_on_line(self) -> int:
        """The latest step on the line (the deal's step 0 always is)."""
        return max(i for i, at in enumerate(self.along) if at is not None)


def next_action(course: Course, lost: bool, searching: bool, jump: int | None,
                rng: random.Random, stray: float) -> tuple[str, str | int | None]:  # fmt: skip
    """The strayer's next action from the board's dead-end banner (`lost`, still `searching`
    for the last winnable move, its `jump` step) and its course: ("line", move), ("stray",
    None) for a random legal move, ("undo", None), ("jump", step) or ("new", None) for a new
    game (a deal lost from the start). On the line, `stray` of the moves stray; off it, on
    the banner it jumps back to the last winnable move (or undoes while that is still being
    looked for), else BACK of the time it goes back toward the line and otherwise plays on
    at random, until it stands on the line again."""
    if lost:
        if jump is not None:
            return "jump", jump
        if searching and len(course.along) > 1:
            return "undo", None
        return "new", None
    if course.on_line:
        if course.along[-1] >= len(course.line) or rng.random() < stray:
            return "stray", None  # (a line played out whose game is not won: none known)
        return "line", course.line[course.along[-1]]
    if rng.random() >= BACK:
        return "stray", None
    if course.by_jump[-1]:  # an undo would go back to the lost position it jumped from
        return "jump", course.last_on_line()
    return "undo", None
