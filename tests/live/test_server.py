"""The stream as deployed (tests/live/hosts.py: the compose file's `live` command, production
settings), Redis between it and the publishing process. The browser's side is a plain HTTP
connection that asks for gzip, as browsers do."""

from __future__ import annotations

import http.client
import secrets

import pytest

from live import publish
from tests.ops.cluster import HOST

from .hosts import REDIS, LiveHosts, read_block

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def hosts(tmp_path, settings):
    settings.LIVE_URL, settings.LIVE_PREFIX = REDIS, f"test-live-{secrets.token_hex(6)}:"
    hosts = LiveHosts(tmp_path, settings.LIVE_PREFIX)
    try:
        yield hosts
    finally:
        hosts.close()


def test_uvicorn_streams_an_event_published_by_another_process_through_redis(hosts):
    connection = http.client.HTTPConnection(HOST, hosts.start("live"), timeout=30)
    try:
        connection.request("GET", "/live/race-served/", headers={"Accept-Encoding": "gzip"})
        response = connection.getresponse()
        assert response.status == 200, hosts.logs()
        assert response.getheader("Content-Type") == "text/event-stream"
        assert response.getheader("Content-Encoding") is None
        assert read_block(response) == ["retry: 2000", ": live"]  # subscribed

        publish("race-served", "player", "Ann\nwon")
        assert read_block(response) == ["event: player", "data: Ann", "data: won"]
    finally:
        connection.close()
