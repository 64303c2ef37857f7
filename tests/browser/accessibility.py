"""What the accessibility tests share: the seed's worked example, a Klondike deal in draw 3, the
Yukon deal that walks into a dead end, and a run of the task worker."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.management import call_command
from django.utils import timezone
from playwright.sync_api import expect

from games.deals import deal_for
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict
from tests.web.deals import dealt, store

from .yukon_table import store_worked_example

NUMBER = 2_100_000_301  # the seed's worked example, as in yukon_table.py
KLONDIKE = 2_100_000_302
DAILY = 2_100_000_303  # today's daily Yukon deal in the sweeps, so the lobby shows one


DEAD_END_DEAL = 6  # Yukon deal 6 under the test key (see test_dead_end.py)
INTO_THE_DEAD_END = ["7S-t7", "KC-t1"]


@pytest.fixture
def worked_example(transactional_db):
    return store_worked_example(NUMBER)


@pytest.fixture
def klondike_deal(transactional_db):
    position = dealt(
        "klondike",
        ["AS", "? | 2H", "? ? | 8C", "? ? ? | 7D", "? ? ? ? | 6S", "? ? ? ? ? | 5H",
         "? ? ? ? ? ? | 4C"],
        draw=3,
    )  # fmt: skip
    store(position, KLONDIKE)
    return position


@pytest.fixture
def todays_daily(transactional_db):
    """A Yukon deal proven winnable yesterday, par 80, graded Hard (its badge on the pages):
    the only candidate, so today's daily. (Not the worked example: a daily's replays are
    private for the day.)"""
    deal = deal_for("yukon", DAILY)
    verdict = DealVerdict.objects.create(
        deal=deal, verdict=Verdict.WIN, moves=["AS-f"] * 80, par_moves=["AS-f"] * 80,
        grade="hard",
    )  # fmt: skip
    DealVerdict.objects.filter(pk=verdict.pk).update(created=timezone.now() - dt.timedelta(days=1))
    return deal


def run_worker() -> None:
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def until_jump_back(page) -> None:
    """Run the worker until the dead-end banner offers its jump back: it proves the loss,
    then the positions before it, a run at a time."""
    jump = page.get_by_test_id("jump-back")
    for _ in range(8):
        run_worker()
        try:
            expect(jump).to_be_visible(timeout=2_500)
            return
        except AssertionError:
            continue
    raise AssertionError("the worker's runs never brought the banner's jump back")
