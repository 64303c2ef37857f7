#!/usr/bin/env python
"""Publish to receive, over Redis: `--subscribers` browsers' streams open on one live host
(uvicorn running the site's ASGI application, as the compose file's `live` service does), and
an event published every `--every` s (live.publish, as a web host does); prints the latency
from publish to each stream's reading it, p50/p95/p99/max, events lost, and the live host's
threads and memory with every stream open, and its CPU per event delivered to a stream.

    .venv/bin/python bench/live.py [--subscribers 100] [--events 50] [--every 0.1]

REDIS_URL (default redis://127.0.0.1:6379/0) is the Redis; channels go under a prefix of the
run's own. The subscribers and the publisher share this process and its clock.
"""

import argparse
import asyncio
import os
import secrets
import socket
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
REDIS = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0")
PREFIX = f"bench-live-{secrets.token_hex(4)}:"
os.environ.update(DEBUG="1", LIVE_URL=REDIS, LIVE_PREFIX=PREFIX, LOG_LEVEL="WARNING")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")

import django  # noqa: E402
import psutil  # noqa: E402

django.setup()
from live import publish  # noqa: E402


def start_host() -> tuple[subprocess.Popen, int]:
    """uvicorn on a socket bound here: connections wait for it to be up."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1024)
    fd = listener.fileno()
    command = [sys.executable, "-m", "uvicorn", "yukon_site.asgi:application", "--fd", str(fd),
               "--no-access-log", "--timeout-graceful-shutdown", "1"]  # fmt: skip
    host = subprocess.Popen(command, cwd=ROOT, pass_fds=[fd], env=os.environ.copy())
    port = listener.getsockname()[1]
    listener.close()
    return host, port


async def subscriber(port: int, subscribed: asyncio.Event, ready: list, latencies: list,
                     events: int) -> None:  # fmt: skip
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(b"GET /live/bench/ HTTP/1.0\r\nHost: 127.0.0.1\r\n\r\n")  # no chunking
    seen = 0
    while seen < events:
        line = await reader.readline()
        if not line:
            break
        if line == b": live\n":  # the stream is subscribed
            ready.append(1)
            subscribed.set()
        elif line.startswith(b"data: "):
            latencies.append(time.perf_counter() - float(line[6:]))
            seen += 1
    writer.close()


async def run(port: int, count: int, events: int, every: float, host: psutil.Process) -> tuple:
    latencies, ready, subscribed = [], [], asyncio.Event()
    tasks = [asyncio.create_task(subscriber(port, subscribed, ready, latencies, events))
             for _ in range(count)]  # fmt: skip
    while len(ready) < count:  # every stream subscribed before the first event
        subscribed.clear()
        await asyncio.wait_for(subscribed.wait(), 60)
    held = host.num_threads(), host.memory_info().rss / 2**20
    cpu = sum(host.cpu_times()[:2])
    for _ in range(events):
        await asyncio.to_thread(publish, "bench", "tick", repr(time.perf_counter()))
        await asyncio.sleep(every)
    await asyncio.wait_for(asyncio.gather(*tasks), 30)
    return latencies, (*held, sum(host.cpu_times()[:2]) - cpu)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscribers", type=int, default=100)
    parser.add_argument("--events", type=int, default=50)
    parser.add_argument("--every", type=float, default=0.1, help="seconds between events")
    args = parser.parse_args()
    host, port = start_host()
    try:
        latencies, (threads, rss, cpu) = asyncio.run(
            run(port, args.subscribers, args.events, args.every, psutil.Process(host.pid))
        )
    finally:
        host.terminate()
        host.wait(timeout=10)
    ms = sorted(x * 1000 for x in latencies)
    cuts = statistics.quantiles(ms, n=100)
    expected = args.subscribers * args.events
    print(f"{args.subscribers} streams x {args.events} events over Redis: publish to receive "
          f"p50 {cuts[49]:.1f} ms, p95 {cuts[94]:.1f} ms, p99 {cuts[98]:.1f} ms, "
          f"max {ms[-1]:.1f} ms; {expected - len(ms)} of {expected} lost; the live host with "
          f"every stream open: {threads} threads, {rss:.0f} MB resident; its CPU "
          f"{1e6 * cpu / max(len(ms), 1):.0f} us per event delivered to a stream")  # fmt: skip


if __name__ == "__main__":
    main()
