"""Topping up the winnable pool in the background, run by `manage.py db_worker`."""

from __future__ import annotations

from django.tasks import task

from .fill import FRESH_BUDGET_SECONDS, fresh_numbers, solve_and_store, work_out_par
from .models import DealVerdict, Outcome


@task(priority=-20)  # behind every dead-end check: players are waiting for those
def top_up_pool(variant: str, draw: int | None, passes: int | None, count: int = 3) -> int:
    """Solve a few fresh game numbers for the winnable pool; returns how many were winnable."""
    found = 0
    for _, number in zip(range(count), fresh_numbers(variant, draw, passes), strict=False):
        verdict = solve_and_store(variant, number, draw, passes, FRESH_BUDGET_SECONDS)
        found += verdict.verdict == Outcome.WIN
    return found


@task(priority=-30)  # behind the pool's own top-ups
def work_out_pars(limit: int = 50) -> int:
    """Par for wins proven before par was kept; returns how many were worked out."""
    missing = DealVerdict.objects.filter(verdict=Outcome.WIN, par_moves=[]).select_related("deal")
    done = 0
    for verdict in missing.order_by("pk")[:limit]:
        done += work_out_par(verdict) is not None
    return done
