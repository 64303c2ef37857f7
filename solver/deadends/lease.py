"""Workers' leases: a task or a check claimed by a worker is the worker's only while its lease
lasts, so the work of a worker that died (SIGKILL, out of memory, its machine gone) is taken
again within seconds instead of waiting for the retention sweep.

Each `manage.py db_worker` (ops/management/commands/db_worker.py) renews its WorkerLease row
every BEAT from a thread of its own, which runs on while the worker searches (the native
search lets go of the GIL). A lease not renewed for LEASE has run out. Then:

- its checks: `queue.claim_some` treats a check claimed by a worker without a live lease as
  not claimed, so the next wake-up takes it; and a drain it said it was running
  (`drain`, tasks.drain) no longer holds back the requests' own wake-ups;
- its tasks: `recover`, run by every live worker on each beat, puts the task rows that the
  dead worker was running back on the queue (those wake-ups are what takes its checks), or
  marks one failed if it had already lost a worker before (MAX_ATTEMPTS, the rule the sweep's
  orphans follow too), so a task that kills its worker cannot take down every worker in turn.

A worker renewing its lease while its task runs long is never taken over, however long it
runs. A worker that stops cleanly gives its lease back (`release`).
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db.models import QuerySet
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from .models import WorkerLease

BEAT = 1.0  # seconds between renewals
LEASE = timedelta(seconds=5)  # unrenewed this long, a worker is taken for dead
MAX_ATTEMPTS = 2  # workers a task may lose before it is marked failed


class WorkerLost(Exception):
    """Recorded on a task marked failed because each of its workers died mid-task."""


def renew(worker: str, now: datetime | None = None) -> None:
    now = now or timezone.now()
    WorkerLease.objects.bulk_create(
        [WorkerLease(worker=worker, renewed=now)],
        update_conflicts=True, unique_fields=["worker"], update_fields=["renewed"],
    )  # fmt: skip


def release(worker: str) -> None:
    WorkerLease.objects.filter(worker=worker).delete()


def drain(worker: str, on: bool) -> None:
    """Say that `worker` is draining the check queue (tasks.drain), or that it stopped; a
    worker with no lease (a search run in-process) says nothing."""
    if worker:
        WorkerLease.objects.filter(worker=worker).update(draining=on)


def draining(now: datetime | None = None) -> bool:
    """Is a worker with a live lease draining the check queue? Its drain will look at the
    queue again before it stops; a dead worker's drain is taken back with its task."""
    return live(now).filter(draining=True).exists()


def live(now: datetime | None = None) -> QuerySet:
    """The ids of the workers whose lease has not run out."""
    now = now or timezone.now()
    return WorkerLease.objects.filter(renewed__gte=now - LEASE).values("worker")


def recover(now: datetime | None = None) -> tuple[int, int]:
    """Take back the tasks of every worker whose lease ran out; returns how many were
    requeued and how many failed. Each change lands only if the row is still as read, so
    two live workers recovering at once change each row once."""
    now = now or timezone.now()
    requeued = failed = 0
    dead = list(WorkerLease.objects.filter(renewed__lt=now - LEASE))
    if not dead:
        return 0, 0
    gone = {lease.worker for lease in dead}
    running = DBTaskResult.objects.filter(status=TaskResultStatus.RUNNING)
    for pk, started_at, worker_ids in running.values_list("pk", "started_at", "worker_ids"):
        if not worker_ids or worker_ids[-1] not in gone:
            continue  # its worker is alive, or not a leased one (left to the sweep)
        still = running.filter(pk=pk, started_at=started_at)
        if len(worker_ids) < MAX_ATTEMPTS:
            requeued += still.update(status=TaskResultStatus.READY)
        else:
            failed += still.update(
                status=TaskResultStatus.FAILED, finished_at=now,
                exception_class_path=f"{WorkerLost.__module__}.{WorkerLost.__qualname__}",
                traceback=f"WorkerLost: each of the {len(worker_ids)} workers that ran it "
                "stopped renewing its lease mid-task\n",
            )  # fmt: skip
    for lease in dead:
        WorkerLease.objects.filter(pk=lease.pk, renewed=lease.renewed).delete()
    return requeued, failed
