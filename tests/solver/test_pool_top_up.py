"""The worker keeps every mode's winnable pool filled (issues 10 and 11): one top-up pending
per mode, each solving one fresh deal and queueing the next until the pool holds its target;
`ensure_pool` starts one for every mode the site deals."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from django_tasks_db.models import DBTaskResult

from solver.pool import tasks
from solver.pool.models import DealVerdict, TopUp
from solver.pool.tasks import pool_size, request_top_up, top_up_pool
from solver.search.verdict import Verdict

# Outside a wrapping transaction: top-ups are enqueued on commit, as in production.
pytestmark = pytest.mark.django_db(transaction=True)

MODES = {("yukon", None, None), ("klondike", 1, None), ("klondike", 3, None),
         ("klondike", 1, 1), ("klondike", 3, 3)}  # fmt: skip


def queued() -> list[tuple]:
    rows = DBTaskResult.objects.filter(task_path__endswith="top_up_pool", status="READY")
    return [tuple(row.args_kwargs["args"]) for row in rows]


def test_ensure_pool_starts_one_top_up_for_every_mode_the_site_deals():
    call_command("ensure_pool", first=0, verbosity=0)
    assert set(queued()) == MODES and len(queued()) == len(MODES)
    call_command("ensure_pool", first=0, verbosity=0)  # again: nothing more
    assert len(queued()) == len(MODES)


def test_a_mode_has_one_top_up_pending_at_most():
    assert request_top_up("klondike", 3, 3)
    assert not request_top_up("klondike", 3, 3)
    assert queued() == [("klondike", 3, 3)]


def test_a_top_up_solves_one_deal_and_queues_the_next_while_the_pool_is_short():
    request_top_up("yukon", None, None)
    DBTaskResult.objects.all().delete()
    top_up_pool.call("yukon", None, None)
    assert DealVerdict.objects.filter(deal__variant="yukon").count() == 1
    assert queued() == [("yukon", None, None)], "the next one, and only one"
    assert TopUp.objects.count() == 1


def test_a_full_pool_ends_its_top_ups(monkeypatch):
    monkeypatch.setattr(tasks, "POOL_TARGET", 1)
    monkeypatch.setattr(tasks, "GRADE_STOCK", 0)  # every grade stocked (tests/solver/test_grades)
    request_top_up("yukon", None, None)
    DBTaskResult.objects.all().delete()
    for _ in range(10):
        DBTaskResult.objects.all().delete()  # as a worker would take the next one off
        top_up_pool.call("yukon", None, None)
        if pool_size("yukon", None, None) >= 1:
            break
    assert pool_size("yukon", None, None) == 1
    assert not TopUp.objects.exists() and queued() == []
    assert DealVerdict.objects.filter(verdict=Verdict.WIN).count() == 1
    assert request_top_up("yukon", None, None), "a later shortage starts one again"
