"""A new site has its daily deal within its first pool fill (issue 23): with no win proven
before the day began, the first proven today is the day's deal, stored as it is committed,
and it stays the day's deal however many are proven after it."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.test import Client

from daily.models import DailyDeal
from daily.services import dailies
from solver.pool import tasks
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict

from .html import parse, text_of

# Outside a wrapping transaction: the choice is stored once the win is committed.
pytestmark = pytest.mark.django_db(transaction=True)


def first_fill(wins: int) -> None:
    """The worker's top-ups on an empty pool, until it holds `wins` proven Yukon deals."""
    for _ in range(20):
        if tasks.pool_size("yukon", None, None) >= wins:
            return
        tasks.top_up_pool.call("yukon", None, None)
    raise AssertionError("the first top-ups proved nothing")


def test_a_new_site_serves_todays_daily_deal_within_its_first_pool_fill():
    assert "not ready yet" in Client().get("/daily/").content.decode()
    first_fill(1)
    first = DealVerdict.objects.get(verdict=Verdict.WIN).deal
    stored = DailyDeal.objects.get(day=dailies.today(), variant="yukon")
    assert stored.deal == first
    page = parse(Client().get("/daily/"))
    assert text_of(page, "[data-testid=daily-deal] h2").startswith(f"Yukon #{first.number}")
    first_fill(3)
    assert dailies.daily(dailies.today(), "yukon", None).deal == first, "fixed for the day"
    call_command("choose_daily", verbosity=0)
    assert DailyDeal.objects.get(day=dailies.today(), variant="yukon").deal == first
    tomorrow = DailyDeal.objects.get(day=dailies.today() + dt.timedelta(days=1), variant="yukon")
    assert tomorrow.deal != first, "tomorrow's comes from what was proven today, not again"
