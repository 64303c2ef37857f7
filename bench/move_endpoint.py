#!/usr/bin/env python
"""The load test (README "Benchmarks"): --load paced players of one --kind (bench/players.py),
each its own address behind PROXY_HOPS=1, and --abuser connections that never pause, against
the site as shipped (Site; the tests start theirs in tests/ops/cluster.py, neither imports the
other). Racers follow their races' live streams too (uvicorn, the compose file's `live`).

    .venv/bin/python bench/move_endpoint.py --load 100 --minutes 1 --fresh-db --kind strayer
"""

import argparse
import contextlib
import logging
import math
import os
import secrets
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import gevent  # noqa: E402  (locust's import patches the standard library for gevent)
import psutil  # noqa: E402
import psycopg  # noqa: E402
from locust.env import Environment  # noqa: E402
from locust.stats import StatsEntry  # noqa: E402
from prometheus_client.parser import text_string_to_metric_families  # noqa: E402
from psycopg import sql  # noqa: E402

from bench.players import KINDS, Abuser, Player, Racer, Strayer  # noqa: E402

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
VERDICT, HOST = "yukon_check_verdict_seconds", "127.0.0.1"  # the checks' histogram; all local


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def cpu_seconds(processes: list[psutil.Process]) -> float:  # user + system, of those still up
    return sum(sum(p.cpu_times()[:2]) for p in processes if p.is_running())


class Site:
    """The database of `url` (anew with --fresh-db) migrated, the static files collected,
    gunicorn serving `app`, --db-workers workers, uvicorn if `live`; `env` adds to theirs."""

    def __init__(self, url: str, app: str, args, live: bool, **env: str) -> None:
        self.db_url, self.app, self.args, self.live = url, app, args, live
        self.db_name = urllib.parse.urlparse(url).path.lstrip("/")
        self.env = {
            **os.environ, "DATABASE_URL": url, "DEBUG": "0", "HTTPS": "0", "CONN_MAX_AGE": "3600",
            "DJANGO_SETTINGS_MODULE": "yukon_site.settings", "ALLOWED_HOSTS": HOST,
            "SECRET_KEY": secrets.token_urlsafe(32), "PYTHONPATH": str(ROOT),
            "DEAL_KEY": (args.seed or secrets.token_urlsafe(32)).rjust(32, "-"), **env,
        }  # fmt: skip
        self.folder = Path(tempfile.mkdtemp(prefix="bench-site-"))
        self.url, self.live_url, self.live_host, self.processes, self.workers, self.metrics = (
            "", "", None, [], [], [])  # fmt: skip

    def _serve(self, name: str, command: list[str], path: str, ready=lambda: True, **env: str):
        """`command` on a free {bind} or {port}, once `path` answers there and `ready()`."""
        with socket.socket() as free:
            free.bind((HOST, 0))
            at = {"bind": f"{HOST}:{free.getsockname()[1]}", "port": str(free.getsockname()[1])}
        env = {**self.env, **{k: v.format(**at) for k, v in env.items()}}
        with open(self.folder / f"{name}.log", "wb") as log:
            process = subprocess.Popen([part.format(**at) for part in command], cwd=ROOT, env=env,
                                       stdout=log, stderr=log, start_new_session=True)  # fmt: skip
        self.processes.append(process)
        url, deadline = f"http://{at['bind']}", time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(url + path, timeout=5) as answer:
                    if answer.status == 200 and ready():
                        return url, psutil.Process(process.pid)
            time.sleep(0.2)
        raise RuntimeError(f"{name} did not answer {url + path} within 60 s (logs: {self.folder})")

    def __enter__(self) -> "Site":
        signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))  # runs close()
        python = sys.executable
        try:
            self._create_database()
            manage(self.env, "migrate", "--noinput")
            manage(self.env, "collectstatic", "--noinput")
            self.url, _ = self._serve("gunicorn", [
                python, "-m", "gunicorn", self.app, "--config", "gunicorn.conf.py", "--bind",
                "{bind}", "--worker-class", "gthread", "--workers", "2", "--threads", "8",
                "--keep-alive", "5", "--log-level", "warning",
            ], "/healthz", lambda: len(self.web_processes()) == 2)  # fmt: skip
            if self.live:  # the streams, as the compose file's `live` service serves them
                self.live_url, self.live_host = self._serve("uvicorn", [
                    python, "-m", "uvicorn", "yukon_site.asgi:application", "--host", HOST,
                    "--port", "{port}", "--log-level", "warning",
                ], "/healthz")  # fmt: skip
            for i in range(self.args.db_workers):  # polling as shipped (./dev run, compose file)
                url, worker = self._serve(f"worker{i}", [
                    python, "manage.py", "db_worker", "--no-startup-delay", "--no-reload",
                    "--interval", "0.1",
                ], "/metrics", WORKER_METRICS_BIND="{bind}")  # fmt: skip
                self.workers.append(worker)
                self.metrics.append(url + "/metrics")
        except BaseException:
            self.close()
            raise
        return self

    def _create_database(self) -> None:
        name, admin = self.db_name, urllib.parse.urlparse(self.db_url)._replace(path="/postgres")
        ident = sql.Identifier(name)
        with psycopg.connect(admin.geturl(), autocommit=True) as db:
            if self.args.fresh_db:
                db.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(ident))
            if not db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
                db.execute(sql.SQL("CREATE DATABASE {}").format(ident))

    def web_processes(self) -> list[psutil.Process]:  # gunicorn's workers, not its arbiter
        return psutil.Process(self.processes[0].pid).children()

    def db_backends(self) -> list[psutil.Process]:  # the site database's, not this query's
        query = "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()"
        with psycopg.connect(self.db_url, autocommit=True) as db:
            pids = db.execute(query, [self.db_name]).fetchall()
        return [psutil.Process(pid) for (pid,) in pids if psutil.pid_exists(pid)]

    def close(self, *exc) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)  # a worker ends its check, then leaves
        for process in self.processes:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=15)
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGKILL)
        for log in sorted(self.folder.glob("*.log")):  # a server error is a finding: show it
            text = log.read_text(errors="replace")
            if "Traceback" in text:
                print(f"{log.name}: {text[text.index('Traceback') :][:4000]}", file=sys.stderr)

    __exit__ = close


