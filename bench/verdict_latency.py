#!/usr/bin/env python
"""Verdict latency of the background dead-end checks (issue 6): recorded games are replayed
through the real move path while real `db_worker` processes drain the queue, once with one
worker and once with two. Prints figures; it is not a test.

    .venv/bin/python bench/verdict_latency.py [--games 8] [--moves 40] [--players 4]
        [--workers 1,2] [--database-url postgres://postgres@127.0.0.1:5432/yukon_verdicts]

What it does, in order, and all of it stops by itself:
1. records the games, in this process and without a database: for the first --games game
   numbers per variant (Yukon; Klondike draw 1, standard scoring) whose deal the solver
   proves winnable within a node budget (so the same numbers every run), a seeded player
   script follows the solver's winning line for 3..25 moves; then, in --stray-share of the
   games, it leaves the line and plays random legal moves (stock turns weigh less, a card
   is not moved twice in a row) until --moves moves or no legal move. The other games keep
   to the line. The scripts do not depend on any verdict, so every phase replays the same
   games;
2. solves the final position of every game that strayed offline with --offline-budget CPU
   seconds, to know which games truly went bad (ended in a dead end);
3. per phase (W workers): a fresh database (a temporary SQLite file, WAL, by default; with
   --database-url a PostgreSQL database that is dropped and created anew), `manage.py
   migrate`, W `manage.py db_worker --no-startup-delay --interval 0.05 --no-reload` processes
   (--worker-interval sets the 0.05), then a child process of this script runs the players:
   --players threads, each playing its games one after another. A move is
   `games.gameplay.act(...)` and then `games.deadends.verdict(game, step)`, as the page does
   after every action (the game's start counts as a position too); the player moves every
   --interval s (±20 %), whatever the verdict, and meanwhile polls like the page
   (`deadends.verdict` every 0.8 s while the banner polls). On a game's final position the
   player waits until it is decided or --timeout s have passed. A watcher thread reads the
   PositionVerdict rows every 0.1 s; a position's latency is its row's `decided` minus the
   moment the move was sent (for a position already known, the time the move and verdict
   calls took). Players stop making moves after --phase-seconds. The workers are stopped at
   the end of the phase, also on error or Ctrl-C;
4. prints, per phase and variant: positions, how many were known at once, decided (win or
   loss), unknown (the check's budget ran out), timed out; p50/p95/max latency of the
   decided ones against the 2 s target; what the queue did (checks run, their solver CPU
   and wall time, wait in the queue, checks that started after their player had moved
   on, backlog); the workers' share of a core and the machine's load; and, for the games
   that went bad, how many of their dead ends the background checks proved lost.

The latency is the worker's decision time; the page learns it at its next poll, up to
0.8 s later (hx-trigger "load delay:800ms").
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_endpoint import CLK_TCK, cpu_ticks, machine_ticks  # noqa: E402

DEAL_KEY = "bench-verdict-latency-deal-key"
TARGET_P95 = 2.0
PAGE_POLL = 0.8  # the banner's hx-trigger delay
WATCH_EVERY = 0.1
LINE_NODES = 60_000  # recording: node budget only, so the same line on any machine
WORKER_CMD = ["manage.py", "db_worker", "--no-startup-delay", "--no-reload", "--interval"]
DECIDED = ("win", "loss")


def site_env(database_url: str) -> dict[str, str]:
    """The environment of migrate, the workers and the players: production-like settings."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "yukon_site.settings",
        "DATABASE_URL": database_url,
        "DEBUG": "0",
        "SECRET_KEY": "bench-verdict-latency-secret",
        "DEAL_KEY": DEAL_KEY,
        "HTTPS": "0",
        "ALLOWED_HOSTS": "127.0.0.1,testserver",
        "CONN_MAX_AGE": "60",  # as in docker-compose.yml
    }


