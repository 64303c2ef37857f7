"""What a search may spend (what it reports back is verdict.py's)."""

from __future__ import annotations

import time


class OutOfBudget(Exception):
    """Raised inside a search when its CPU seconds or nodes are used up."""


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
