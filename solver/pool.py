"""Filling the winnable-deal pool: solve a game number in one mode and store the verdict."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.gameplay import deal_for, deal_position
from games.models import DealVerdict

from .search import solve

FRESH_BUDGET_SECONDS = 2.0  # per deal: most winnable deals are proven in well under that


def solve_and_store(
    variant: str, number: int, draw: int | None, passes: int | None, budget_seconds: float
) -> DealVerdict:
    """The stored verdict for this deal and mode, solving it first if it has none."""
    deal = deal_for(variant, number)
    mode = {"draw": draw if variant == "klondike" else None, "passes": passes}
    known = DealVerdict.objects.filter(deal=deal, **mode).first()
    if known:
        return known
    result = solve(deal_position(deal, draw, passes), budget_seconds=budget_seconds)
    try:
        with transaction.atomic():
            return DealVerdict.objects.create(
                deal=deal, verdict=result.verdict, moves=list(result.moves), nodes=result.nodes,
                seconds=result.seconds, **mode,
            )  # fmt: skip
    except IntegrityError:  # solved by someone else meanwhile
        return DealVerdict.objects.get(deal=deal, **mode)
