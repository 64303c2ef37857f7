#!/usr/bin/env python
"""The web server's own floor: gunicorn, started with the flags the load test gives the site
(gthread, --workers x --threads, keep-alive 5 s), serving a WSGI application that answers
"Hello, world" with no Django at all, to --players paced players (locust, a GET every
0.5-1.5 x --think s on a keep-alive connection each, as the load test's players). Prints the
server's CPU per request: what every request of the site costs before Django sees it.

    .venv/bin/python bench/server_floor.py [--players 300] [--think 2] [--seconds 40]

The load test's `--kind hello` and `--kind floor` (bench/move_endpoint.py) are the next two
steps up: Django's smallest view, and the least a stored move costs.
"""

import argparse
import logging
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gevent  # noqa: E402  (locust's import patches the standard library for gevent)
import psutil  # noqa: E402
from locust import FastHttpUser, task  # noqa: E402
from locust.env import Environment  # noqa: E402

from bench.site import ROOT, cpu_seconds, free_bind, gunicorn_command, loadavg, spent  # noqa: E402

SPAWN_RATE = 50  # players started a second


class Caller(FastHttpUser):
    """A player who asks for the bare answer every 0.5-1.5 x `think` s."""

    abstract, think = True, 2.0

    def wait_time(self) -> float:
        return random.uniform(0.5, 1.5) * self.think

    @task
    def hello(self) -> None:
        self.client.get("/", name="bare hello")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--think", type=float, default=2.0, help="paced pause, ~s")
    parser.add_argument("--seconds", type=float, default=40.0, help="counted time")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--threads", type=int, default=8, help="gthread threads per worker")
    args = parser.parse_args()
    logging.getLogger("locust").setLevel(logging.ERROR)
    bind = free_bind()
    command = gunicorn_command("bench.hello.bare:application", bind, args.workers, args.threads)
    server = subprocess.Popen(command, cwd=ROOT)
    try:
        deadline = time.monotonic() + 30
        while len(psutil.Process(server.pid).children()) < args.workers:
            if time.monotonic() > deadline or server.poll() is not None:
                raise RuntimeError("gunicorn did not start its workers within 30 s")
            time.sleep(0.2)
        workers = psutil.Process(server.pid).children()
        print(
            f"load average at start {loadavg()}; gunicorn gthread {args.workers} workers x "
            f"{args.threads} threads, {args.players} players pausing ~{args.think:g} s"
        )
        user = type("Bare", (Caller,), {"abstract": False, "think": args.think})
        env = Environment(user_classes=[user], host=f"http://{bind}")
        runner = env.create_local_runner()
        runner.start(args.players, spawn_rate=SPAWN_RATE)
        gevent.sleep(args.players / SPAWN_RATE + 1.5 * args.think + 2)  # all of them going
        env.stats.reset_all()
        me = psutil.Process()
        before, client0, t0 = cpu_seconds(workers), sum(me.cpu_times()[:2]), time.monotonic()
        gevent.sleep(args.seconds)
        used, wall = spent(before, cpu_seconds(workers)), time.monotonic() - t0
        client = sum(me.cpu_times()[:2]) - client0
        total = env.stats.total
        runner.quit()
    finally:
        server.send_signal(signal.SIGINT)  # gunicorn's quick shutdown: no keep-alive linger
        server.wait(30)
    n = max(total.num_requests, 1)
    print(f"{total.num_requests / wall:.1f} req/s, p50/p95/p99 "
          + "/".join(f"{total.get_response_time_percentile(q):.0f}" for q in (0.5, 0.95, 0.99))
          + f" ms, {total.num_failures} errors; server CPU {1000 * used / n:.2f} ms a request "
          f"({used / wall:.2f} cores), client {1000 * client / n:.2f} ms (apart)")  # fmt: skip
    return 1 if total.num_failures else 0


if __name__ == "__main__":
    sys.exit(main())
