"""`manage.py db_worker`: django-tasks-db's worker, with a lease and its own metrics.

This command takes the place of the library's (the `ops` app comes before `django_tasks_db`
in INSTALLED_APPS) and runs it unchanged, with these additions for as long as it runs:

- its lease (solver.deadends.lease), renewed every second by a thread of its own, which also
  takes back the tasks and checks of workers whose lease ran out;
- unless --batch, a lower CPU priority (SEARCH_NICENESS) than the web's: where workers and
  web processes share cores, a move's answer comes before a search's next node;
- unless --batch, on PostgreSQL, commits that do not wait for the disk
  (`commit_without_waiting`);
- with WORKER_METRICS_BIND set (host:port), the worker's Prometheus metrics (checks run,
  move-to-verdict latency, tasks taken back) on that address: the web's /metrics cannot see
  them, as the worker is a process (often a machine) of its own. Plain HTTP, no token: bind
  it to an address only the scraper reaches.
"""

from __future__ import annotations

import logging
import os
import threading
from pathlib import Path

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.backends.signals import connection_created
from django.utils.autoreload import DJANGO_AUTORELOAD_ENV
from django_tasks_db.management.commands import db_worker
from prometheus_client import start_http_server

import metrics
from solver.deadends import lease, queue, tasks

logger = logging.getLogger("django_tasks_db")
# The worker's niceness: its searches are what a busy box can put off a little, a player's
# move is not. Linux gives a nice-5 thread about a quarter of a core it contends for with a
# nice-0 one: a search is never starved, and a verdict comes a little later under a crowd.
SEARCH_NICENESS = 5
# Where Linux groups processes by session (sched_autogroup, on by default), niceness only
# counts between the threads of one session: a worker that leads a session of its own (a
# container's, a service's) gives its session, its autogroup, the same niceness. One started
# inside another session (./dev run's, a terminal's) leaves that session's as it is.
AUTOGROUP = Path("/proc/self/autogroup")


def be_nicer() -> None:
    """Lower the worker's CPU priority (SEARCH_NICENESS), its autogroup's too where Linux has
    one of the worker's own. Called before any thread starts: each inherits it."""
    os.nice(SEARCH_NICENESS)
    try:
        if AUTOGROUP.exists() and os.getsid(0) == os.getpid():
            AUTOGROUP.write_text(f"{SEARCH_NICENESS}\n")
    except OSError:  # a read-only /proc (some containers): the threads' niceness still holds
        logger.warning("Could not lower the priority of the worker's autogroup")


class LeaseKeeper(threading.Thread):
    """Renews the worker's lease every lease.BEAT seconds and takes back the work of dead
    workers; a database that does not answer is logged and tried again on the next beat."""

    def __init__(self, worker: str) -> None:
        super().__init__(name=f"lease-{worker}", daemon=True)
        self.worker, self.stopped = worker, threading.Event()

    def beat(self) -> None:
        lease.renew(self.worker)
        requeued, failed = lease.recover()
        if requeued or failed:
            metrics.TASKS_RECOVERED.labels(how="requeued").inc(requeued)
            metrics.TASKS_RECOVERED.labels(how="failed").inc(failed)
            logger.warning("Took back the tasks of dead workers: %d requeued, %d failed",
                           requeued, failed)  # fmt: skip
        if failed and queue.waiting():
            # A task marked failed for its dead workers may have been the wake-up that the
            # checks left waiting relied on: the queue is woken again, or they wait for ever.
            tasks.wake()

    def run(self) -> None:
        try:
            while not self.stopped.wait(lease.BEAT):
                try:
                    self.beat()
                except DatabaseError:
                    logger.exception("Lease of worker %s not renewed; trying again", self.worker)
                    connection.close()
        finally:
            connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.join(timeout=10)
        lease.release(self.worker)


def commit_without_waiting(sender, connection, **kwargs) -> None:
    """A worker's connection to PostgreSQL commits without waiting for its WAL to reach the
    disk (synchronous_commit off): under a crowd, commits waiting for the WAL flush held
    moves up (in the random-300 load test, most active backends sampled waited on WALWrite
    or WALSync; with this, half as many). What a worker writes can all be done again:
    verdicts and lines found, requests claimed or answered, pool top-ups and sweeps, its
    task and lease rows. A database that crashes loses at most its last fraction of a
    second of them, and as the WAL is replayed in order, what it keeps is everything up to
    some commit: a request whose answer was lost is still there, claimed by a worker whose
    lease runs out, and is searched again. The moves a player makes are committed by the
    web, which waits for the disk as before (and flushes every earlier commit with its own)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET synchronous_commit TO off")


class Command(db_worker.Command):
    help = "Run a database background worker, holding a lease while it runs (ops)"

    def handle(self, *args, **options) -> None:
        # With --reload the worker runs in a child process, which gets here too: only that one
        # holds a lease.
        if options["reload"] and os.environ.get(DJANGO_AUTORELOAD_ENV) != "true":
            return super().handle(*args, **options)
        if not options["batch"]:
            # A worker process for as long as it runs. Not with --batch, which drains the
            # queue and returns: the tests run it so, in their own process, which goes on.
            be_nicer()
            connection_created.connect(commit_without_waiting)
            connection.close()  # each connection from here on is made with it
        if settings.WORKER_METRICS_BIND:
            host, port = settings.WORKER_METRICS_BIND
            start_http_server(port, addr=host)
        keeper = LeaseKeeper(options["worker_id"])
        lease.renew(keeper.worker)  # before the first claim, so every claim is under a lease
        keeper.start()
        try:
            return super().handle(*args, **options)
        finally:
            keeper.stop()
