"""Keeping the winnable pool filled in the background, run by `manage.py db_worker`.

Each mode has at most one top-up pending (a TopUp row while it is queued or running). A
top-up solves one fresh deal and queues itself again until the mode holds POOL_TARGET
proven deals and GRADE_STOCK of each grade, so the pool fills ahead of demand while each task
stays short: a dead-end check that arrives meanwhile waits for one deal's search at most.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.db.models import Count
from django.tasks import task
from django.utils import timezone

from solver.search.verdict import Verdict

from .fill import (
    FRESH_BUDGET_SECONDS,
    fresh_numbers,
    solve_and_store,
    work_out_grade,
    work_out_par,
)
from .grade import GRADES
from .models import DealVerdict, TopUp

POOL_TARGET = 200  # proven-winnable deals each mode keeps ready
GRADE_STOCK = 25  # of each grade: the cut points put a quarter of the deals in each
# A mode whose wins fall short of a grade however many are proven (cut points that do not fit
# it) stops here rather than solving forever.
POOL_CAP = 4 * POOL_TARGET
# A top-up queued this long ago and still marked pending lost its worker: queue it again.
STUCK_AFTER = timedelta(minutes=5)


def pool_size(variant: str, draw: int | None, passes: int | None) -> int:
    return DealVerdict.objects.filter(
        deal__variant=variant, draw=draw, passes=passes, verdict=Verdict.WIN
    ).count()


def grade_counts(variant: str, draw: int | None, passes: int | None) -> dict[str, int]:
    """{grade: proven deals of that grade} in the mode, every grade named."""
    wins = DealVerdict.objects.filter(
        deal__variant=variant, draw=draw, passes=passes, verdict=Verdict.WIN
    )
    counts = dict(wins.values_list("grade").annotate(n=Count("pk")).order_by())
    return {grade: counts.get(grade, 0) for grade in GRADES}


def is_short(variant: str, draw: int | None, passes: int | None) -> bool:
    """Whether the mode's pool wants more deals: fewer than POOL_TARGET, or a grade below
    GRADE_STOCK (up to POOL_CAP)."""
    size = pool_size(variant, draw, passes)
    if size < POOL_TARGET:
        return True
    return size < POOL_CAP and min(grade_counts(variant, draw, passes).values()) < GRADE_STOCK


def request_top_up(variant: str, draw: int | None, passes: int | None) -> bool:
    """Queue a top-up of the mode's pool unless one is pending. Returns whether it queued."""
    now = timezone.now()
    mode = {"variant": variant, "draw": draw, "passes": passes}
    _, created = TopUp.objects.get_or_create(**mode, defaults={"queued": now})
    if not created and not TopUp.objects.filter(**mode, queued__lt=now - STUCK_AFTER).update(
        queued=now
    ):
        return False
    transaction.on_commit(lambda: top_up_pool.enqueue(variant, draw, passes))
    return True


@task(priority=-20)  # behind every dead-end check: players are waiting for those
def top_up_pool(variant: str, draw: int | None, passes: int | None) -> int:
    """Solve one fresh game number for the mode's pool, then queue the next top-up if the
    pool is still short of its target; returns how many winnable deals were found."""
    number = next(iter(fresh_numbers(variant, draw, passes)))
    verdict = solve_and_store(variant, number, draw, passes, FRESH_BUDGET_SECONDS)
    mode = {"variant": variant, "draw": draw, "passes": passes}
    if is_short(variant, draw, passes):
        TopUp.objects.filter(**mode).update(queued=timezone.now())
        top_up_pool.enqueue(variant, draw, passes)
    else:
        TopUp.objects.filter(**mode).delete()
    return int(verdict.verdict == Verdict.WIN)


@task(priority=-30)  # behind the pool's own top-ups
def work_out_pars(limit: int = 50) -> int:
    """Par for wins proven before par was kept; returns how many were worked out."""
    missing = DealVerdict.objects.filter(verdict=Verdict.WIN, par_moves=[]).select_related("deal")
    done = 0
    for verdict in missing.order_by("pk")[:limit]:
        done += work_out_par(verdict) is not None
    return done


@task(priority=-30)  # behind the pool's own top-ups
def work_out_grades(limit: int = 1) -> int:
    """Grades for wins proven before grades were kept (or by generate_deals), one a task by
    default (each up to a few CPU seconds: par, then the measures) so that a dead-end check
    waits behind one deal at most, queueing itself again while some are left; returns how
    many were graded."""
    missing = DealVerdict.objects.filter(verdict=Verdict.WIN, grade="").select_related("deal")
    done = sum(work_out_grade(verdict) is not None for verdict in missing.order_by("pk")[:limit])
    if missing.exists():
        work_out_grades.enqueue(limit)
    return done
