"""Background work, run by `manage.py db_worker` (django.tasks with the database backend)."""

from __future__ import annotations

from django.tasks import task
from django.utils import timezone

from . import checks
from .models import Check, PositionVerdict
from .search import solve


@task()
def check_position(key: str, deep: bool = False) -> str:
    """Solve one position met in play and store the verdict; returns what it did.

    A quick check that decides nothing queues a deep one, at a lower priority, and leaves the
    position pending meanwhile. A position no page has asked about lately is dropped unsearched
    (its row goes, so asking again queues a fresh check)."""
    row = PositionVerdict.objects.filter(key=key).first()
    if row is None:
        return "gone"
    if row.verdict != Check.PENDING:
        return row.verdict
    if checks.is_stale(row):
        PositionVerdict.objects.filter(pk=row.pk, verdict=Check.PENDING).delete()
        return "dropped"
    budget = checks.DEEP_BUDGET if deep else checks.QUICK_BUDGET
    result = solve(row.position, **budget)
    if result.verdict == Check.UNKNOWN and not deep:
        PositionVerdict.objects.filter(pk=row.pk).update(requested=timezone.now())
        check_position.using(priority=checks.DEEP_PRIORITY).enqueue(key, deep=True)
        return "deeper"
    checks.store(key, result.verdict, list(result.moves), result.nodes, result.seconds)
    return result.verdict


@task(priority=-20)  # behind every dead-end check: players are waiting for those
def top_up_pool(variant: str, draw: int | None, passes: int | None, count: int = 3) -> int:
    """Solve a few fresh game numbers for the winnable pool; returns how many were winnable."""
    from .pool import FRESH_BUDGET_SECONDS, fresh_numbers, solve_and_store

    found = 0
    for _, number in zip(range(count), fresh_numbers(variant, draw, passes), strict=False):
        verdict = solve_and_store(variant, number, draw, passes, FRESH_BUDGET_SECONDS)
        found += verdict.verdict == Check.WIN
    return found
