"""Topping up the winnable pool in the background, run by `manage.py db_worker`."""

from __future__ import annotations

from django.tasks import task

from .fill import FRESH_BUDGET_SECONDS, fresh_numbers, solve_and_store
from .models import Outcome


@task(priority=-20)  # behind every dead-end check: players are waiting for those
def top_up_pool(variant: str, draw: int | None, passes: int | None, count: int = 3) -> int:
    """Solve a few fresh game numbers for the winnable pool; returns how many were winnable."""
    found = 0
    for _, number in zip(range(count), fresh_numbers(variant, draw, passes), strict=False):
        verdict = solve_and_store(variant, number, draw, passes, FRESH_BUDGET_SECONDS)
        found += verdict.verdict == Outcome.WIN
    return found
