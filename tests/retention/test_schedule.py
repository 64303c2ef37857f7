"""The periodic cleanup as the worker runs it: the real db_worker, the real queue."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.conf import settings
from django.core.management import call_command
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from retention.schedule import cleanup, schedule_next
from retention.sweep import Ages

from .tasks import echo

# The real worker closes and reopens connections: no wrapping transaction.
pytestmark = pytest.mark.django_db(transaction=True)

EVERY = timedelta(minutes=settings.RETENTION_EVERY_MINUTES)


def run_worker() -> None:
    """Drain the ready tasks with the real db_worker, in this process."""
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def cleanups(status: str):
    return DBTaskResult.objects.filter(task_path=cleanup.module_path, status=status)


def test_scheduling_twice_queues_one_cleanup_for_later():
    before = timezone.now()
    first = schedule_next()
    second = schedule_next()

    assert first.pk == second.pk
    assert cleanups(TaskResultStatus.READY).count() == 1
    assert before + EVERY <= first.run_after <= timezone.now() + EVERY


def test_the_worker_runs_a_cleanup_which_queues_the_next():
    cleanup.enqueue()  # due now

    run_worker()

    done = cleanups(TaskResultStatus.SUCCESSFUL).get()
    assert set(done.return_value) == {
        "finished_tasks", "requeued_tasks", "failed_tasks", "abandoned_games",
        "forgotten_starts", "unplayed_deals", "verdicts", "lines", "sessions",
        "rated_abandoned", "races_ended",
    }  # fmt: skip
    assert cleanups(TaskResultStatus.READY).get().run_after >= done.started_at + EVERY


def test_two_chains_at_once_leave_one_cleanup_pending():
    cleanup.enqueue()
    cleanup.enqueue()

    run_worker()

    assert cleanups(TaskResultStatus.SUCCESSFUL).count() == 2
    assert cleanups(TaskResultStatus.READY).count() == 1


def test_the_worker_runs_an_orphaned_task_again_after_a_cleanup():
    orphan = DBTaskResult.objects.get(pk=echo.enqueue("again").id)
    orphan.claim("killed-worker")
    long_ago = timezone.now() - Ages.from_settings().orphans - timedelta(minutes=1)
    DBTaskResult.objects.filter(pk=orphan.pk).update(started_at=long_ago)
    cleanup.enqueue()

    run_worker()

    orphan.refresh_from_db()
    assert orphan.status == TaskResultStatus.SUCCESSFUL
    assert orphan.return_value == "again"
    assert len(orphan.worker_ids) == 2


def test_the_command_schedules_and_says_when():
    out = StringIO()
    call_command("cleanup", schedule=True, stdout=out)
    call_command("cleanup", schedule=True, stdout=out)

    assert cleanups(TaskResultStatus.READY).count() == 1
    assert out.getvalue().count("Next cleanup queued for") == 2
