#!/usr/bin/env python
"""The move endpoint under gunicorn + PostgreSQL beside a hello-world view and the save floor
(the move's POST, one SELECT and one UPDATE, nothing else), in one run; or (--load) the load
test: paced players of one --kind (random moves on any deal, or strayers who follow a pool
deal's winning line and stray now and then) and an abusive client. Under the same crowd, two
floors: --kind floor posts each move to the save floor instead, --kind hello asks for /hello/;
their "moves" are those requests. A floor player's game starts with one real move, whose check
may be deep: --db-workers 0 leaves those out, and the web's floor alone is measured.

    .venv/bin/python bench/move_endpoint.py [--seconds 20] [--players 16,64] [--think 1]
    .venv/bin/python bench/move_endpoint.py --load 100 --minutes 1 --think 2 --fresh-db \
        --abuser 0 --db-workers 2 [--kind random|strayer|floor|hello] [--stray 0.1]

A phase (players: bench/players.py, locust in this process) opens its games, warms up, then
counts: hello, each variant's moves and the save floor at each --players level without pauses,
then each variant at the top level pausing ~--think s. CPU per request by process (psutil).
"""

import argparse
import logging
import os
import statistics
import sys
import time
import urllib.parse
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import gevent  # noqa: E402  (locust's import patches the standard library for gevent)
import psutil  # noqa: E402
from locust.env import Environment  # noqa: E402
from locust.stats import StatsEntry  # noqa: E402

from bench import crowd  # noqa: E402
from bench.board import KLONDIKE_QUERY  # noqa: E402
from bench.players import KINDS, Flooder, Floor, Hello, Player, Strayer  # noqa: E402
from bench.site import DEFAULT_DB, Site, cpu_seconds, loadavg, manage, spent  # noqa: E402
from games.engine.modes import Mode  # noqa: E402

TARGET_FLOOR_RATIO = 1.5  # issue 11: a move costs <= 1.5x the save floor, same run
TARGET_P99_MS, TARGET_PARTIAL = 100.0, 12 * 1024  # paced players' p99; a board partial's bytes
CORES = psutil.cpu_count() or 1
SIZES = ("SELECT c.relname, pg_total_relation_size(c.oid) FROM pg_class c WHERE c.relkind = 'r'"
         " AND c.relnamespace = 'public'::regnamespace")  # fmt: skip
QUEUE = "SELECT status, count(*) FROM django_tasks_database_dbtaskresult GROUP BY status"
ACTIONS = (" move", " undo", " jump")  # a player's requests that change the position
# What the two floors' players send in place of a move (--kind floor, --kind hello): counted
# as moves, so their "CPU per move" is the same crowd's cost of the least a move can be.
FLOORS = ("floor", "hello")
SPAWN_RATE = 20  # the load test's players started a second
GRACE = 3.0  # s after the players stop: the checks of where they stand may still end
POOL = ("SELECT d.number, v.moves FROM games_dealverdict v JOIN games_deal d ON d.id = v.deal_id"
        " WHERE v.verdict = 'win' AND d.variant = %s AND v.draw IS NOT DISTINCT FROM %s"
        " AND v.passes IS NOT DISTINCT FROM %s ORDER BY d.number")  # fmt: skip
SOLVED = ("SELECT count(*) FROM games_dealverdict v JOIN games_deal d ON d.id = v.deal_id"
          " WHERE d.variant = %s AND v.draw IS NOT DISTINCT FROM %s"
          " AND v.passes IS NOT DISTINCT FROM %s")  # fmt: skip
QUEUED = ("READY", "RUNNING")
POOL_GRADING_SECONDS = 600.0  # the most the setup waits for the pool's grades


