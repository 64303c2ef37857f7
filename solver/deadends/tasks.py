"""The dead-end check itself, run by `manage.py db_worker` (django.tasks with the database
backend)."""

from __future__ import annotations

from datetime import timedelta

from django.tasks import task
from django.utils import timezone

from solver.search import solve

from .models import Check, PositionVerdict
from .proofs import store

# Each check is bounded in CPU time and in nodes; the nodes bound the transposition table, and
# so the memory, of a hard position. A quick check answers most positions within the page's
# patience; what it leaves undecided goes back on the queue, behind every quick check, for a
# deeper one. Neither can starve the queue.
QUICK_BUDGET = {"budget_seconds": 1.0, "budget_nodes": 100_000}
DEEP_BUDGET = {"budget_seconds": 5.0, "budget_nodes": 500_000}
DEEP_PRIORITY = -10
# A page polls a pending position at least every 4 s; a check nobody has asked about for
# longer is for a position its player has left, and is dropped rather than searched.
STALE_AFTER = timedelta(seconds=6)


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
    if is_stale(row):
        PositionVerdict.objects.filter(pk=row.pk, verdict=Check.PENDING).delete()
        return "dropped"
    budget = DEEP_BUDGET if deep else QUICK_BUDGET
    result = solve(row.position, **budget)
    if result.verdict == Check.UNKNOWN and not deep:
        PositionVerdict.objects.filter(pk=row.pk).update(requested=timezone.now())
        check_position.using(priority=DEEP_PRIORITY).enqueue(key, deep=True)
        return "deeper"
    store(key, result.verdict, list(result.moves), result.nodes, result.seconds)
    return result.verdict


def is_stale(row: PositionVerdict) -> bool:
    return row.polled is not None and row.polled < timezone.now() - STALE_AFTER
