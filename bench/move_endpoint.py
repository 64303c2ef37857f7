#!/usr/bin/env python
"""The load test: --load paced players of one --kind (bench/players.py, locust in this process)
and an abusive client against the site as shipped (bench/site.py), with the limits as shipped
(each player its own address behind PROXY_HOPS=1).

    .venv/bin/python bench/move_endpoint.py --load 100 --minutes 1 --think 2 --fresh-db \
        --abuser 0 --db-workers 2 --kind random|strayer|racer|floor|hello|bare

Kinds: random moves on any deal (the worst case); strayers, who play the winnable pool's deals
by their stored lines and stray (--stray); racers, strayers in races of 4 who each follow
their race's live stream (uvicorn beside gunicorn; the time from a move sent to its
opponents' streams is reported), counted from when every racer's first race is dealt; and
the floors under a move, paced the same:
floor (the move's POST with one SELECT and one UPDATE), hello (Django's smallest view), bare
(gunicorn with no Django). Prints the players' p50/p95/p99 and errors, CPU per move by process
(psutil), bytes per move, database growth per player-hour, and the verdicts' latency from the
db_workers' exported histogram (yukon_check_verdict_seconds on their /metrics).
"""

import argparse
import logging
import math
import os
import sys
import time
import urllib.request
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gevent  # noqa: E402  (locust's import patches the standard library for gevent)
import psutil  # noqa: E402
import psycopg  # noqa: E402
from locust.env import Environment  # noqa: E402
from locust.stats import StatsEntry  # noqa: E402
from prometheus_client.parser import text_string_to_metric_families  # noqa: E402

from bench.players import KINDS, Abuser, Player, Racer, Strayer  # noqa: E402
from bench.site import Site, cpu_seconds, manage  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_bench"
SIZES = ("SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c WHERE c.relkind = 'r'"
         " AND c.relnamespace = 'public'::regnamespace")  # fmt: skip
QUEUED = ("SELECT count(*) FROM django_tasks_database_dbtaskresult"
          " WHERE status IN ('READY', 'RUNNING')")  # fmt: skip
POOL = ("SELECT d.number, v.moves FROM solver_dealverdict v JOIN games_deal d ON d.id = v.deal_id"
        " WHERE v.verdict = 'win' AND d.variant = %s AND v.draw IS NOT DISTINCT FROM %s"
        " AND v.passes IS NULL ORDER BY d.number")  # fmt: skip
POOL_MODES = {"yukon": None, "klondike": 1}  # the strayers' deals: Yukon, Klondike draw 1
POOL_DEALS = 24  # solved a mode for the strayers, unless the database has as many
SPAWN_RATE = 20  # players started a second
GRACE = 3.0  # s after the players stop: the checks of where they stood may still end
MOVES = (" move", " undo", " jump", "floor", "hello")  # what counts as a player's move
VERDICT = "yukon_check_verdict_seconds"


def verdict_buckets(site: Site) -> Counter:
    """(verdict, le) → cumulative count, added up over the db_workers' /metrics."""
    buckets = Counter()
    for url in site.metrics:
        with urllib.request.urlopen(url, timeout=10) as answer:
            text = answer.read().decode()
        for family in text_string_to_metric_families(text):
            for s in family.samples if family.name == VERDICT else ():
                if s.name.endswith("_bucket"):
                    buckets[s.labels["verdict"], float(s.labels["le"])] += s.value
    return buckets


def quantile(q: float, buckets: list[tuple[float, float]]) -> float:
    """Prometheus's histogram_quantile: linear within the bucket that holds rank q."""
    rank, low, below = q * buckets[-1][1], 0.0, 0.0
    for le, count in buckets:
        if count >= rank:
            return low if math.isinf(le) else low + (le - low) * (rank - below) / (count - below)
        low, below = le, count
    return math.nan


