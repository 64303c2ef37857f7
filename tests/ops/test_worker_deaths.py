"""Issue 38, hole 2: a player waited for ever after two worker deaths in one queue run. The
first worker dies holding a check; a survivor takes the task over and runs it; a move, and the
second dies holding the new check: the task is marked failed (it lost two workers), and the
check must not be left with no wake-up. A check that takes workers down itself is given up,
so it cannot take every worker down in turn; /readyz names checks nobody is working on."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.tasks import TaskResultStatus
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from ops.management.commands.db_worker import LeaseKeeper
from ops.probes import UNATTENDED
from solver.deadends import lease, queue
from solver.deadends.models import CheckRequest, PositionVerdict
from solver.deadends.tasks import check_position
from solver.search.verdict import Verdict

from ..worker import work
from .test_lease import expire, running_task, waiting_check

pytestmark = pytest.mark.django_db


def held_by(worker: str) -> None:
    """The waiting check, claimed by `worker` under its lease."""
    lease.renew(worker)
    assert queue.claim_some(worker, 1)


def wake_ups(status: str) -> int:
    return DBTaskResult.objects.filter(task_path=check_position.module_path, status=status).count()


def test_a_check_left_by_the_second_dead_worker_of_a_task_gets_a_new_wake_up():
    waiting_check()
    running_task("first", "second")  # its first worker died, a survivor ran it again ...
    held_by("second")  # ... and died holding the check
    expire("second")

    LeaseKeeper("survivor").beat()

    assert wake_ups(TaskResultStatus.FAILED) == 1, "two workers lost: the task is failed"
    assert wake_ups(TaskResultStatus.READY) == 1, "and the queue woken again"
    assert work() == [Verdict.WIN]
    assert not CheckRequest.objects.exists()


def test_a_check_that_takes_down_every_worker_is_given_up_undecided():
    key = waiting_check()
    for doomed in ("first", "second"):
        held_by(doomed)
        expire(doomed)
    lease.renew("third")

    assert queue.claim_some("third", 1) == []

    assert PositionVerdict.objects.get(key=key).verdict == Verdict.UNKNOWN
    assert not CheckRequest.objects.exists()


def test_a_check_taken_over_once_is_still_searched():
    waiting_check()
    held_by("first")
    expire("first")
    lease.renew("second")
    (row,) = queue.claim_some("second", 1)
    assert row.deaths == 1 and CheckRequest.objects.get().deaths == 1


def test_readyz_names_checks_nobody_is_working_on():
    waiting_check()
    CheckRequest.objects.update(requested=timezone.now() - UNATTENDED - timedelta(seconds=1))
    DBTaskResult.objects.all().delete()  # the wake-up it asked for, lost with its workers

    response = Client().get("/readyz")

    assert response.status_code == 503
    assert b"1 dead-end checks have waited over 15 s with no worker on them" in response.content
    check_position.enqueue()
    assert Client().get("/readyz").status_code == 200, "a wake-up on its way: ready again"


def test_readyz_is_ready_while_a_live_worker_holds_an_old_check():
    waiting_check()
    CheckRequest.objects.update(requested=timezone.now() - UNATTENDED - timedelta(seconds=1))
    DBTaskResult.objects.all().delete()
    held_by("busy")
    assert Client().get("/readyz").status_code == 200