def percentile(values: list[float], q: float) -> float | None:
    """Nearest-rank percentile; None for no values."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)]


def secs(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else f"{part}/0"


def position_key(position_json: dict) -> str:
    """As solver.checks.position_key (checked against it in the child)."""
    text = json.dumps(position_json, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# -- 1 and 2: recording the games, and the offline truth about their final positions -----------


def pick_random(rng: random.Random, position, previous) -> object | None:
    from games.engine.rules import legal_moves

    moves = legal_moves(position)
    if not moves:
        return None
    fresh = [m for m in moves if m.card is None or m.card != previous]
    moves = fresh or moves
    weights = []
    for move in moves:
        if move.card is None:
            weights.append(1.0)  # d / r
        elif position.locate(move.card)[0] == "f":
            weights.append(0.3)  # back off a foundation
        else:
            weights.append(3.0)
    return rng.choices(moves, weights)[0]


def record_games(variant: str, count: int, max_moves: int, seed: int, stray_share: float):
    """The scripts of the first `count` winnable game numbers, and the numbers skipped."""
    from games.engine.deal import deal
    from games.engine.moves import Move
    from games.engine.rules import apply
    from solver.search import solve

    lines, skipped = [], []
    number = 0
    while len(lines) < count and number < 200:
        number += 1
        start = deal(variant, number, DEAL_KEY.encode(), 1, None)
        try:
            result = solve(start, budget_nodes=LINE_NODES)
        except Exception as e:  # the worker's checks would fail the same way
            skipped.append(f"{number}: the solver failed: {type(e).__name__}: {e}")
            break
        if result.verdict != "win":
            skipped.append(f"{number}:{result.verdict}")
            continue
        lines.append((number, start, result))
    # Exactly round(share * games) games stray, a seeded choice of which.
    chosen = random.Random(f"{seed}:{variant}").sample(
        range(len(lines)), round(stray_share * len(lines))
    )
    scripts = []
    for index, (number, start, result) in enumerate(lines):
        rng = random.Random(f"{seed}:{variant}:{number}")
        follow = rng.randint(3, 25)
        strays = index in chosen
        position, moves, previous = start, [], None
        for i in range(max_moves):
            if i < len(result.moves) and (not strays or i < follow):
                move = Move.parse(result.moves[i])
            elif i >= len(result.moves) and not strays:
                break
            else:
                move = pick_random(rng, position, previous)
                if move is None:
                    break  # nothing can move: a dead end for sure
            position = apply(position, move)
            moves.append(str(move))
            previous = move.card
            if position.is_won:
                break
        scripts.append(
            {
                "variant": variant,
                "number": number,
                "draw": 1 if variant == "klondike" else None,
                "scoring": "standard" if variant == "klondike" else "none",
                "moves": moves,
                "follow": min(follow, len(moves)) if strays else len(moves),
                "strays": strays,
                "won": position.is_won,
                "final": position.to_json(),
                "final_key": position_key(position.to_json()),
                "line_nodes": result.nodes,
            }
        )
    return scripts, skipped


def offline_truth(scripts: list[dict], budget: float) -> dict[str, dict]:
    """The verdict of each straying game's final position, with a big CPU budget."""
    from solver.search import solve

    truth: dict[str, dict] = {}
    for script in scripts:
        key = script["final_key"]
        if not script["strays"] or key in truth:
            continue
        result = solve(script["final"], budget_seconds=budget)
        truth[key] = {"verdict": result.verdict, "seconds": result.seconds}
        label = f"{script['variant']} #{script['number']}"
        log(f"  offline {label}: {result.verdict} in {result.seconds:.1f} s CPU")
    return truth


def log(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


# -- 3: one phase: database, workers, players ---------------------------------------------------


def prepare_database(url: str | None, phase: str, tmp: Path) -> str:
    """A fresh, migrated database for the phase; returns its URL."""
    if url is None:
        url = f"sqlite:///{tmp / f'verdicts-{phase}.sqlite3'}"
    else:
        import psycopg

        parts = urllib.parse.urlparse(url)
        name = parts.path.lstrip("/")
        if not name.replace("_", "").isalnum():
            raise SystemExit(f"refusing odd database name {name!r}")
        admin = parts._replace(path="/postgres").geturl()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT, env=site_env(url), check=True,
    )  # fmt: skip
    return url


