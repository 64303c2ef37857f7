"""Workers' leases (issue 21): what a dead worker held, a check or a task, is taken again as
soon as its lease runs out, never waiting for the retention sweep; a worker that renews its
lease keeps what it holds however long it runs."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import get_commands
from django.db import connection
from django.db.backends.signals import connection_created
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import deals
from games.engine.deal import deal
from games.models import Deal, Game
from ops.management.commands.db_worker import commit_without_waiting
from solver.deadends import checks, lease, queue
from solver.deadends.models import PENDING, CheckRequest, PositionVerdict, WorkerLease
from solver.deadends.tasks import check_position
from solver.search.verdict import Verdict

from ..worker import work

pytestmark = pytest.mark.django_db


def waiting_check() -> str:
    """A game waiting for its deal position's check; returns the position's key."""
    position = deal("yukon", 6, b"test-key")
    cards = "".join(card.code for card in deals.dealt_order(position))
    game = Game.objects.create(
        player="alice", deal=Deal.objects.create(variant="yukon", number=6, cards=cards)
    )
    assert checks.request(game, position) == PENDING
    return CheckRequest.objects.get().key


def expire(worker: str) -> None:
    """The worker stops renewing: as if killed LEASE ago."""
    WorkerLease.objects.filter(worker=worker).update(
        renewed=timezone.now() - lease.LEASE - timedelta(seconds=1)
    )


def running_task(*worker_ids: str) -> DBTaskResult:
    result = check_position.enqueue()
    DBTaskResult.objects.filter(pk=result.id).update(
        status=TaskResultStatus.RUNNING, started_at=timezone.now(), worker_ids=list(worker_ids)
    )
    return DBTaskResult.objects.get(pk=result.id)


def test_the_projects_worker_command_is_the_leased_one():
    assert get_commands()["db_worker"] == "ops"


def test_a_check_claimed_under_a_live_lease_is_not_taken_twice():
    waiting_check()
    lease.renew("w1")
    assert queue.claim_some("w1") != []
    assert queue.claim_some("w2") == []
    assert CheckRequest.objects.get().worker == "w1"


def test_a_dead_workers_check_is_taken_as_soon_as_its_lease_runs_out():
    key = waiting_check()
    lease.renew("w1")
    assert queue.claim_some("w1") != []  # ... and w1 is killed mid-search
    expire("w1")
    lease.renew("w2")
    assert [row.key for row in queue.claim_some("w2")] == [key], "long before queue.RETRY_AFTER"
    assert CheckRequest.objects.get().worker == "w2"


def test_a_check_claimed_with_no_worker_named_waits_for_retry_after():
    waiting_check()
    assert queue.claim_some() != []
    assert queue.claim_some("w2") == []
    CheckRequest.objects.update(started=timezone.now() - queue.RETRY_AFTER - timedelta(seconds=1))
    assert queue.claim_some("w2") != []


def test_recover_requeues_a_dead_workers_task_once_then_fails_it():
    lease.renew("w1"), lease.renew("w2"), lease.renew("alive")
    first, second, kept = running_task("w1"), running_task("w0", "w2"), running_task("alive")
    stranger = running_task("not-leased")  # a worker without a lease: the sweep's business
    expire("w1"), expire("w2")
    assert lease.recover() == (1, 1)
    rows = {row.pk: row for row in DBTaskResult.objects.all()}
    assert rows[first.pk].status == TaskResultStatus.READY
    assert rows[second.pk].status == TaskResultStatus.FAILED
    assert rows[second.pk].exception_class_path == "solver.deadends.lease.WorkerLost"
    assert rows[kept.pk].status == rows[stranger.pk].status == TaskResultStatus.RUNNING
    assert set(WorkerLease.objects.values_list("worker", flat=True)) == {"alive"}
    assert lease.recover() == (0, 0), "each row taken back once"


def test_the_requeued_wake_up_answers_the_dead_workers_check():
    key = waiting_check()
    DBTaskResult.objects.all().delete()
    lease.renew("w1")
    queue.claim_some("w1")
    task = running_task("w1")
    expire("w1")
    assert lease.recover() == (1, 0)
    assert DBTaskResult.objects.get(pk=task.pk).status == TaskResultStatus.READY
    assert work() == [Verdict.WIN]  # what the next worker does with the wake-up
    assert PositionVerdict.objects.get(key=key).verdict == Verdict.WIN
    assert not CheckRequest.objects.exists()


def test_a_worker_that_renews_keeps_its_task_however_long_it_runs():
    lease.renew("slow")
    task = running_task("slow")
    DBTaskResult.objects.filter(pk=task.pk).update(started_at=timezone.now() - timedelta(hours=1))
    lease.renew("slow")
    assert lease.recover() == (0, 0)
    assert DBTaskResult.objects.get(pk=task.pk).status == TaskResultStatus.RUNNING


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="a PostgreSQL setting")
def test_a_workers_connections_commit_without_waiting_for_the_disk_and_the_webs_wait():
    def setting() -> str:
        with connection.cursor() as cursor:
            cursor.execute("SHOW synchronous_commit")
            return cursor.fetchone()[0]

    assert setting() == "on", "a move the web commits is on disk before it is answered"
    connection_created.connect(commit_without_waiting)
    try:
        connection.close()
        assert setting() == "off", "the worker's next connection"
    finally:
        connection_created.disconnect(commit_without_waiting)
        connection.close()
    assert setting() == "on"