def verdicts(before: Counter, after: Counter) -> str:
    grown = after.copy()
    grown.subtract(before)
    bounds = sorted({le for _, le in grown})
    by = {v: grown[v, math.inf] for v, _ in grown}
    total = [(le, sum(grown[v, le] for v in by)) for le in bounds]
    if not total or not total[-1][1]:
        return "verdicts: none stored"
    decided, n = by.get("win", 0) + by.get("loss", 0), total[-1][1]
    return (f"verdict p95 {quantile(0.95, total):.2f} s, decided {100 * decided / n:.1f}%"
            f" of {n:.0f} (" + ", ".join(f"{v} {n:.0f}" for v, n in sorted(by.items()))
            + ")")  # fmt: skip


def fill_pool(site: Site, db) -> None:
    """Setup, not counted: each strayer mode's pool filled by the site's own command where it
    holds fewer than POOL_DEALS wins, graded by the db_workers, and its lines read."""
    for variant, draw in POOL_MODES.items():
        if len(db.execute(POOL, [variant, draw]).fetchall()) < POOL_DEALS:
            mode = ["--draw", str(draw)] if draw else []
            manage(site.env, "generate_deals", "--variant", variant, *mode, "--count",
                   str(POOL_DEALS), "--workers", "2", "--budget-seconds", "1")  # fmt: skip
    deadline = time.monotonic() + 600
    while db.execute(QUEUED).fetchone()[0] and time.monotonic() < deadline:
        time.sleep(1)
    for variant, draw in POOL_MODES.items():
        Strayer.pool[variant] = [(n, tuple(line)) for n, line in db.execute(POOL, [variant, draw])]
    print("pool: " + ", ".join(f"{v} {len(d)}" for v, d in Strayer.pool.items()) + " deals")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--load", type=int, required=True, help="paced players")
    parser.add_argument("--minutes", type=float, default=1.0, help="counted time")
    parser.add_argument("--think", type=float, default=2.0, help="a player's pause, ~s")
    parser.add_argument("--kind", choices=list(KINDS), default="random")
    parser.add_argument("--stray", type=float, default=0.1, help="a strayer's random moves")
    parser.add_argument("--db-workers", type=int, default=2)
    parser.add_argument("--abuser", type=int, default=0, help="the abuser's connections")
    parser.add_argument("--fresh-db", action="store_true", help="drop and recreate the database")
    parser.add_argument("--seed", help="the players' deals, moves and pauses, the same each run")
    args = parser.parse_args()
    logging.getLogger("locust").setLevel(logging.ERROR)
    users, url = KINDS[args.kind], os.environ.get("DATABASE_URL") or DEFAULT_DB
    Player.think, Player.seed, Strayer.stray = args.think, args.seed, args.stray
    abuser = type("Flooder", (Abuser,), {"abstract": False, "fixed_count": args.abuser})
    with Site(url, users[0].app, db_workers=args.db_workers, fresh=args.fresh_db,
              live=args.kind == "racer", PROXY_HOPS="1") as site:  # fmt: skip
        db = psycopg.connect(site.db_url, autocommit=True)
        Racer.live_url = site.live_url
        if args.kind in ("strayer", "racer"):
            fill_pool(site, db)
        env = Environment(user_classes=users + ([abuser] if args.abuser else []), host=site.url)
        moves, sizes = Counter(), dict(db.execute(SIZES).fetchall())

        def seen(name, response=None, exception=None, response_length=0, **_) -> None:
            if name.startswith("abuse"):
                moves[f"{name} {getattr(response, 'status_code', 0)}"] += 1
            elif exception is None and name.endswith(MOVES):
                wire = int(response.headers.get("content-length") or response_length)
                moves.update({"moves": 1, "bytes": response_length, "wire": wire})

        env.events.request.add_listener(seen)
        runner = env.create_local_runner()
        runner.start(args.load + args.abuser, spawn_rate=SPAWN_RATE)
        gevent.sleep(1)  # the site's processes, PostgreSQL's backends included, all up
        if users[0].floor:  # counted once every player has opened and made its real move
            gevent.sleep((args.load + args.abuser) / SPAWN_RATE + 1.5 * args.think + 2)
        if args.kind == "racer":  # counted once every race is made and dealt: the making
            # (race pages, countdown polls) is once a race, not what a running race costs. A
            # group short of a full race never races: counted once 15 s pass with no racer
            # dealt in (60 s before the first, whose race has its countdown to run).
            seen, since = 0, time.monotonic()
            while Racer.racing < args.load and time.monotonic() - since < (15 if seen else 60):
                if Racer.racing != seen:
                    seen, since = Racer.racing, time.monotonic()
                gevent.sleep(0.5)
            print(f"{Racer.racing} of {args.load} racers racing as the count starts")
        env.stats.reset_all()
        moves.clear()
        Racer.latencies.clear()
        roles = {"web": site.web_processes(), "PostgreSQL": site.db_backends(),
                 "checks": site.workers, "locust": [psutil.Process()]}  # fmt: skip
        cpu0, started, buckets0 = ({r: cpu_seconds(p) for r, p in roles.items()},
                                   time.monotonic(), verdict_buckets(site))  # fmt: skip
        gevent.sleep(60 * args.minutes)
        cpu = {r: sum(cpu_seconds(p).values()) - sum(cpu0[r].values()) for r, p in roles.items()}
        wall, counted = time.monotonic() - started, dict(moves)
        shown = sorted(Racer.latencies)
        runner.quit()
        gevent.sleep(GRACE)
        checked = verdicts(buckets0, verdict_buckets(site))
        grown = sum(n - sizes.get(t, 0) for t, n in db.execute(SIZES).fetchall())
    report(args, env, counted, cpu, wall, grown, checked)
    if shown:  # racers: a move on its opponents' streams, from the moment it was sent
        p95 = shown[min(len(shown) - 1, int(0.95 * len(shown)))]
        print(f"race updates: {len(shown)} shown, p95 {1000 * p95:.0f} ms from a move sent")
    return 0


