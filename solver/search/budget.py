"""What a search may spend, and what it reports back."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

WIN = "win"
LOSS = "loss"
UNKNOWN = "unknown"


class OutOfBudget(Exception):
    """Raised inside a search when its CPU seconds or nodes are used up."""


@dataclass(frozen=True, slots=True)
class Result:
    """A verdict and its evidence.

    verdict: "win" (moves replay from the position to a won game), "loss" (the search
    visited every reachable position and none is won) or "unknown" (the budget ran out
    first: nothing is claimed). nodes counts the distinct positions the search entered;
    seconds is the CPU time it took.
    """

    verdict: str
    moves: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {
            "verdict": self.verdict,
            "moves": list(self.moves),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }


class Budget:
    """CPU seconds (time.thread_time) and/or nodes; None means no limit on that axis.

    The CPU time is the searching thread's own: a web process runs several threads, and a
    search must not be charged for the others' work.

    `spend()` is called once per node; the clock is read only every CHECK_EVERY nodes.
    """

    CHECK_EVERY = 256

    def __init__(self, seconds: float | None = None, nodes: int | None = None) -> None:
        if seconds is not None and seconds < 0:
            raise ValueError("budget_seconds must not be negative")
        if nodes is not None and nodes < 0:
            raise ValueError("budget_nodes must not be negative")
        self.start = time.thread_time()
        self.deadline = None if seconds is None else self.start + seconds
        self.max_nodes = nodes
        self.nodes = 0
        self._next_check = self.CHECK_EVERY

    def spend(self) -> None:
        """Count one node; raises OutOfBudget when a limit is passed."""
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes:
            raise OutOfBudget
        if self.nodes >= self._next_check:
            self._next_check = self.nodes + self.CHECK_EVERY
            if self.deadline is not None and time.thread_time() > self.deadline:
                raise OutOfBudget

    @property
    def seconds(self) -> float:
        return time.thread_time() - self.start
