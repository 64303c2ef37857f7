#!/usr/bin/env python
"""The move endpoint under gunicorn + PostgreSQL beside a hello-world view and the save floor on
the same stack, in one run (DESIGN.md §6). Prints figures; it is not a test.

    .venv/bin/python bench/move_endpoint.py [--seconds 20] [--players 16,64] [--think 1]

The site comes from bench/site.py (DEBUG=0, gunicorn gthread); the load from bench/players.py
(locust, in this process). Each phase starts its locust users, waits until each has opened its
game, warms up for --warmup s, then counts --seconds s: hello, Yukon moves, Klondike (draw 1) moves
and the save floor (the move's POST to a view that reads the game and writes it back with the
move's conditional UPDATE: no rules, no check, no board), at each --players level with players
who never pause, then each variant at the top level with players who pause 0.5-1.5 x --think s.
CPU per request: the gunicorn workers' and the PostgreSQL backends' (psutil) over the counted
requests; the load generator's own CPU is printed apart. Latencies are locust's (whole ms).
"""

from __future__ import annotations

import argparse
import gzip
import logging
import os
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gevent  # noqa: E402  (locust's import patches the standard library for gevent)
import psutil  # noqa: E402
from locust.env import Environment  # noqa: E402

from bench.players import Floor, Hello, Player  # noqa: E402
from bench.site import DEFAULT_DB, Site, cpu_seconds, spent  # noqa: E402

TARGET_FLOOR_RATIO = 1.5  # issue 11: a move costs <= 1.5x the save floor, same run
TARGET_P99_MS = 100.0
TARGET_PARTIAL = 12 * 1024
CORES = psutil.cpu_count() or 1


def run_phase(site: Site, name: str, user: type, players: int, seconds: float, warmup: float):
    env = Environment(user_classes=[user], host=site.url)
    bodies: dict[str, list[bytes]] = {"move": [], "open": []}

    def seen(name, response=None, exception=None, **_) -> None:
        kind = "open" if name == "open" else "move" if name.endswith((" move", " undo")) else ""
        if kind and exception is None and response is not None:
            bodies[kind].append(response.content or b"")

    env.events.request.add_listener(seen)
    runner = env.create_local_runner()
    runner.start(players, spawn_rate=players)
    while hasattr(user, "open_game") and env.stats.get("open", "GET").num_requests < players:
        gevent.sleep(0.1)
    gevent.sleep(warmup)
    env.stats.reset_all()
    bodies["move"].clear()
    web, pg, own = site.web_processes(), site.db_backends(), psutil.Process()
    before = cpu_seconds(web), cpu_seconds(pg), cpu_seconds([own]), psutil.cpu_times()
    gevent.sleep(seconds)
    after = cpu_seconds(web), cpu_seconds(pg), cpu_seconds([own]), psutil.cpu_times()
    total = env.stats.total
    n = max(1, total.num_requests)
    machine = [b - a for a, b in zip(before[3][:8], after[3][:8], strict=True)]  # to steal
    busy = 1 - (machine[3] + machine[4]) / sum(machine)  # all but idle and iowait
    result = {
        "name": name, "players": players, "requests": total.num_requests,
        "rate": total.num_requests / seconds, "p50": total.get_response_time_percentile(0.5),
        "p99": total.get_response_time_percentile(0.99), "max": total.max_response_time,
        "web": 1000 * spent(before[0], after[0]) / n, "pg": 1000 * spent(before[1], after[1]) / n,
        "client": 1000 * spent(before[2], after[2]) / n, "busy": busy,
        "errors": [f"{e.occurrences}x {e.name}: {e.error}" for e in env.stats.errors.values()],
        "failures": total.num_failures,
        "kinds": {k[0]: s.num_requests for k, s in env.stats.entries.items() if s.num_requests},
        "bodies": bodies, "pg_gone": len(set(before[1]) - set(after[1])),
    }  # fmt: skip
    ours = (result["web"] + result["pg"] + result["client"]) * n / 1000 / (seconds * CORES)
    result["others"] = max(0.0, busy - ours)
    runner.quit()
    print(f"  {name} at {players}: {total.num_requests} requests", flush=True)
    return result


def both(result: dict) -> float:
    return result["web"] + result["pg"]