def run_phase(site: Site, name: str, user: type, players: int, seconds: float, warmup: float):
    env = Environment(user_classes=[user], host=site.url)
    bodies: dict[str, list[tuple[int, int]]] = {"move": [], "open": []}  # (bytes, on the wire)

    def seen(name, response=None, exception=None, **_) -> None:
        kind = "open" if name == "open" else "move" if name.endswith((" move", " undo")) else ""
        if kind and exception is None and response is not None:
            size = len(response.content or b"")
            bodies[kind].append((size, int(response.headers.get("content-length") or size)))

    env.events.request.add_listener(seen)
    runner = env.create_local_runner()
    runner.start(players, spawn_rate=players)
    while hasattr(user, "open_game") and env.stats.get("open", "GET").num_requests < players:
        gevent.sleep(0.1)
    gevent.sleep(warmup)
    env.stats.reset_all()
    bodies["move"].clear()
    processes = site.web_processes(), site.db_backends(), [psutil.Process()]
    before = [cpu_seconds(p) for p in processes]
    psutil.cpu_percent()  # the machine's busy share (all but idle and iowait) from here on
    gevent.sleep(seconds)
    web, pg, client = (spent(b, cpu_seconds(p)) for b, p in zip(before, processes, strict=True))
    busy, total = psutil.cpu_percent() / 100, env.stats.total
    ms, p99 = 1000 / max(1, total.num_requests), total.get_response_time_percentile(0.99)
    others = max(0.0, busy - (web + pg + client) / (seconds * CORES))
    kinds = {k[0]: s.num_requests for k, s in env.stats.entries.items() if s.num_requests}
    mix = f"  mix {kinds}" if len(kinds) > 1 else ""
    print(f"{name:<16}{players:>8}{total.num_requests:>9}{total.num_requests / seconds:>8.0f}"
          f"{total.get_response_time_percentile(0.5):>8.0f}{p99:>8.0f}"
          f"{total.max_response_time:>8.0f}{web * ms:>9.2f}{pg * ms:>8.2f}{client * ms:>8.2f}"
          f"{100 * busy:>8.0f}%{100 * others:>7.0f}%{total.num_failures:>7}{mix}",
          flush=True)  # fmt: skip
    for error in list(env.stats.errors.values())[:3]:
        print(f"  error: {error.occurrences}x {error.name}: {str(error.error)[:300]}")
    runner.quit()
    return {"name": name, "players": players, "web": web * ms, "both": (web + pg) * ms,
            "p99": p99, "bodies": bodies}  # fmt: skip


def report(results: list[dict]) -> None:
    by = {(r["name"], r["players"]): r for r in results}
    print()
    for move in (r for r in results if r["name"].endswith(" move")):
        n = move["players"]
        hello = by[("hello", n)]  # every level has its hello phase
        line = (f"CPU {move['name']:<14} at {n:>2} players: {move['web'] / hello['web']:5.1f}x"
                f" hello gunicorn only, {move['both'] / hello['both']:5.1f}x"
                " with PostgreSQL")  # fmt: skip
        if floor := by.get(("save floor", n)):
            ratio = move["both"] / floor["both"]
            ok = "met" if ratio <= TARGET_FLOOR_RATIO else "NOT met"
            line += f"; {ratio:4.2f}x the save floor (target <= {TARGET_FLOOR_RATIO}x: {ok})"
        print(line)
    for move in (r for r in results if r["name"].endswith(" paced")):
        ok = "met" if move["p99"] < TARGET_P99_MS else "NOT met"
        print(f"p99 {move['name']} at {move['players']} players, pausing between moves: "
              f"{move['p99']:.0f} ms (target < {TARGET_P99_MS:.0f} ms: {ok})")  # fmt: skip
    for variant, kind in (("yukon", "move"), ("klondike", "move"), ("", "open")):
        bodies = [b for r in results if r["name"].startswith(variant) for b in r["bodies"][kind]]
        if bodies:
            sizes, wire = zip(*bodies, strict=True)
            what = f"board partial {variant}" if variant else "full game page (opening GETs)"
            print(f"{what}: median {int(statistics.median(sizes))} B, max {max(sizes)} B (target "
                  f"<= {TARGET_PARTIAL} B); on the wire median {int(statistics.median(wire))} B, "
                  f"max {max(wire)} B; over {len(sizes)} responses")  # fmt: skip


