"""HAProxy in front of a test's web hosts (tests/ops/cluster.py's Cluster), as an operator
runs two or more: round robin, health-checked, and /live/* to the live hosts when there are
any, as Caddy sends it."""

from __future__ import annotations

import os
import shutil
import subprocess

from .cluster import HOST, Cluster, free_port, get_status, wait_for


def haproxy_config(port: int, hosts: dict[str, str], source: str,
                   live: dict[str, str] | None = None) -> str:  # fmt: skip
    """Round robin over `hosts` (name: host:port), health-checked on /healthz; each answer
    names its host in X-Served-By. Connects to them from `source`, so the site's REMOTE_ADDR
    is the proxy's, never the client's: only X-Forwarded-For carries the client's address.
    With `live` hosts (the ASGI server, as the compose file's `live` service), /live/* goes to
    them instead, as Caddy sends it."""

    def backend(name: str, servers: dict[str, str]) -> str:
        lines = "\n".join(
            f"    server {server} {bind} check inter 300ms fall 2 rise 2 source {source}"
            for server, bind in servers.items()
        )
        return f"""backend {name}
    balance roundrobin
    option httpchk GET /healthz
    http-response set-header X-Served-By %s
{lines}
"""

    routing = "    use_backend live if { path_beg /live/ }\n" if live else ""
    return f"""global
    maxconn 512
defaults
    mode http
    timeout connect 2s
    timeout client 30s
    timeout server 30s
    timeout check 3s
    retries 3
    option redispatch 1
    retry-on conn-failure empty-response 502 503
frontend players
    bind {HOST}:{port}
    option forwardfor
{routing}    default_backend web
{backend("web", hosts)}{backend("live", live) if live else ""}"""


def start_haproxy(cluster: Cluster, hosts: dict[str, str], source: str = "127.0.0.2",
                  live: dict[str, str] | None = None) -> str:  # fmt: skip
    haproxy = shutil.which("haproxy") or "/usr/sbin/haproxy"
    if not os.path.exists(haproxy):
        raise AssertionError("haproxy is missing: apt-get install -y haproxy (.ci/run does)")
    port = free_port()
    config = cluster.folder / "haproxy.cfg"
    config.write_text(haproxy_config(port, hosts, source, live))
    check = subprocess.run([haproxy, "-c", "-f", str(config)], capture_output=True, text=True)
    assert check.returncode == 0, f"haproxy refuses its configuration:\n{check.stderr}"
    process = cluster._start("haproxy", [haproxy, "-db", "-f", str(config)])
    bind = f"{HOST}:{port}"
    wait_for(lambda: process.poll() is None and get_status(bind, "/healthz") == 200,
             "haproxy to answer", cluster.log("haproxy"))  # fmt: skip
    return bind
