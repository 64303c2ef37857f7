"""What a worker process of `generate_deals` runs: pure search, no Django, no database."""

from __future__ import annotations

import signal

from . import solve


def solve_job(job: tuple[dict, float | None]) -> dict:
    """(Position JSON, budget seconds) -> the Answer as JSON."""
    position, budget_seconds = job
    return solve(position, budget_seconds=budget_seconds).to_json()


def ignore_sigint() -> None:
    """Pool initializer: Ctrl+C reaches the whole process group, and only the parent should
    decide what stops (it terminates the pool and keeps what it stored)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
