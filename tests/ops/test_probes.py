"""The operator's probes (issue 21): /healthz answers without the database, /readyz says what
keeps the site from serving, both take HEAD, and neither is stopped by the host check or the
HTTPS redirect (a load balancer asks by the container's address, over plain HTTP)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.db.utils import load_backend
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from ops import probes
from solver.deadends.tasks import check_position

pytestmark = pytest.mark.django_db


@pytest.fixture
def production_http(settings):
    """What a probe meets in production: a strange host name, and HTTPS required."""
    settings.ALLOWED_HOSTS = ["yukon.example.org"]
    settings.SECURE_SSL_REDIRECT = True


def test_healthz_answers_get_and_head_without_the_database(django_assert_num_queries):
    client = Client()
    with django_assert_num_queries(0):
        got, head = client.get("/healthz"), client.head("/healthz")
    assert got.status_code == head.status_code == 200
    assert got.content == b"ok\n" and head.content == b""
    assert got["Cache-Control"] == "no-store"


def test_probes_answer_any_host_over_plain_http(production_http):
    client = Client(HTTP_HOST="10.1.2.3:8000")
    assert client.get("/healthz").status_code == 200
    assert client.get("/readyz").status_code == 200
    assert client.get("/").status_code == 400, "the site itself still checks the host"


def test_probes_refuse_other_methods():
    response = Client().post("/healthz")
    assert response.status_code == 405 and response["Allow"] == "GET, HEAD"


def test_readyz_is_ready_on_a_migrated_database_with_a_moving_queue():
    check_position.enqueue()  # a check just queued: the worker has a minute
    got, head = Client().get("/readyz"), Client().head("/readyz")
    assert (got.status_code, got.content, head.status_code) == (200, b"ready\n", 200)


def test_readyz_names_a_stalled_check_queue():
    queued = check_position.enqueue()
    DBTaskResult.objects.filter(pk=queued.id).update(
        enqueued_at=timezone.now() - probes.READY_STALL - timedelta(seconds=1)
    )
    response = Client().get("/readyz")
    assert response.status_code == 503
    assert b"check queue is stalled" in response.content
    DBTaskResult.objects.filter(pk=queued.id).update(status="SUCCESSFUL")
    assert Client().get("/readyz").status_code == 200, "once the worker took it, ready again"


def test_readyz_names_a_database_that_does_not_answer():
    gone = dict(connection.settings_dict)
    if gone["ENGINE"].endswith("sqlite3"):
        gone["NAME"] = "/nonexistent-folder/db.sqlite3"
    else:
        gone["PORT"] = "1"  # nothing listens there
    unreachable = load_backend(gone["ENGINE"]).DatabaseWrapper(gone, alias="unreachable")
    try:
        assert probes.not_ready(unreachable).startswith("the database does not answer")
    finally:
        unreachable.close()


@pytest.mark.django_db(transaction=True)
def test_readyz_names_migrations_not_applied(monkeypatch):
    from django.core.management import call_command
    from django.db import connection
    from django.db.migrations.loader import MigrationLoader

    graph = MigrationLoader(connection).graph
    # daily has two migrations (games' and solver's are squashed into one each).
    (last,) = graph.leaf_nodes("daily")
    (before,) = [p.key for p in graph.node_map[last].parents if p.key[0] == "daily"]
    monkeypatch.setattr(probes, "_migrated", False)
    call_command("migrate", "daily", before[1], verbosity=0)
    try:
        problem = probes.not_ready()
        assert problem == "1 migrations not applied (manage.py migrate)"
    finally:
        call_command("migrate", "daily", verbosity=0)
    assert probes.not_ready() == ""
