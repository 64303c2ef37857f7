#!/usr/bin/env python
"""A rate limit's cost per request (games.limits.check, both counts of an action), counted in
the database's table and in Redis, one after the other in this process: CPU per request here
(thread time), in this process's PostgreSQL backend, and in the Redis server (its INFO's
used_cpu, which counts every client of a shared Redis: run it on a quiet one), and
statements sent to the database.

    .venv/bin/python bench/rate_counts.py [--requests 5000] [--redis redis://127.0.0.1:6379/5]

The counts are made on a fresh key per player (a thousand players, so the table's sweep and
Redis's key making both happen as in play), on the bench's database (DATABASE_URL).
"""

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.site import DEFAULT_DB, Site, loadavg  # noqa: E402


def redis_cpu(client) -> float:
    info = client.info("cpu")
    return info["used_cpu_user"] + info["used_cpu_sys"]


def run(requests: int, players: int) -> tuple[float, float, int]:
    """Thread CPU here and in the database's backend (seconds), and statements sent."""
    import psutil
    from django.db import connection
    from django.test import RequestFactory
    from django.test.utils import CaptureQueriesContext

    from games import limits

    factory = RequestFactory()
    asked = []
    for i in range(players):
        request = factory.post("/game/x/")
        request.player = f"bench-{os.getpid()}-{time.time_ns()}-{i}"
        asked.append(request)
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        backend = psutil.Process(cursor.fetchone()[0])
    limits.check(asked[0], "action")  # connections made, outside the count
    with CaptureQueriesContext(connection) as sent:
        pg_before, start = sum(backend.cpu_times()[:2]), time.thread_time()
        for n in range(requests):
            limits.check(asked[n % players], "action")
        here, pg = time.thread_time() - start, sum(backend.cpu_times()[:2]) - pg_before
    return here, pg, len(sent.captured_queries)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/5")
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    with Site(url, web_workers=0, BENCH_LIMITS="high") as site:
        os.environ.update(site.env)  # the site's settings, on its migrated database
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    import redis
    from django.conf import settings
    from django.test.utils import override_settings

    from games.limits import RATE_CACHE
    from yukon_site.env import redis_cache

    print(f"load average at start {loadavg()}; {args.requests} requests, {args.players} players")
    print(f"{'counted in':<12}{'ms here':>10}{'ms PG':>8}{'ms Redis':>10}{'statements':>12}")
    server = redis.Redis.from_url(args.redis)
    with_redis = {**settings.CACHES, RATE_CACHE: redis_cache(args.redis, "bench")}
    for store, caches in (("table", settings.CACHES), ("redis", with_redis)):
        before = redis_cpu(server)
        with override_settings(CACHES=caches):
            here, pg, statements = run(args.requests, args.players)
        in_redis = redis_cpu(server) - before
        ms = 1000 / args.requests
        print(f"{store:<12}{here * ms:>10.3f}{pg * ms:>8.3f}{in_redis * ms:>10.3f}"
              f"{statements / args.requests:>12.2f}")  # fmt: skip
    for key in server.scan_iter(match="bench:*"):
        server.delete(key)
    return 0


if __name__ == "__main__":
    sys.exit(main())
