"""Choosing the next deal: a proven-winnable one from the pool, or any number. Nothing here
searches: the pool is filled by the worker (tasks) and the commands, never by a request."""

from __future__ import annotations

import random

from django.db.models import Count, Max, Min

from games.engine.deal import MAX_NUMBER, MIN_NUMBER
from solver.search.verdict import Verdict

from .models import DealVerdict
from .tasks import GRADE_STOCK, POOL_TARGET, is_short, request_top_up


def pick_number(
    variant: str, draw: int | None, passes: int | None, grade: str | None = None
) -> int | None:
    """A game number the solver proved winnable in this mode (of this grade, if one is
    asked for), or None while there is none. A pool short of its target, or of this grade,
    asks for a top-up (one pending per mode)."""
    number, size = _from_pool(variant, draw, passes, grade)
    if size < (GRADE_STOCK if grade else POOL_TARGET) and (
        grade is None or is_short(variant, draw, passes)
    ):
        request_top_up(variant, draw, passes)
    return number


def random_number() -> int:
    """Any game number: not proven winnable."""
    return random.randint(MIN_NUMBER, MAX_NUMBER)


def _from_pool(
    variant: str, draw: int | None, passes: int | None, grade: str | None
) -> tuple[int | None, int]:
    """A random proven-winnable number in this mode and grade (None if there is none), and
    how many there are."""
    wins = DealVerdict.objects.filter(
        deal__variant=variant, draw=draw, passes=passes, verdict=Verdict.WIN
    )
    if grade:
        wins = wins.filter(grade=grade)
    bounds = wins.aggregate(low=Min("pk"), high=Max("pk"), size=Count("pk"))
    if bounds["low"] is None:
        return None, 0
    # A random point in the id range, then the first win at or after it: one indexed query.
    start = random.randint(bounds["low"], bounds["high"])
    found = wins.filter(pk__gte=start).order_by("pk").values_list("deal__number", flat=True)
    return found.first(), bounds["size"]
