"""The operator's addresses, answered by the first middleware before any other runs: no host
check (a load balancer or an orchestrator asks by the container's address), no HTTPS redirect
(it asks over the private network), no cookies, no session.

- GET/HEAD /healthz  200 "ok": the process answers. Touches no database.
- GET/HEAD /readyz   200 "ready", or 503 naming what is wrong: the database does not answer,
                     migrations are not applied, the check queue is stalled (a dead-end
                     check ready to run for more than READY_STALL), or players' checks have
                     waited over UNATTENDED with no worker on them and no wake-up on its way.
- GET /metrics       Prometheus text, with `Authorization: Bearer <METRICS_TOKEN>`; 404 while
                     METRICS_TOKEN is unset, 401 for a wrong token.

Every other request is timed, and counted per view (metrics.REQUEST_SECONDS).
"""

from __future__ import annotations

import hmac
import os
import time
from collections.abc import Callable
from datetime import timedelta

from django.conf import settings
from django.db import DatabaseError, connection
from django.db.migrations.executor import MigrationExecutor
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django_tasks_db.models import DBTaskResult
from prometheus_client import (
    CONTENT_TYPE_LATEST,
    REGISTRY,
    CollectorRegistry,
    generate_latest,
    multiprocess,
)

import metrics
from solver.deadends import tasks
from solver.deadends.tasks import check_position

from .gauges import DatabaseGauges

READY_STALL = timedelta(minutes=1)
# Longer than a worker takes to notice a dead one's lease ran out and wake the queue again.
UNATTENDED = timedelta(seconds=15)
METHODS = {"GET", "HEAD", "POST"}
_migrated = False  # once every migration is applied, it stays so for this process


def text(body: str, status: int = 200, **headers: str) -> HttpResponse:
    response = HttpResponse(body, status=status, content_type="text/plain; charset=utf-8",
                            headers={"Cache-Control": "no-store", **headers})  # fmt: skip
    return response


def healthz(request: HttpRequest) -> HttpResponse:
    return text("ok\n")


def readyz(request: HttpRequest) -> HttpResponse:
    problem = not_ready()
    return text(f"not ready: {problem}\n", status=503) if problem else text("ready\n")


def not_ready(db=connection) -> str:
    """What keeps the site from serving, in words; "" when nothing does."""
    global _migrated
    try:
        with db.cursor() as cursor:
            cursor.execute("SELECT 1")
        if not _migrated:
            executor = MigrationExecutor(db)
            plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
            if plan:
                return f"{len(plan)} migrations not applied (manage.py migrate)"
            _migrated = True
        stalled = DBTaskResult.objects.ready().filter(
            task_path=check_position.module_path,
            enqueued_at__lt=timezone.now() - READY_STALL,
        )
        if stalled.exists():
            return "the check queue is stalled: a check has been ready for over a minute"
        if forgotten := tasks.unattended(timezone.now() - UNATTENDED):
            return (
                f"{forgotten} dead-end checks have waited over {UNATTENDED.seconds} s with no "
                "worker on them"
            )
    except DatabaseError as error:
        return f"the database does not answer ({type(error).__name__})"
    return ""


def metrics_view(request: HttpRequest) -> HttpResponse:
    token = settings.METRICS_TOKEN
    if not token:
        return text("Not found\n", status=404)
    given = request.headers.get("Authorization", "")
    if not hmac.compare_digest(given.encode(), f"Bearer {token}".encode()):
        return text("A metrics token is needed: Authorization: Bearer <METRICS_TOKEN>\n",
                    status=401, **{"WWW-Authenticate": "Bearer"})  # fmt: skip
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)  # every gunicorn worker's files
    else:
        registry = CollectorRegistry()
        registry.register(_ThisProcess())
    registry.register(DatabaseGauges())
    return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST,
                        headers={"Cache-Control": "no-store"})  # fmt: skip


class _ThisProcess:
    """The default registry's metrics (a single process: runserver, tests)."""

    def collect(self):
        return REGISTRY.collect()


PROBES: dict[str, tuple[set[str], Callable[[HttpRequest], HttpResponse]]] = {
    "/healthz": ({"GET", "HEAD"}, healthz),
    "/readyz": ({"GET", "HEAD"}, readyz),
    "/metrics": ({"GET"}, metrics_view),
}


def probes_middleware(get_response):
    """First in MIDDLEWARE: answers the probes; times everything else per view."""

    def middleware(request: HttpRequest) -> HttpResponse:
        probe = PROBES.get(request.path_info)
        if probe is not None:
            methods, view = probe
            if request.method not in methods:
                return text("Method not allowed\n", status=405, Allow=", ".join(sorted(methods)))
            return view(request)
        started = time.perf_counter()
        response = get_response(request)
        match = getattr(request, "resolver_match", None)
        metrics.REQUEST_SECONDS.labels(
            view=match.view_name if match else "unmatched",
            method=request.method if request.method in METHODS else "other",
            status=str(response.status_code),
        ).observe(time.perf_counter() - started)
        return response

    return middleware
