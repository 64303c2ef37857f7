"""Choosing the next deal: a proven-winnable one from the pool, or any number. Nothing here
searches: the pool is filled by the worker (tasks) and the commands, never by a request."""

from __future__ import annotations

import random

from django.db.models import Count, Max, Min

from games.engine.deal import MAX_NUMBER, MIN_NUMBER

from .models import DealVerdict, Outcome
from .tasks import POOL_TARGET, request_top_up


def pick_number(variant: str, draw: int | None, passes: int | None) -> int | None:
    """A game number the solver proved winnable in this mode, or None while the mode's pool
    is empty. A pool short of its target asks for a top-up (one pending per mode)."""
    number, size = _from_pool(variant, draw, passes)
    if size < POOL_TARGET:
        request_top_up(variant, draw, passes)
    return number


def random_number() -> int:
    """Any game number: not proven winnable."""
    return random.randint(MIN_NUMBER, MAX_NUMBER)


def _from_pool(variant: str, draw: int | None, passes: int | None) -> tuple[int | None, int]:
    """A random proven-winnable number in this mode (None if there is none), and the pool's
    size."""
    wins = DealVerdict.objects.filter(
        deal__variant=variant, draw=draw, passes=passes, verdict=Outcome.WIN
    )
    bounds = wins.aggregate(low=Min("pk"), high=Max("pk"), size=Count("pk"))
    if bounds["low"] is None:
        return None, 0
    # A random point in the id range, then the first win at or after it: one indexed query.
    start = random.randint(bounds["low"], bounds["high"])
    found = wins.filter(pk__gte=start).order_by("pk").values_list("deal__number", flat=True)
    return found.first(), bounds["size"]