def sched_wait(pid: int) -> float | None:
    """Seconds the process has spent runnable but waiting for a CPU (/proc/<pid>/schedstat)."""
    try:
        with open(f"/proc/{pid}/schedstat") as f:
            return int(f.read().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return None


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()  # the worker finishes its check first, then leaves
        try:
            proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=5)


def run_phase(args, workers: int, scripts: list[dict], tmp: Path) -> dict:
    phase = f"w{workers}"
    url = prepare_database(args.database_url, phase, tmp)
    env = site_env(url)
    procs: list[subprocess.Popen] = []
    logs = []
    try:
        for i in range(workers):
            out = open(tmp / f"worker-{phase}-{i}.log", "wb")
            logs.append(out)
            procs.append(
                subprocess.Popen(
                    [sys.executable, *WORKER_CMD, args.worker_interval],
                    cwd=ROOT,
                    env=env,
                    stdout=out,
                    stderr=subprocess.STDOUT,
                    start_new_session=True,
                )  # fmt: skip
            )
        config = tmp / f"phase-{phase}.json"
        result_path = tmp / f"result-{phase}.json"
        config.write_text(json.dumps({**vars(args), "scripts": scripts, "out": str(result_path)}))
        busy0, total0 = machine_ticks()
        ticks0 = [cpu_ticks(p.pid) or 0 for p in procs]
        waits0 = [sched_wait(p.pid) or 0.0 for p in procs]
        load0 = os.getloadavg()
        started = time.monotonic()
        child = subprocess.Popen([sys.executable, __file__, "--run-phase", str(config)], env=env)
        try:
            child.wait(timeout=args.phase_seconds + args.timeout + 300)
        finally:
            stop(child)
        wall = time.monotonic() - started
        ticks1 = [cpu_ticks(p.pid) for p in procs]
        waits1 = [sched_wait(p.pid) for p in procs]
        busy1, total1 = machine_ticks()
        if child.returncode != 0:
            raise SystemExit(f"the players' process failed ({child.returncode})")
        result = json.loads(result_path.read_text())
        result.update(
            workers=workers, database=url.split("://")[0], wall=wall, load=(load0, os.getloadavg()),
            machine_busy=(busy1 - busy0) / max(1, total1 - total0),
            worker_cores=[
                ((t1 or t0) - t0) / CLK_TCK / wall for t0, t1 in zip(ticks0, ticks1, strict=True)
            ],
            worker_cpu_waits=[(w1 or w0) - w0 for w0, w1 in zip(waits0, waits1, strict=True)],
            workers_alive=sum(p.poll() is None for p in procs),
        )  # fmt: skip
        return result
    finally:
        for proc in procs:
            stop(proc)
        for out in logs:
            out.close()


# -- the players (the child process of a phase) -------------------------------------------------


def players_main(config_path: str) -> None:
    """Runs in the child: Django set up on the phase's database."""
    config = json.loads(Path(config_path).read_text())
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    import django

    django.setup()
    from django.db import connection

    from games import gameplay

    scripts = config["scripts"]
    for script in scripts:  # untimed: the deals exist before anyone plays
        gameplay.deal_for(script["variant"], script["number"])
    connection.close()
    stats = Phase(config)
    watcher = threading.Thread(target=stats.watch, daemon=True)
    watcher.start()
    players = []
    for index in range(config["players"]):
        mine = scripts[index :: config["players"]]
        players.append(threading.Thread(target=stats.play, args=(index, mine)))
    for player in players:
        player.start()
    for player in players:
        player.join()
    time.sleep(0.3)  # one more look at the rows
    stats.stop.set()
    watcher.join()
    Path(config["out"]).write_text(json.dumps(stats.report()))