def report(results: list[dict]) -> None:
    print("\nms of CPU per request: web = gunicorn workers, PG = PostgreSQL backends, client = the")
    print("load generator (this process); machine = share of all cores busy, everything included;")
    print("others = the part of it that was neither gunicorn, PostgreSQL's backends nor the client")
    head = (f"{'phase':<16}{'players':>8}{'requests':>9}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}"
            f"{'max ms':>8}{'web CPU':>9}{'PG CPU':>8}{'client':>8}{'machine':>9}{'others':>8}"
            f"{'errors':>7}")  # fmt: skip
    print(head + "\n" + "-" * len(head))
    for r in results:
        mix = f"  mix {r['kinds']}" if len(r["kinds"]) > 1 else ""
        print(f"{r['name']:<16}{r['players']:>8}{r['requests']:>9}{r['rate']:>8.0f}{r['p50']:>8.0f}"
              f"{r['p99']:>8.0f}{r['max']:>8.0f}{r['web']:>9.2f}{r['pg']:>8.2f}{r['client']:>8.2f}"
              f"{100 * r['busy']:>8.0f}%{100 * r['others']:>7.0f}%"
              f"{r['failures']:>7}{mix}")  # fmt: skip
    by = {(r["name"], r["players"]): r for r in results}
    print()
    for n in sorted({r["players"] for r in results}):
        hello, floor = by.get(("hello", n)), by.get(("save floor", n))
        if not hello:
            continue
        for move in [by[key] for key in by if key[1] == n and key[0].endswith(" move")]:
            line = (f"CPU {move['name']:<14} at {n:>2} players: {move['web'] / hello['web']:5.1f}x"
                    f" hello gunicorn only, {both(move) / both(hello):5.1f}x"
                    " with PostgreSQL")  # fmt: skip
            if floor:
                ratio = both(move) / both(floor)
                ok = "met" if ratio <= TARGET_FLOOR_RATIO else "NOT met"
                line += f"; {ratio:4.2f}x the save floor (target <= {TARGET_FLOOR_RATIO}x: {ok})"
            print(line)
        if floor:
            print(f"CPU save floor     at {n:>2} players: {floor['web'] / hello['web']:5.1f}x "
                  f"hello gunicorn only, {both(floor) / both(hello):5.1f}x with PostgreSQL "
                  "(the move's POST, one SELECT and one UPDATE)")  # fmt: skip
    top = max(r["players"] for r in results)
    for name in ("yukon move", "klondike move", "yukon paced", "klondike paced"):
        if move := by.get((name, top)):
            pace = "(pausing between moves)" if "paced" in name else "(no pauses)"
            ok = "met" if move["p99"] < TARGET_P99_MS else "NOT met"
            print(f"p99 {name:<14} at {top} players: {move['p99']:6.0f} ms {pace:<24}"
                  f"(target < {TARGET_P99_MS:.0f} ms: {ok})")  # fmt: skip
            if "paced" not in name:  # Little's law: a closed loop's mean wait is n / throughput
                print(f"    players who never pause: mean latency = {top} / {move['rate']:.0f} "
                      f"req/s = {1000 * top / move['rate']:.0f} ms")  # fmt: skip
    for variant in ("yukon", "klondike"):
        bodies = [b for r in results if r["name"].startswith(variant) for b in r["bodies"]["move"]]
        if bodies:
            sizes = sorted(map(len, bodies))
            ok = "met" if sizes[-1] <= TARGET_PARTIAL else "NOT met"
            print(f"board partial {variant:<8}: median {int(statistics.median(sizes))} B, p95 "
                  f"{sizes[int(0.95 * (len(sizes) - 1))]} B, max {sizes[-1]} B "
                  f"({len(gzip.compress(max(bodies, key=len)))} B gzipped) over {len(sizes)} "
                  f"responses (target <= {TARGET_PARTIAL} B: {ok})")  # fmt: skip
    pages = [len(b) for r in results for b in r["bodies"]["open"]]
    if pages:
        print(f"full game page (the players' opening GETs): median "
              f"{int(statistics.median(pages))} B, max {max(pages)} B, sent as is")  # fmt: skip
    if gone := sum(r["pg_gone"] for r in results):
        print(f"note: {gone} PostgreSQL backends exited during phases; their CPU is missing")
    for r in results:
        for error in r["errors"][:3]:
            print(f"error in {r['name']} at {r['players']}: {error[:300]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="counted time per phase")
    parser.add_argument("--warmup", type=float, default=3.0, help="untimed seconds per phase")
    parser.add_argument("--players", default="16,64", help="concurrencies, e.g. 16,64")
    parser.add_argument("--threads", type=int, default=8, help="gthread threads per worker")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--variants", default="yukon,klondike")
    parser.add_argument("--think", type=float, default=1.0,
                        help="paced phases' pause, about this many s (0: none)")  # fmt: skip
    parser.add_argument("--no-floor", dest="floor", action="store_false",
                        help="skip the save-floor phases")  # fmt: skip
    parser.add_argument("--fresh-db", action="store_true", help="drop and recreate the database")
    args = parser.parse_args()
    levels = sorted(int(n) for n in args.players.split(","))
    variants = [v for v in args.variants.split(",") if v]
    logging.getLogger("locust").setLevel(logging.ERROR)
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    with Site(url, web_workers=args.workers, threads=args.threads, fresh=args.fresh_db) as site:
        load = os.getloadavg()
        print(f"gunicorn gthread {args.workers} workers x {args.threads} threads at {site.url}; "
              f"DEBUG=0; database {site.db_name}; {CORES} cores, load average "
              f"{load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at start")  # fmt: skip
        print(f"phases: {args.warmup:g} s warm-up + {args.seconds:g} s counted, players {levels}")

        def phase(name: str, user: type, n: int, **attrs):
            user = type(user.__name__, (user,), {"abstract": False, **attrs})
            return run_phase(site, name, user, n, args.seconds, args.warmup)

        results = []
        for n in levels:
            results.append(phase("hello", Hello, n))
            for variant in variants:
                results.append(phase(f"{variant} move", Player, n, variant=variant, think=0.0))
            if args.floor:
                results.append(phase("save floor", Floor, n, think=0.0))
        for variant in variants if args.think > 0 else []:
            results.append(phase(f"{variant} paced", Player, levels[-1], variant=variant,
                                 think=args.think))  # fmt: skip
        report(results)
    load = os.getloadavg()
    print(f"\nload average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
