"""The compose file's reverse proxy (issue 21): the repo's Caddyfile, read by Caddy itself
(Debian's caddy package; .ci/run installs it): with DOMAIN set, HTTPS for that name with
automatic certificates; without, plain HTTP on port 80; either way every web replica, in
turn, behind it, and the live streams (/live/*) on the `live` service's replicas (issue 40)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

CADDYFILE = Path(__file__).resolve().parents[2] / "Caddyfile"


def caddy(*args: str, **env: str) -> subprocess.CompletedProcess:
    binary = shutil.which("caddy")
    if binary is None:
        pytest.fail("caddy is missing: apt-get install -y caddy (.ci/run does)")
    environment = {k: v for k, v in os.environ.items() if k != "DOMAIN"} | env
    return subprocess.run([binary, *args, "--config", str(CADDYFILE), "--adapter", "caddyfile"],
                          capture_output=True, text=True, env=environment, timeout=60)  # fmt: skip


def server(**env: str) -> dict:
    adapted = caddy("adapt", **env)
    assert adapted.returncode == 0, adapted.stderr
    (only,) = json.loads(adapted.stdout)["apps"]["http"]["servers"].values()
    return only


def proxies(node, paths: tuple[str, ...] = ()) -> dict[tuple[str, ...], dict]:
    """Every reverse_proxy handler in the adapted configuration, by the paths its route
    matches (() for every path)."""
    found = {}
    if isinstance(node, dict):
        if node.get("handler") == "reverse_proxy":
            found[paths] = node
        for match in node.get("match", []):
            paths = tuple(match.get("path", paths))
        for value in node.values():
            found |= proxies(value, paths)
    elif isinstance(node, list):
        for value in node:
            found |= proxies(value, paths)
    return found


def test_the_caddyfile_is_valid():
    checked = caddy("validate")
    assert checked.returncode == 0, checked.stderr


def test_a_domain_gets_https_with_automatic_certificates():
    site = server(DOMAIN="yukon.example.org")
    assert site["listen"] == [":443"]
    assert site["routes"][0]["match"] == [{"host": ["yukon.example.org"]}]
    assert "automatic_https" not in site, "certificates obtained and renewed by Caddy"


def test_without_a_domain_it_is_plain_http_on_port_80():
    site = server()
    assert site["listen"] == [":80"]
    hosts = [m for route in site["routes"] for m in route.get("match", []) if "host" in m]
    assert not hosts, "any host name: localhost, 127.0.0.1"
    assert server(DOMAIN=":80") == site, "as the compose file says it when DOMAIN is unset"


def test_every_web_replica_is_proxied_to_in_turn():
    handler = proxies(server())[()]
    assert handler["dynamic_upstreams"] == {
        "source": "a", "name": "web", "port": "8000", "refresh": 5_000_000_000,
    }  # fmt: skip
    assert handler["load_balancing"]["selection_policy"] == {"policy": "round_robin"}
    # No trusted_proxies: X-Forwarded-For is the client Caddy saw, whatever a client sends.
    assert "trusted_proxies" not in handler


@pytest.mark.parametrize("domain", [{}, {"DOMAIN": "yukon.example.org"}])
def test_the_live_streams_go_to_the_live_replicas_each_event_passed_on_at_once(domain):
    handlers = proxies(server(**domain))
    assert set(handlers) == {("/live/*",), ()}
    live = handlers[("/live/*",)]
    assert live["dynamic_upstreams"] == {
        "source": "a", "name": "live", "port": "8001", "refresh": 5_000_000_000,
    }  # fmt: skip
    assert live["flush_interval"] == -1
    assert "trusted_proxies" not in live


def test_the_compose_files_web_counts_each_client_behind_caddy():
    from ..test_settings import compose_env

    env = compose_env()
    assert (env["PROXY_HOPS"], env["SECURE_PROXY_SSL_HEADER"]) == ("1", "1")
    compose = (CADDYFILE.parent / "docker-compose.yml").read_text()
    assert "./Caddyfile:/etc/caddy/Caddyfile:ro" in compose and "image: caddy:2" in compose
    assert "/readyz" in compose, "the web's healthcheck"
