"""The solver worker's own task, run in the test's process as `db_worker` runs it."""

from __future__ import annotations

from solver.deadends.tasks import check_position


def work(limit: int = 50) -> list[str]:
    """Run dead-end checks, newest wanted first, until nothing is wanted; returns what each
    did ("win", "loss", "unknown", "deeper")."""
    outcomes = []
    while len(outcomes) < limit:
        outcome = check_position.call()  # a drain: what each of its searches did
        if outcome == "idle":
            return outcomes
        outcomes += outcome.split()
    raise AssertionError(f"still busy after {limit} checks: {outcomes[-5:]}")