def verdict_buckets(site: Site) -> Counter:
    """(verdict, le) → cumulative count, added up over the db_workers' /metrics."""
    buckets = Counter()
    for url in site.metrics:
        with urllib.request.urlopen(url, timeout=10) as answer:
            families = list(text_string_to_metric_families(answer.read().decode()))
        for s in (s for f in families if f.name == VERDICT for s in f.samples):
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
    grown = Counter({k: after[k] - before[k] for k in after})
    by = {v: grown[v, math.inf] for v, _ in grown}
    total = [(le, sum(grown[v, le] for v in by)) for le in sorted({le for _, le in grown})]
    if not total or not total[-1][1]:
        return "verdicts: none stored"
    decided, n = by.get("win", 0) + by.get("loss", 0), total[-1][1]
    return (f"verdict p95 {quantile(0.95, total):.2f} s, decided {100 * decided / n:.1f}%"
            f" of {n:.0f} (" + ", ".join(f"{v} {n:.0f}" for v, n in sorted(by.items()))
            + ")")  # fmt: skip


def fill_pool(site: Site, db) -> None:
    """Setup, not counted: each strayer mode's pool of wins (its lines) up to POOL_DEALS."""
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
    parser.add_argument("--seed", help="deals (their key), moves, pauses: the same each run")
    args = parser.parse_args()
    logging.getLogger("locust").setLevel(logging.ERROR)
    users, url = KINDS[args.kind], os.environ.get("DATABASE_URL") or DEFAULT_DB
    Player.think, Player.seed, Strayer.stray = args.think, args.seed, args.stray
    abuser = type("Flooder", (Abuser,), {"abstract": False, "fixed_count": args.abuser})
    with Site(url, users[0].app, args, args.kind == "racer", PROXY_HOPS="1") as site:
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
        if args.kind == "racer":  # counted once the races are dealt (making one is not racing);
            seen, since = 0, time.monotonic()  # a group short of a race: 15 s with none dealt in
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
        cpu = {r: cpu_seconds(p) - cpu0[r] for r, p in roles.items()}
        wall, counted, shown = time.monotonic() - started, dict(moves), sorted(Racer.latencies)
        if host := site.live_host:  # as the racers' streams are open
            streams = sum(c.status == "ESTABLISHED" for c in host.net_connections())
            live = (f"the live host with {streams} streams open: {host.num_threads()} threads, "
                    f"{host.memory_info().rss / 2**20:.0f} MB resident")  # fmt: skip
        runner.quit()
        gevent.sleep(GRACE)
        checked = verdicts(buckets0, verdict_buckets(site))
        grown = sum(n - sizes.get(t, 0) for t, n in db.execute(SIZES).fetchall())
    report(args, env, counted, cpu, wall, grown, checked)
    if shown:  # racers: a move on its opponents' streams, from the moment it was sent
        cuts = "/".join(f"{1000 * shown[min(len(shown) - 1, int(q * len(shown)))]:.0f}"
                        for q in (0.5, 0.95, 0.99, 1))  # fmt: skip
        print(f"race updates: {len(shown)} shown, p50/p95/p99/max {cuts} ms from a move sent; "
              f"{live}")  # fmt: skip
    return 0


