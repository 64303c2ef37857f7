"""Choosing the next deal: a proven-winnable one from the pool by default, or any number."""

from __future__ import annotations

import random
import time

from django.db import transaction
from django.db.models import Count, Max, Min

from games.engine.deal import MAX_NUMBER, MIN_NUMBER

from .fill import fresh_numbers, solve_and_store
from .models import DealVerdict, Outcome
from .tasks import top_up_pool

FRESH_SEARCH_SECONDS = 3.0
POOL_TARGET = 200  # below this many proven deals in a mode, every deal asks for more


def pick_number(variant: str, draw: int | None, passes: int | None, winnable: bool) -> int:
    """A game number to deal next. With `winnable`, one the solver proved winnable in this
    mode: from the pool, or (pool empty) found now by solving fresh numbers for a few seconds.
    Falls back to any number only when no proof turns up in that time."""
    if not winnable:
        return random.randint(MIN_NUMBER, MAX_NUMBER)
    number, size = _from_pool(variant, draw, passes)
    if size < POOL_TARGET:
        transaction.on_commit(lambda: top_up_pool.enqueue(variant, draw, passes))
    if number is None:
        number = _solve_fresh(variant, draw, passes)
    return number or random.randint(MIN_NUMBER, MAX_NUMBER)


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


def _solve_fresh(variant: str, draw: int | None, passes: int | None) -> int | None:
    deadline = time.monotonic() + FRESH_SEARCH_SECONDS
    for number in fresh_numbers(variant, draw, passes):
        if time.monotonic() > deadline:
            return None
        verdict = solve_and_store(variant, number, draw, passes, budget_seconds=1.0)
        if verdict.verdict == Outcome.WIN:
            return number
    return None
