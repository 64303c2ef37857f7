"""Gauges read from the database when /metrics is scraped: the same on every web process (one
database), so no process keeps them and none can go stale.

- the dead-end checks players wait for: how many, how many a worker is searching, and the
  longest any has waited;
- the task queue (django-tasks-db): tasks ready to run and running, and the oldest ready one;
- the winnable pool: proven-winnable deals per mode.
"""

from __future__ import annotations

from collections.abc import Iterator

from django.db.models import Count, Min
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from solver.deadends.models import CheckRequest
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict


def _age(now, moment) -> float:
    return max(0.0, (now - moment).total_seconds()) if moment else 0.0


class DatabaseGauges(Collector):
    def collect(self) -> Iterator[GaugeMetricFamily]:
        now = timezone.now()
        yield from self._checks(now)
        yield from self._tasks(now)
        yield self._pools()

    def _checks(self, now) -> Iterator[GaugeMetricFamily]:
        depth = GaugeMetricFamily(
            "yukon_check_queue_depth", "Dead-end checks players wait for, by state.",
            labels=["state"],
        )  # fmt: skip
        waiting = CheckRequest.objects.filter(started__isnull=True)
        depth.add_metric(["waiting"], waiting.count())
        depth.add_metric(["searching"], CheckRequest.objects.filter(started__isnull=False).count())
        yield depth
        oldest = CheckRequest.objects.aggregate(at=Min("requested"))["at"]
        yield GaugeMetricFamily(
            "yukon_check_oldest_wait_seconds",
            "How long the longest-waiting dead-end check has been waiting (0: none).",
            value=_age(now, oldest),
        )

    def _tasks(self, now) -> Iterator[GaugeMetricFamily]:
        depth = GaugeMetricFamily(
            "yukon_task_queue_depth", "Tasks in the worker queue, by status.", labels=["status"]
        )
        ready = DBTaskResult.objects.ready()
        depth.add_metric(["ready"], ready.count())
        depth.add_metric(["running"], DBTaskResult.objects.running().count())
        yield depth
        oldest = ready.aggregate(at=Min("enqueued_at"))["at"]
        yield GaugeMetricFamily(
            "yukon_task_oldest_ready_seconds",
            "Age of the oldest task ready to run (0: none).",
            value=_age(now, oldest),
        )
        failed = DBTaskResult.objects.filter(status=TaskResultStatus.FAILED).count()
        yield GaugeMetricFamily(
            "yukon_task_failed", "Failed task rows kept (until the retention sweep).", failed
        )

    def _pools(self) -> GaugeMetricFamily:
        pools = GaugeMetricFamily(
            "yukon_pool_size", "Proven-winnable deals in the pool, per mode.",
            labels=["variant", "draw", "passes"],
        )  # fmt: skip
        rows = (
            DealVerdict.objects.filter(verdict=Verdict.WIN)
            .values("deal__variant", "draw", "passes")
            .annotate(size=Count("pk"))
            .order_by("deal__variant", "draw", "passes")
        )
        for row in rows:
            draw = "" if row["draw"] is None else str(row["draw"])
            passes = "" if row["passes"] is None else str(row["passes"])
            pools.add_metric([row["deal__variant"], draw, passes], row["size"])
        return pools
