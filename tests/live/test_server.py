"""The stream as deployed: uvicorn running the site's ASGI application with the production
settings (the compose file's `live` service), Redis between it and the publishing process.
The browser's side is a plain HTTP connection that asks for gzip, as browsers do."""

from __future__ import annotations

import http.client
import secrets
import socket
import subprocess
import sys

import pytest

from live import publish
from tests.ops.cluster import HOST, ROOT, site_env

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]
REDIS = "redis://127.0.0.1:6379/0"


@pytest.fixture
def server(tmp_path, settings):
    """uvicorn on a socket bound here, so a connection waits for it to start (no port taken
    meanwhile, no polling); yields the port."""
    settings.LIVE_URL, settings.LIVE_PREFIX = REDIS, f"test-live-{secrets.token_hex(6)}:"
    env = site_env(f"sqlite:///{tmp_path / 'unused.sqlite3'}", LIVE_URL=REDIS,
                   LIVE_PREFIX=settings.LIVE_PREFIX)  # fmt: skip
    with socket.socket() as listener, open(tmp_path / "uvicorn.log", "wb") as log:
        listener.bind((HOST, 0))
        listener.listen(64)
        process = subprocess.Popen(
            [sys.executable, "-m", "uvicorn", "yukon_site.asgi:application",
             "--fd", str(listener.fileno()), "--no-access-log", "--timeout-graceful-shutdown", "5"],
            cwd=ROOT, env=env, stdout=log, stderr=log, pass_fds=[listener.fileno()],
        )  # fmt: skip
        port = listener.getsockname()[1]
    try:
        yield port
    finally:
        process.terminate()
        process.wait(timeout=10)
        print((tmp_path / "uvicorn.log").read_text(errors="replace")[-2000:])


def read_block(response) -> list[str]:
    """The stream's lines up to the next blank line."""
    lines = []
    while (line := response.readline().decode()) not in ("\n", ""):
        lines.append(line.rstrip("\n"))
    return lines


def test_uvicorn_streams_an_event_published_by_another_process_through_redis(server):
    connection = http.client.HTTPConnection(HOST, server, timeout=30)
    try:
        connection.request("GET", "/live/race-served/", headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        assert response.status == 200
        assert response.getheader("Content-Type") == "text/event-stream"
        assert response.getheader("Content-Encoding") is None
        assert read_block(response) == ["retry: 2000", ": live"]  # subscribed

        publish("race-served", "player", "Ann\nwon")
        assert read_block(response) == ["event: player", "data: Ann", "data: won"]
    finally:
        connection.close()