def report(args, env, counted: dict, cpu: dict, wall: float, grown: int, checked: str) -> None:
    ours = [e for (n, _), e in env.stats.entries.items() if not n.startswith("abuse")]
    players = StatsEntry(env.stats, "players", "")
    for entry in ours:
        players.extend(entry)
    n = max(counted.get("moves", 0), 1)
    pcts = "/".join(f"{players.get_response_time_percentile(q):.0f}" for q in (0.5, 0.95, 0.99))
    print(f"\nplayers ({args.load} {args.kind}, a move every ~{args.think:g} s): "
          f"{players.num_requests} requests, {players.num_failures} errors, p50/p95/p99 {pcts} ms; "
          "p95 ms: " + ", ".join(f"{e.name} {e.get_response_time_percentile(0.95):.0f}"
                                 for e in ours if e.num_requests))  # fmt: skip
    for error in sorted(env.stats.errors.values(), key=lambda e: e.name.startswith("abuse"))[:5]:
        print(f"  error: {error.occurrences}x {error.name}: {str(error.error)[:200]}")
    site_cpu = sum(s for role, s in cpu.items() if role != "locust")
    split = ", ".join(f"{role} {1000 * s / n:.1f}" for role, s in cpu.items())
    print(
        f"CPU per move: {1000 * site_cpu / n:.1f} ms ({split}; locust apart) over {n} moves, "
        f"{n / wall:.1f} a second; cores in use {site_cpu / wall:.2f} of {psutil.cpu_count()}"
    )
    print(
        f"bytes per move: {counted.get('bytes', 0) / n:.0f} B, "
        f"{counted.get('wire', 0) / n:.0f} B on the wire"
    )
    if args.abuser:
        print("abuser, answers by request and status: " + ", ".join(
            f"{k} {v}" for k, v in sorted(counted.items()) if k.startswith("abuse")))  # fmt: skip
    hours = args.load * args.minutes / 60
    print(f"database growth: {grown / 1024 / hours:.0f} KiB per player-hour")
    print(
        f"{checked}\n\nsummary: {args.kind} {args.load} players: p50/p95/p99 {pcts} ms, "
        f"{players.num_failures} errors, CPU per move {1000 * site_cpu / n:.1f} ms, "
        f"{checked.split(' (')[0]}, {counted.get('wire', 0) / n:.0f} B a move on the wire"
    )


if __name__ == "__main__":
    sys.exit(main())