class Phase:
    def __init__(self, config: dict) -> None:
        self.config = config
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.observations: list[dict] = []
        self.watching: dict[str, list[dict]] = {}
        self.games: list[dict] = []
        self.errors: list[str] = []
        self.deadline = time.time() + config["phase_seconds"]

    # a virtual player: one thread, its games one after another

    def play(self, index: int, scripts: list[dict]) -> None:
        from django.db import connection

        try:
            rng = random.Random(f"{self.config['seed']}:player:{index}")
            time.sleep(rng.uniform(0, self.config["interval"]))  # players out of step
            for script in scripts:
                if time.time() > self.deadline:
                    self.games.append({**self.summary(script), "played": 0, "cut": True})
                    continue
                self.play_game(index, script, rng)
        except Exception as e:  # reported; the phase goes on
            self.errors.append(f"player {index}: {type(e).__name__}: {e}")
        finally:
            connection.close()

    def play_game(self, index: int, script: dict, rng: random.Random) -> None:
        from games import deadends, gameplay
        from games.engine.moves import Move
        from solver import checks

        player = f"bench-{index}"
        deal = gameplay.deal_for(script["variant"], script["number"])
        game = gameplay.start_game(player, deal, script["draw"], script["scoring"])
        t0 = time.time()
        step = gameplay.current(game)  # the page's first view of the game
        verdict = deadends.verdict(game, step)
        obs = self.observe(script, 0, checks.position_key(step.position), t0, verdict.state)
        played, cut = 0, False
        for text in script["moves"]:
            due = t0 + self.config["interval"] * rng.uniform(0.8, 1.2)
            verdict = self.look(game, step, verdict, due)
            if time.time() > self.deadline:
                cut = True
                break
            t0 = time.time()
            obs["left"] = t0
            done = gameplay.act(game.pk, player, "move", game.ply, Move.parse(text))
            game, step = done.game, done.step
            played += 1
            if game.result:
                obs = None  # won: nothing to check
                break
            verdict = deadends.verdict(game, step)
            key = checks.position_key(step.position)
            obs = self.observe(script, played, key, t0, verdict.state)
        if obs is not None:
            obs["final"] = not cut
            # The player looks at the last position until it is decided (or gives up).
            self.look(game, step, verdict, t0 + self.config["timeout"], until_decided=True)
            obs["left"] = time.time()
        final_key = checks.position_key(step.position)
        if not cut and final_key != script["final_key"]:
            self.errors.append(f"{script['variant']} #{script['number']}: final key differs")
        self.games.append({**self.summary(script), "played": played, "cut": cut})

    def look(self, game, step, verdict, until: float, until_decided: bool = False):
        """Wait until `until`, polling the banner like the page does while it polls."""
        from games import deadends

        next_poll = time.time() + PAGE_POLL
        while (now := time.time()) < until:
            if until_decided and not verdict.polling:
                break
            if verdict.polling and now >= next_poll:
                verdict = deadends.verdict(game, step)
                next_poll = time.time() + PAGE_POLL
                continue
            time.sleep(min(0.05, max(0.0, until - now)))
        return verdict

    def observe(self, script: dict, ply: int, key: str, t0: float, state: str) -> dict:
        now = time.time()
        obs = {
            "variant": script["variant"], "number": script["number"], "ply": ply, "key": key,
            "t0": t0, "returned": now, "known": state != "pending", "verdict": None,
            "decided_at": None, "left": None, "final": False,
        }  # fmt: skip
        with self.lock:
            self.observations.append(obs)
            if state != "pending":
                obs["verdict"], obs["decided_at"] = state, now
            else:
                self.watching.setdefault(key, []).append(obs)
        return obs

    def summary(self, script: dict) -> dict:
        fields = ("variant", "number", "strays", "follow", "final_key", "won")
        return {name: script[name] for name in fields} | {"length": len(script["moves"])}

    # the watcher: first decision of every position a player is waiting on

    def watch(self) -> None:
        from django.db import connection

        from solver.models import Check, PositionVerdict

        while not self.stop.is_set():
            with self.lock:
                keys = list(self.watching)
            if keys:
                rows = PositionVerdict.objects.filter(key__in=keys).exclude(verdict=Check.PENDING)
                for key, verdict, decided in rows.values_list("key", "verdict", "decided"):
                    with self.lock:
                        for obs in self.watching.pop(key, []):
                            obs["verdict"] = verdict
                            obs["decided_at"] = max(decided.timestamp(), obs["t0"])
            time.sleep(WATCH_EVERY)
        connection.close()

    # what the phase left in the database

    def report(self) -> dict:
        from django_tasks_db.models import DBTaskResult

        from solver.models import PositionVerdict

        rows = {}
        for row in PositionVerdict.objects.values_list(
            "key", "verdict", "nodes", "seconds", "decided", "position__variant"
        ):
            key, verdict, nodes, seconds, decided, variant = row
            rows[key] = (verdict, nodes, seconds, decided.timestamp() if decided else None, variant)
        tasks = []
        for task in DBTaskResult.objects.filter(task_path__endswith="check_position"):
            key = task.args_kwargs["args"][0]
            verdict, nodes, seconds, decided, variant = rows.get(key, (None, 0, 0.0, None, None))
            started = task.started_at.timestamp() if task.started_at else None
            finished = task.finished_at.timestamp() if task.finished_at else None
            # This task searched if the row's verdict was stored by a search while it ran (a
            # row decided by another check's winning line has no nodes).
            searched = bool(nodes) and None not in (started, finished, decided)
            searched = searched and started <= decided <= finished
            tasks.append(
                {
                    "key": key, "variant": variant, "status": task.status,
                    "worker": task.worker_ids[-1] if task.worker_ids else None,
                    "enqueued": task.enqueued_at.timestamp(), "started": started,
                    "finished": finished, "returned": task.return_value, "verdict": verdict,
                    "searched": searched, "nodes": nodes if searched else 0,
                    "cpu": seconds if searched else 0.0,
                    "traceback": task.traceback[-400:] if task.traceback else "",
                }
            )  # fmt: skip
        finals = {game["final_key"] for game in self.games}
        return {
            "observations": self.observations,
            "games": self.games,
            "tasks": tasks,
            "final_rows": {key: rows[key][0] if key in rows else None for key in finals},
            "errors": self.errors,
        }