def report(args, env, counted: dict, cpu: dict, wall: float, grown: int, checked: str) -> None:
    ours = [e for (n, _), e in env.stats.entries.items() if not n.startswith("abuse")]
    players = StatsEntry(env.stats, "players", "")
    for entry in ours:
        players.extend(entry)
    n, wire = max(counted.get("moves", 0), 1), counted.get("wire", 0)
    pcts = "/".join(f"{players.get_response_time_percentile(q):.0f}" for q in (0.5, 0.95, 0.99))
    print(f"\nplayers ({args.load} {args.kind}, a move every ~{args.think:g} s): "
          f"{players.num_requests} requests, {players.num_failures} errors, p50/p95/p99 {pcts} ms; "
          "p95 ms: " + ", ".join(f"{e.name} {e.get_response_time_percentile(0.95):.0f}"
                                 for e in ours if e.num_requests))  # fmt: skip
    for error in sorted(env.stats.errors.values(), key=lambda e: e.name.startswith("abuse"))[:5]:
        print(f"  error: {error.occurrences}x {error.name}: {str(error.error)[:200]}")
    site_cpu = 1000 * sum(s for role, s in cpu.items() if role != "locust")  # ms
    split = ", ".join(f"{role} {1000 * s / n:.1f}" for role, s in cpu.items())
    print(f"CPU per move: {site_cpu / n:.1f} ms ({split}; locust apart) over {n} moves, "
          f"{n / wall:.1f} a second; cores in use {site_cpu / 1000 / wall:.2f} of "
          f"{psutil.cpu_count()}\nbytes per move: {counted.get('bytes', 0) / n:.0f} B, "
          f"{wire / n:.0f} B on the wire")  # fmt: skip
    if args.abuser:
        print("abuser, answers by request and status: " + ", ".join(
            f"{k} {v}" for k, v in sorted(counted.items()) if k.startswith("abuse")))  # fmt: skip
    print(f"database growth: {grown / 1024 / (args.load * args.minutes / 60):.0f} KiB per "
          f"player-hour\n{checked}\n\nsummary: {args.kind} {args.load} players: p50/p95/p99 "
          f"{pcts} ms, {players.num_failures} errors, CPU per move {site_cpu / n:.1f} ms, "
          f"{checked.split(' (')[0]}, {wire / n:.0f} B a move on the wire")  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
