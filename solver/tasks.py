"""Background work, run by `manage.py db_worker` (django.tasks with the database backend)."""

from __future__ import annotations

import random

from django.tasks import task

from games.engine.deal import MAX_NUMBER, MIN_NUMBER

from . import checks
from .models import Check, PositionVerdict
from .search import solve


@task()
def check_position(key: str) -> str:
    """Solve one position met in play and store the verdict; returns it."""
    row = PositionVerdict.objects.filter(key=key).first()
    if row is None:
        return "gone"
    if row.verdict in (Check.WIN, Check.LOSS):
        return row.verdict
    result = solve(
        row.position,
        budget_seconds=checks.CHECK_BUDGET_SECONDS,
        budget_nodes=checks.CHECK_BUDGET_NODES,
    )
    checks.store(key, result.verdict, list(result.moves), result.nodes, result.seconds)
    return result.verdict


@task()
def top_up_pool(variant: str, draw: int | None, passes: int | None, count: int = 3) -> int:
    """Solve a few fresh game numbers for the winnable pool; returns how many were winnable."""
    from .pool import FRESH_BUDGET_SECONDS, solve_and_store

    found = 0
    for _ in range(count):
        number = random.randint(MIN_NUMBER, MAX_NUMBER)
        verdict = solve_and_store(variant, number, draw, passes, FRESH_BUDGET_SECONDS)
        found += verdict.verdict == Check.WIN
    return found