# -- 4: the figures -----------------------------------------------------------------------------


def print_phase(result: dict, truth: dict[str, dict], timeout: float) -> dict:
    workers = result["workers"]
    cores = ", ".join(f"{c:.2f}" for c in result["worker_cores"])
    starved = ", ".join(f"{w:.0f}" for w in result["worker_cpu_waits"])
    load0, load1 = result["load"]
    print(
        f"\n== {workers} worker(s), {result['database']}: {result['wall']:.0f} s wall; "
        f"workers' CPU over the phase (cores each): {cores}; seconds each worker was "
        f"runnable but waiting for a CPU: {starved}; machine busy "
        f"{100 * result['machine_busy']:.0f}% of 2 cores; loadavg {load0[0]:.1f} -> {load1[0]:.1f}"
    )
    if result["errors"]:
        print("   errors: " + "; ".join(result["errors"][:5]))
    summary = {}
    by_variant: dict[str, list[dict]] = {}
    for obs in result["observations"]:
        by_variant.setdefault(obs["variant"], []).append(obs)
    head = (
        f"   {'variant':9} {'positions':>9} {'known':>6} {'win':>5} {'loss':>5} {'unknown':>7} "
        f"{'timeout':>7} {'decided':>8} {'p50':>6} {'p95':>6} {'max':>6} {'on-screen':>9}"
    )
    print(head)
    for variant in sorted(by_variant):
        observed = by_variant[variant]
        kinds = Counter()
        latencies, searched, on_screen = [], [], 0
        for obs in observed:
            latency = None if obs["decided_at"] is None else obs["decided_at"] - obs["t0"]
            if latency is None or latency > timeout:
                kinds["timeout"] += 1
                continue
            kinds[obs["verdict"]] += 1
            if obs["verdict"] in DECIDED:
                latencies.append(latency)
                if not obs["known"]:
                    searched.append(latency)
                left = obs["left"] or math.inf
                on_screen += obs["decided_at"] <= left
        decided = kinds["win"] + kinds["loss"]
        p95 = percentile(latencies, 0.95)
        print(
            f"   {variant:9} {len(observed):9} {sum(o['known'] for o in observed):6} "
            f"{kinds['win']:5} {kinds['loss']:5} {kinds['unknown']:7} {kinds['timeout']:7} "
            f"{100 * decided / len(observed):7.0f}% {secs(percentile(latencies, 0.5)):>6} "
            f"{secs(p95):>6} {secs(max(latencies, default=None)):>6} "
            f"{100 * on_screen / max(1, decided):8.0f}%"
        )
        p95_searched = percentile(searched, 0.95)
        print(
            f"   {'':9} searched (not known at once): {len(searched)} decided, "
            f"p50 {secs(percentile(searched, 0.5))} p95 {secs(p95_searched)} s; target p95 <= "
            f"{TARGET_P95:.0f} s: {verdict_on(p95)} for all decided, {verdict_on(p95_searched)} "
            f"for the searched ones"
        )
        summary[variant] = {
            "positions": len(observed), "decided": decided, "unknown": kinds["unknown"],
            "timeout": kinds["timeout"], "p50": percentile(latencies, 0.5), "p95": p95,
            "p95_searched": p95_searched,
        }  # fmt: skip
    print_queue(result)
    summary["dead_ends"] = print_dead_ends(result, truth, timeout)
    return summary


