"""With DEBUG off, errors leave a traceback on stderr: a request that fails (django.request) and
a background task that fails in the real worker process (django.tasks). Each runs in a
subprocess with the production environment, so the LOGGING the site ships is what is read."""

from __future__ import annotations

import re
import subprocess

from tests.tasks_that_fail import MESSAGE, fail_on_purpose

from .test_settings import manage, production_env


def site_env(tmp_path, **overrides: str) -> dict[str, str]:
    """Production, on a database file of its own, answering the test client's host name over
    plain HTTP (HTTPS would only redirect the request before it fails)."""
    return production_env(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        ALLOWED_HOSTS="testserver",
        HTTPS="0",
        **overrides,
    )


def last_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]


def test_a_failing_request_logs_its_traceback_to_stderr(tmp_path):
    # A database never migrated and static files never collected: the records page fails.
    code = (
        "from django.test import Client;"
        "print(Client(raise_request_exception=False).get('/records/').status_code)"
    )
    result = manage("shell", "-c", code, env=site_env(tmp_path))
    assert last_line(result) == "500"
    log = result.stderr
    assert "ERROR django.request" in log
    assert "Internal Server Error: /records/" in log
    assert "Traceback (most recent call last):" in log


def test_a_failing_task_logs_its_traceback_on_the_workers_stderr(tmp_path):
    env = site_env(tmp_path)
    queued = manage(
        "shell",
        "-c",
        "from django.core.management import call_command;"
        "call_command('migrate', verbosity=0);"
        "from tests.tasks_that_fail import fail_on_purpose;"
        "print(fail_on_purpose.enqueue().id)",
        env=env,
    )
    task_id = last_line(queued)

    worker = manage("db_worker", "--batch", "--no-startup-delay", "--no-reload", env=env)
    assert worker.returncode == 0, worker.stderr
    log = worker.stderr
    path = re.escape(f"{fail_on_purpose.module_path}")
    failed = rf"ERROR django\.tasks \[\d+\] Task id={task_id} path={path} state=FAILED"
    assert re.search(failed, log), log
    assert "Traceback (most recent call last):" in log
    assert f"RuntimeError: {MESSAGE}" in log
    assert worker.stdout == ""  # the worker's log goes to stderr, with the rest
