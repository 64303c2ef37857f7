"""Live across hosts (issue 40): two live hosts (the compose file's `live` command) behind a
round-robin HAProxy that sends them /live/* (tests/ops/haproxy.py's haproxy_config, as Caddy
spreads /live/* over the `live` replicas); browsers' streams land on both; one publish, from
a process that is neither (a web host or a worker), reaches every stream on both hosts
through Redis."""

from __future__ import annotations

import http.client
import secrets
import shutil
import subprocess

import pytest

from live import publish
from tests.ops.cluster import HOST, free_port, get_status, wait_for
from tests.ops.haproxy import haproxy_config

from .hosts import REDIS, LiveHosts, read_block

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]


def test_an_event_published_once_reaches_the_streams_on_every_live_host(tmp_path, settings):
    settings.LIVE_URL, settings.LIVE_PREFIX = REDIS, f"test-live-{secrets.token_hex(6)}:"
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    hosts = LiveHosts(tmp_path, settings.LIVE_PREFIX)
    streams: list[tuple[http.client.HTTPConnection, http.client.HTTPResponse, str]] = []
    proxy = None
    try:
        backends = {name: f"{HOST}:{hosts.start(name)}" for name in ("live1", "live2")}
        port = free_port()
        config = tmp_path / "haproxy.cfg"
        config.write_text(haproxy_config(port, {}, "127.0.0.2", live=backends))  # no web here
        for bind in backends.values():  # up before the proxy's first health check
            wait_for(lambda bind=bind: get_status(bind, "/healthz") == 200, bind, hosts.logs)
        with open(tmp_path / "haproxy.log", "wb") as log:
            proxy = subprocess.Popen([haproxy, "-db", "-f", str(config)], stdout=log,
                                     stderr=log)  # fmt: skip
        # Only /live/* goes to the live hosts: the rest is the web's (none in this test).
        wait_for(lambda: get_status(f"{HOST}:{port}", "/healthz") == 503, "haproxy", hosts.logs)

        # Streams through the proxy until both hosts hold some (a host is taken in turn once
        # its health check passes); each is subscribed once its opening has come.
        while {host for *_, host in streams} != set(backends) or len(streams) < 4:
            assert len(streams) < 40, f"the proxy never used both hosts\n{hosts.logs()}"
            connection = http.client.HTTPConnection(HOST, port, timeout=30)
            connection.request("GET", "/live/race-spread/")
            response = connection.getresponse()
            assert response.status == 200, hosts.logs()
            assert read_block(response) == ["retry: 2000", ": live"]
            streams.append((connection, response, response.getheader("X-Served-By")))

        publish("race-spread", "player", "Bob: 12 home")
        for _, response, host in streams:
            assert read_block(response) == ["event: player", "data: Bob: 12 home"], host
    finally:
        for connection, *_ in streams:
            connection.close()
        if proxy is not None:
            proxy.terminate()
            proxy.wait(timeout=10)
        hosts.close()