def load_test(args, url: str) -> None:
    """--load players of --kind moving every ~--think s and an abuser (one address, --abuser
    connections that never pause) for --minutes; the limits as shipped (a player an address
    behind PROXY_HOPS=1); db_workers at nice --worker-nice (the web first when cores are
    short). Then each move's verdict latency (bench/crowd.py) and a summary line."""
    import psycopg

    with Site(url, web_workers=args.workers, threads=args.threads, db_workers=args.db_workers,
              fresh=args.fresh_db, worker_nice=args.worker_nice,
              PROXY_HOPS="1") as site:  # fmt: skip
        db = psycopg.connect(site.db_url, autocommit=True)
        if args.kind == "strayer":  # setup: the pool's rows are not the players' growth
            Strayer.pool = fill_pool(site, db, args.pool)
        before, codes, samples = dict(db.execute(SIZES).fetchall()), Counter(), []
        Player.think, Strayer.stray, Player.log = args.think, args.stray, []
        Player.seed = args.seed
        Player.tally.clear()
        for user in (u for kind in KINDS.values() for u in kind):
            user.think = args.think
        abuser = type("Abuser", (Flooder,), {"fixed_count": args.abuser})
        paced, answered = KINDS[args.kind], Counter()
        env = Environment(user_classes=[*paced, abuser] if args.abuser else paced, host=site.url)

        def seen(name, response=None, exception=None, **_) -> None:
            codes.update([(name, getattr(response, "status_code", 0))])
            ours = not name.startswith("abuse")
            if exception is None and ours and (name.endswith(ACTIONS) or name in FLOORS):
                answered["moves"] += 1

        env.events.request.add_listener(seen)
        runner, start = env.create_local_runner(), time.monotonic()
        runner.start(args.load + args.abuser, spawn_rate=SPAWN_RATE)
        gevent.sleep(1)  # the site's processes, PostgreSQL's backends included, all up
        if floor := args.kind in FLOORS:  # no move of the counted time asks for a check:
            # counted once every player has opened its deal and made its first move (a floor
            # player's real one), the floor is the requests after those
            gevent.sleep((args.load + args.abuser) / SPAWN_RATE + 1.5 * args.think + 2)
            env.stats.reset_all()
            start = time.monotonic()
        roles = {"gunicorn": site.web_processes(), "PostgreSQL": site.db_backends(),
                 "db_workers": site.workers, "locust": [psutil.Process()]}  # fmt: skip
        cpu0, t0, moves0 = ({role: cpu_seconds(p) for role, p in roles.items()},
                            time.monotonic(), answered["moves"])  # fmt: skip
        while (now := time.monotonic() - start) < 60 * args.minutes:
            queue = dict(db.execute(QUEUE).fetchall())
            samples.append(f"{now:4.0f}s {queue.get('READY', 0)}/{queue.get('RUNNING', 0)} "
                           f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
            gevent.sleep(5)
        seconds = {role: spent(cpu0[role], cpu_seconds(p)) for role, p in roles.items()}
        wall, moves = time.monotonic() - t0, answered["moves"] - moves0
        cores = {role: s / wall for role, s in seconds.items()}
        runner.quit()
        gevent.sleep(GRACE)
        after = dict(db.execute(SIZES).fetchall())
        games = db.execute("SELECT count(*) FROM games_game").fetchone()[0]
        verdicts, table = verdict_latency(site, Player.log, time.time())
    ours = [e for (n, _), e in env.stats.entries.items() if not n.startswith("abuse")]
    players = StatsEntry(env.stats, "players", "")
    for entry in ours:
        players.extend(entry)
    shown = ("open", *FLOORS)
    p95 = [f"{e.name} {e.get_response_time_percentile(0.95):.0f}" for e in ours
           if e.num_requests  # a floor's count starts after the opens and first moves
           and (e.name in shown or e.name.endswith(ACTIONS + (" hint", " hint poll")))]  # fmt: skip
    print(f"\nplayers ({args.load} {args.kind}, a move every ~{args.think:g} s): "
          f"{players.num_requests} requests, {players.num_failures} failed, p50/p95/p99/max "
          f"{'/'.join(f'{players.get_response_time_percentile(q):.0f}' for q in (.5, .95, .99))}"
          f"/{players.max_response_time:.0f} ms (target p95 < 200 ms, 0 errors); p95 ms: "
          + ", ".join(p95))  # fmt: skip
    for error in sorted(env.stats.errors.values(), key=lambda e: e.name.startswith("abuse"))[:5]:
        print(f"  error: {error.occurrences}x {error.name}: {str(error.error)[:200]}")
    print("cores in use: " + ", ".join(f"{role} {n:.2f}" for role, n in cores.items())
          + f" of {CORES}")  # fmt: skip
    site_cpu = sum(s for role, s in seconds.items() if role != "locust")
    per_move = {role: 1000 * s / max(moves, 1) for role, s in seconds.items()}
    print(f"CPU per move (gunicorn + PostgreSQL + db_workers over {moves} moves, undos and "
          f"jumps answered): {1000 * site_cpu / max(moves, 1):.1f} ms: "
          + ", ".join(f"{role} {ms:.1f}" for role, ms in per_move.items())
          + " (locust apart)")  # fmt: skip
    print("players did: " + ", ".join(f"{k} {n}" for k, n in sorted(Player.tally.items())))
    if args.abuser:
        print("abuser, answers by request and status:", dict(sorted(
            (f"{n} {c}", k) for (n, c), k in codes.items() if n.startswith("abuse"))))  # fmt: skip
    grown = Counter({t: (after[t] - before.get(t, 0)) / 1024 for t in after})  # KiB
    kib, hours = grown.total(), args.load * args.minutes / 60  # player-hours
    print(f"database growth: {kib:.0f} KiB in all, {kib / hours:.0f} KiB per player-hour, "
          f"{kib / max(games, 1):.0f} KiB per game ({games} games started); by table (KiB): "
          + ", ".join(f"{t} {n:.0f}" for t, n in grown.most_common() if n))  # fmt: skip
    print("queue depth (check tasks READY/RUNNING) every 5 s:\n  " + "\n  ".join(samples))
    if not floor:
        print("\n".join(table))
    total = verdicts["all"]
    checked = (f"verdict p95 {total['p95']:.2f} s, decided {100 * total['share']:.1f}% of "
               f"{total['counted']}; ")  # fmt: skip
    print(f"\nsummary: {args.kind} {args.load} players (think {args.think:g} s"
          f"{f', stray {args.stray:g}' if args.kind == 'strayer' else ''}): "
          f"{players.num_requests / (60 * args.minutes):.1f} req/s ({moves / wall:.1f} moves/s), "
          f"p50/p95/p99 "
          f"{'/'.join(f'{players.get_response_time_percentile(q):.0f}' for q in (.5, .95, .99))}"
          f" ms, {players.num_failures} errors; cores "
          + "/".join(f"{n:.2f}" for n in cores.values()) + " (" + "/".join(cores) + "); "
          f"CPU per move {1000 * site_cpu / max(moves, 1):.1f} ms; {'' if floor else checked}"
          f"growth {kib / hours:.0f} KiB per player-hour")  # fmt: skip


def pool_modes() -> dict[str, tuple[int | None, int | None]]:
    """The modes the strayers play, variant → (draw, passes): Yukon's and the Klondike mode
    their deals' addresses ask for (KLONDIKE_QUERY), as the site reads it."""
    asked = urllib.parse.parse_qs(KLONDIKE_QUERY.lstrip("?"))
    klondike = Mode("klondike", int(asked["draw"][0]), asked["scoring"][0])
    return {"yukon": (None, None), "klondike": (klondike.draw, klondike.passes)}


def fill_pool(site: Site, db, per_mode: int) -> dict[str, list[tuple[int, tuple[str, ...]]]]:
    """Setup, before the players start: fills each strayer mode's winnable pool with the
    site's own command (`per_mode` fresh numbers, both cores, a small budget) where fewer
    than `per_mode` deals are solved (a database kept from an earlier run has its pool),
    waits while the site's db_workers grade them (the task the command queues: a live site's
    pool is graded, and grading in the measured window would count as the players' cost),
    and returns each variant's [(number, stored line)]."""
    started, pool = time.monotonic(), {}
    for variant, (draw, passes) in pool_modes().items():
        mode = ["--draw", str(draw)] if draw else []
        mode += ["--passes", str(passes)] if passes else []
        if db.execute(SOLVED, [variant, draw, passes]).fetchone()[0] < per_mode:
            manage(site.env, "generate_deals", "--variant", variant, *mode, "--count",
                   str(per_mode), "--workers", str(CORES), "--budget-seconds", "1")  # fmt: skip
    filled = time.monotonic()
    while (waiting := sum(dict(db.execute(QUEUE).fetchall()).get(s, 0) for s in QUEUED)) and (
        time.monotonic() - filled < POOL_GRADING_SECONDS
    ):
        time.sleep(1)
    for variant, (draw, passes) in pool_modes().items():
        pool[variant] = read_pool(db, variant, draw, passes)
    print(f"pool: {', '.join(f'{v} {len(d)}' for v, d in pool.items())} winnable deals; filled "
          f"in {filled - started:.0f} s, graded in {time.monotonic() - filled:.0f} s"
          + (f" ({waiting} tasks still queued)" if waiting else "")
          + " (setup, not counted)", flush=True)  # fmt: skip
    return pool


def read_pool(db, variant: str, draw: int | None, passes: int | None) -> list:
    """The mode's wins: [(number, its stored line)] (DealVerdict.moves)."""
    rows = db.execute(POOL, [variant, draw, passes]).fetchall()
    return [(number, tuple(line)) for number, line in rows]


def verdict_latency(site: Site, log: list[crowd.Seen], end: float) -> tuple[dict, list[str]]:
    """Each move's verdict latency, by variant and in all (bench/crowd.py), and its table;
    reads the site's database through Django, set up here on it."""
    import django

    os.environ.update(site.env)
    django.setup()
    missing = crowd.key_positions(log)
    rows = crowd.verdict_rows({s.key for s in log if s.key})
    fates = [(s.variant, crowd.fate(s, rows.get(s.key), end)) for s in log if s.key]
    head = (f"\nverdict latency: the move's sending to its position's verdict (decided, or "
            f"known in the answer); {len(log)} moves ({len(log) - len(fates)} in {missing} "
            f"games not found); late: decided <= {crowd.LATE_SECONDS:g} s after the player left"
            )  # fmt: skip
    columns = (("at once", 8), ("decided", 8), ("late", 6), ("unknown", 8), ("dropped", 8),
               ("open", 6))  # fmt: skip
    table = [head, f"  {'variant':9}{'moves':>7}" + "".join(f"{k:>{w}}" for k, w in columns)
             + "  decided (of counted)  p50/p95/max s  searched p95 s"]  # fmt: skip
    summaries = {}
    for variant in [*sorted({v for v, _ in fates}), "all"]:
        mine = [f for v, f in fates if variant in ("all", v)]
        got = summaries[variant] = crowd.summarize(mine)
        table.append(f"  {variant:9}{len(mine):>7}"
                     + "".join(f"{got['counts'][k]:>{w}}" for k, w in columns)
                     + f"  {100 * got['share']:6.1f}% of {got['counted']:<8}"
                     f"{got['p50']:5.2f}/{got['p95']:.2f}/{got['max']:.2f}"
                     f"  {got['searched p95']:8.2f}")  # fmt: skip
    return summaries, table


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="counted time per phase")
    parser.add_argument("--warmup", type=float, default=3.0, help="untimed seconds per phase")
    parser.add_argument("--players", default="16,64", help="concurrencies, e.g. 16,64")
    parser.add_argument("--threads", type=int, default=8, help="gthread threads per worker")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--variants", default="yukon,klondike")
    parser.add_argument("--think", type=float, default=1.0, help="paced pause, ~s (0: none)")
    parser.add_argument("--no-floor", dest="floor", action="store_false", help="no save floor")
    parser.add_argument("--fresh-db", action="store_true", help="drop and recreate the database")
    parser.add_argument("--load", type=int, help="instead: the load test with this many players")
    parser.add_argument("--minutes", type=float, default=5.0, help="the load test's length")
    parser.add_argument("--abuser", type=int, default=4, help="the abuser's connections")
    parser.add_argument("--worker-nice", type=int, default=0, help="the db_workers' nice")
    parser.add_argument("--db-workers", type=int, default=2, help="the load test's db_workers")
    parser.add_argument("--kind", choices=sorted(KINDS), default="random",
                        help="the load test's players: random moves on any deal, or strayers "
                        "who follow a pool deal's line")  # fmt: skip
    parser.add_argument("--stray", type=float, default=0.1,
                        help="a strayer's share of moves off its deal's line")  # fmt: skip
    parser.add_argument("--seed", help="the players' choices (deals, moves, pauses), the same "
                        "each run: runs then meet the same positions, bar timing")  # fmt: skip
    parser.add_argument("--pool", type=int, default=24,
                        help="strayers: fresh deals solved for each mode's pool, unless as many "
                        "are (setup, not counted)")  # fmt: skip
    args = parser.parse_args()
    levels = sorted(int(n) for n in args.players.split(","))
    variants = [v for v in args.variants.split(",") if v]
    logging.getLogger("locust").setLevel(logging.ERROR)
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    print(f"load average at start {loadavg()}")
    if args.load:
        return load_test(args, url)
    with Site(url, web_workers=args.workers, threads=args.threads, fresh=args.fresh_db,
              BENCH_LIMITS="high") as site:  # fmt: skip
        print(f"gunicorn gthread {args.workers} workers x {args.threads} threads, DEBUG=0, "
              f"database {site.db_name}; {args.warmup:g} s warm-up + {args.seconds:g} s counted, "
              f"players {levels}\n\nms of CPU per request; machine = all cores' busy share, "
              "others = not ours in it")  # fmt: skip
        head = (f"{'phase':<16}{'players':>8}{'requests':>9}{'req/s':>8}{'p50 ms':>8}"
                f"{'p99 ms':>8}{'max ms':>8}{'web CPU':>9}{'PG CPU':>8}{'client':>8}"
                f"{'machine':>9}{'others':>8}{'errors':>7}")  # fmt: skip
        print(head + "\n" + "-" * len(head), flush=True)
        results = []

        def phase(name: str, user: type, n: int, **attrs) -> None:
            user = type(user.__name__, (user,), {"abstract": False, **attrs})
            results.append(run_phase(site, name, user, n, args.seconds, args.warmup))

        for n in levels:
            phase("hello", Hello, n)
            for variant in variants:
                phase(f"{variant} move", Player, n, variant=variant, think=0.0)
            if args.floor:
                phase("save floor", Floor, n, think=0.0)
        for variant in variants if args.think > 0 else []:
            phase(f"{variant} paced", Player, levels[-1], variant=variant, think=args.think)
        report(results)
    print(f"\nload average at the end {loadavg()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