def verdict_on(p95: float | None) -> str:
    return "met" if p95 is not None and p95 <= TARGET_P95 else "MISSED"


def print_queue(result: dict) -> None:
    tasks = result["tasks"]
    # Where each position was on a player's screen: [t0, left) per observation.
    shown: dict[str, list[tuple[float, float]]] = {}
    for obs in result["observations"]:
        shown.setdefault(obs["key"], []).append((obs["t0"], obs["left"] or math.inf))
    ran = [t for t in tasks if t["started"] is not None and t["finished"] is not None]
    status = Counter(t["status"] for t in tasks)
    kinds = Counter(str(t["returned"]) for t in ran)
    waits = [t["started"] - t["enqueued"] for t in ran]
    stale, walk_back, stale_wall = 0, 0, 0.0
    for t in ran:
        spans = shown.get(t["key"])
        if spans is None:
            walk_back += 1  # asked for by the banner's walk back to the last winnable move
        elif not any(a <= t["started"] < b for a, b in spans):
            stale += 1
            stale_wall += t["finished"] - t["started"]
    busy = sum(t["finished"] - t["started"] for t in ran)
    again = len(tasks) - len({t["key"] for t in tasks})
    print(
        f"   queue: {len(tasks)} checks enqueued ({dict(status)}), {again} of them again for a "
        f"key already queued (pending > RETRY_AFTER); returned: {dict(kinds)}"
    )
    for variant in sorted({str(t["variant"]) for t in ran}):
        searched = [t for t in ran if t["searched"] and str(t["variant"]) == variant]
        walls = [t["finished"] - t["started"] for t in searched]
        cpu = [t["cpu"] for t in searched]
        budget = sum(t["verdict"] == "unknown" for t in searched)
        big = [t for t in searched if t["cpu"] >= 0.2]
        big_wall = sum(t["finished"] - t["started"] for t in big)
        core = sum(t["cpu"] for t in big) / big_wall if big_wall else 0.0
        print(
            f"   {variant} checks that searched: {len(searched)} (solver CPU / wall of the "
            f"{len(big)} with >= 0.2 s CPU: {core:.2f} of a core), wall p50/p95/max "
            f"{secs(percentile(walls, 0.5))}/{secs(percentile(walls, 0.95))}/"
            f"{secs(max(walls, default=None))} s, solver CPU p50/p95/max "
            f"{secs(percentile(cpu, 0.5))}/{secs(percentile(cpu, 0.95))}/"
            f"{secs(max(cpu, default=None))} s, {budget} ran out of budget (unknown)"
        )
    print(
        f"   wait in queue p50/p95/max {secs(percentile(waits, 0.5))}/"
        f"{secs(percentile(waits, 0.95))}/{secs(max(waits, default=None))} s; started after "
        f"the player had moved on: {share(stale, len(ran))}, {stale_wall:.0f} of {busy:.0f} "
        f"worker-seconds; walk-back checks: {walk_back}; still queued at the end: "
        f"{status.get('READY', 0)}"
    )
    # A worker's time from finishing one check to starting the next one already queued:
    # the worker loop's own cost (claiming under the database's locks, polling).
    gaps = []
    for worker in {t["worker"] for t in ran}:
        mine = sorted((t for t in ran if t["worker"] == worker), key=lambda t: t["started"])
        for before, after in zip(mine, mine[1:], strict=False):
            if after["enqueued"] < before["finished"]:
                gaps.append(after["started"] - before["finished"])
    print(
        f"   a worker's gap from one check to the next already queued: p50/p95/max "
        f"{secs(percentile(gaps, 0.5))}/{secs(percentile(gaps, 0.95))}/"
        f"{secs(max(gaps, default=None))} s, {sum(gaps):.0f} s in all"
    )
    failed = [t for t in tasks if t["status"] == "FAILED"]
    if failed:
        print(f"   FAILED checks: {len(failed)}; first: {failed[0]['traceback']!r}")


