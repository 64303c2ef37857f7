"""Background work, run by `manage.py db_worker` (django.tasks with the database backend)."""

from __future__ import annotations

from django.tasks import task

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