def print_dead_ends(result: dict, truth: dict[str, dict], timeout: float) -> dict:
    """Games that went bad: how many of their dead ends the background proved lost."""
    finals = {}
    for obs in result["observations"]:
        if obs["final"]:
            finals[(obs["variant"], obs["number"])] = obs
    out = {}
    for variant in sorted({g["variant"] for g in result["games"]}):
        games = [g for g in result["games"] if g["variant"] == variant]
        strayed = [g for g in games if g["strays"] and not g["cut"]]
        offline = Counter(truth[g["final_key"]]["verdict"] for g in strayed)
        bad = [g for g in strayed if truth[g["final_key"]]["verdict"] == "loss"]
        in_time, by_end, wrong = 0, 0, 0
        for game in bad:
            obs = finals.get((variant, game["number"]))
            at_end = result["final_rows"].get(game["final_key"])
            by_end += at_end == "loss"
            wrong += at_end == "win"
            if obs and obs["verdict"] == "loss" and obs["decided_at"] - obs["t0"] <= timeout:
                in_time += 1
        for game in strayed:  # a background loss that the offline solve calls winnable
            at_end = result["final_rows"].get(game["final_key"])
            wrong += at_end == "loss" and truth[game["final_key"]]["verdict"] == "win"
        cut = sum(g["cut"] for g in games)
        print(
            f"   {variant} dead ends: {len(games)} games ({cut} cut short), {len(strayed)} "
            f"strayed; offline ({dict(offline)}); went bad: {len(bad)}; proven lost in the "
            f"background within {timeout:.0f} s: {share(in_time, len(bad))}, by the phase's "
            f"end: {share(by_end, len(bad))}" + (f"; CONTRADICTIONS: {wrong}" if wrong else "")
        )
        out[variant] = {"bad": len(bad), "proven": in_time, "by_end": by_end}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games per variant")
    parser.add_argument("--moves", type=int, default=40, help="moves per game at most")
    parser.add_argument("--players", type=int, default=4, help="virtual players at once")
    parser.add_argument("--workers", default="1,2", help="worker counts, one phase each")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between moves")
    parser.add_argument("--timeout", type=float, default=15.0, help="verdict wait, seconds")
    parser.add_argument("--phase-seconds", type=float, default=240.0, help="moves stop then")
    parser.add_argument("--stray-share", type=float, default=0.6, help="games that stray")
    parser.add_argument("--offline-budget", type=float, default=20.0, help="CPU s per final")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--variants", default="yukon,klondike", help="yukon, klondike or both")
    parser.add_argument("--database-url", help="PostgreSQL URL (dropped and created anew)")
    parser.add_argument("--worker-interval", default="0.05", help="db_worker --interval")
    parser.add_argument("--save", help="write every phase's raw figures to this JSON file")
    parser.add_argument("--run-phase", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_phase:
        players_main(args.run_phase)
        return
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # so that `finally` stops workers
    started = time.monotonic()
    print(f"loadavg at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} (2 cores)")
    scripts = []
    for variant in args.variants.split(","):
        found, skipped = record_games(variant, args.games, args.moves, args.seed, args.stray_share)
        scripts += found
        numbers = ", ".join(
            f"{s['number']}{'*' if s['strays'] else ''}({len(s['moves'])})" for s in found
        )
        print(f"{variant}: games {numbers}; skipped (not proven winnable): {skipped or 'none'}")
    print("  (* strays from the winning line; (n) moves in the script)")
    # Two variants mixed over the players: player i gets scripts i, i+P, ...
    scripts.sort(key=lambda s: (s["number"], s["variant"]))
    log(f"solving {sum(s['strays'] for s in scripts)} final positions offline ...")
    truth = offline_truth(scripts, args.offline_budget)
    print(
        f"offline verdicts of the strayed games' final positions ({args.offline_budget:.0f} s "
        f"CPU each): {dict(Counter(t['verdict'] for t in truth.values()))}"
    )
    print(
        f"players: {args.players}, a move every ~{args.interval:.1f} s, verdict timeout "
        f"{args.timeout:.0f} s, moves stop after {args.phase_seconds:.0f} s; check budget: "
        + check_budget()
    )
    tmp = Path(tempfile.mkdtemp(prefix="verdict-latency-"))
    summaries, saved_phases = {}, []
    try:
        for workers in [int(w) for w in args.workers.split(",")]:
            log(f"phase: {workers} worker(s) ...")
            result = run_phase(args, workers, scripts, tmp)
            summaries[workers] = print_phase(result, truth, args.timeout)
            sys.stdout.flush()
            if args.save:
                saved = {"scripts": scripts, "truth": truth, "phases": [*saved_phases, result]}
                saved_phases.append(result)
                Path(args.save).write_text(json.dumps(saved))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print("\n== summary: decided share, p95 of decided (all / searched), dead ends proven")
    for workers, summary in summaries.items():
        for variant in ("yukon", "klondike"):
            s = summary.get(variant)
            if not s:
                continue
            d = summary["dead_ends"].get(variant, {})
            print(
                f"   W={workers} {variant:9} decided {share(s['decided'], s['positions'])}, "
                f"unknown {s['unknown']}, timed out {s['timeout']}; p95 {secs(s['p95'])} s / "
                f"{secs(s['p95_searched'])} s; dead ends proven {d.get('proven', 0)}/"
                f"{d.get('bad', 0)}"
            )
    print(f"total {time.monotonic() - started:.0f} s; loadavg at end: {os.getloadavg()[0]:.1f}")


def check_budget() -> str:
    """The budget constants as solver/checks.py has them (read, not imported: no Django here)."""
    source = (ROOT / "solver" / "checks.py").read_text()
    names = ("QUICK_BUDGET", "DEEP_BUDGET", "STALE_AFTER")
    lines = [line for line in source.splitlines() if line.startswith(names)]
    return "; ".join(line.replace(" ", "") for line in lines)


if __name__ == "__main__":
    main()
