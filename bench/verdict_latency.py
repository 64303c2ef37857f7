#!/usr/bin/env python
"""Verdict latency of the background dead-end checks: recorded games replayed through the
real move path while `db_worker` processes drain the queue, a phase per --workers count.

    .venv/bin/python bench/verdict_latency.py [--games 8] [--moves 40] [--workers 1,2]

Games follow the solver's winning line for 3..25 moves, then (--stray-share of them) random
moves, their ends solved offline. --players threads play through `actions.act` and
`banner.verdict` as the page does. Latency: the row's `decided` minus the move's sending.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import threading
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psutil  # noqa: E402

from bench.site import Site, cpu_seconds, site_env, spent  # noqa: E402
from games.engine.deal import deal  # noqa: E402
from games.engine.moves import Move  # noqa: E402
from games.engine.rules import apply, legal_moves  # noqa: E402
from solver.search import solve  # noqa: E402

DEAL_KEY = "bench-verdict-latency-deal-key" * 2
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_bench_verdicts"
TARGET_P95, PAGE_POLL, WATCH_EVERY = 2.0, 0.8, 0.1
LINE_NODES = 60_000  # the recording's node budget: the same line on any machine
site = None  # the project's Django modules, imported once Django is set up (load_site)


def load_site(url: str) -> None:
    """Sets up Django on the bench database; every import of the site's own modules is here."""
    global site
    import types

    import django

    os.environ.update(site_env(url, DEAL_KEY=DEAL_KEY))
    django.setup()
    from django.db import connections
    from django_tasks_db.models import DBTaskResult

    from games import deals, steps
    from games.play import actions
    from solver.deadends import banner, tasks
    from solver.deadends.models import Check, PositionVerdict, position_key

    site = types.SimpleNamespace(
        connections=connections, DBTaskResult=DBTaskResult, deals=deals, steps=steps,
        actions=actions, banner=banner, tasks=tasks,
        position_key=position_key, Check=Check, PositionVerdict=PositionVerdict,
    )  # fmt: skip


def pct(values: list[float], q: float) -> float | None:  # nearest rank
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else None


def secs(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else f"{part}/0"


def pick_random(rng: random.Random, position, previous):
    moves = [m for m in legal_moves(position) if m.card is None or m.card != previous]
    moves = moves or legal_moves(position)
    if not moves:
        return None
    # stock turns weigh less than card moves, moves off a foundation least
    weights = [1.0 if m.card is None else 0.3 if position.locate(m.card)[0] == "f" else 3.0
               for m in moves]  # fmt: skip
    return rng.choices(moves, weights)[0]


def record_games(variant: str, count: int, max_moves: int, seed: int, stray_share: float):
    lines, skipped, number = [], [], 0
    while len(lines) < count and number < 200:
        number += 1
        start = deal(variant, number, DEAL_KEY.encode(), 1, None)
        result = solve(start, budget_nodes=LINE_NODES)
        if result.verdict == "win":
            lines.append((number, start, result))
        else:
            skipped.append(f"{number}:{result.verdict}")
    rng = random.Random(f"{seed}:{variant}")
    strays = set(rng.sample(range(len(lines)), round(stray_share * len(lines))))
    scripts = []
    for index, (number, start, result) in enumerate(lines):
        rng = random.Random(f"{seed}:{variant}:{number}")
        follow, position, moves, previous = rng.randint(3, 25), start, [], None
        for i in range(max_moves):
            if i < len(result.moves) and (index not in strays or i < follow):
                move = Move.parse(result.moves[i])
            elif index not in strays or (move := pick_random(rng, position, previous)) is None:
                break
            position, previous = apply(position, move), move.card
            moves.append(str(move))
            if position.is_won:
                break
        scripts.append({"variant": variant, "number": number, "moves": moves, "final":
                        position, "strays": index in strays})  # fmt: skip
    return scripts, skipped


class Phase:
    """The players (threads of this process) and the watcher of the verdict rows."""

    def __init__(self, args, scripts: list[dict]) -> None:
        self.args, self.scripts = args, scripts
        self.lock, self.stop = threading.Lock(), threading.Event()
        self.observations: list[dict] = []
        self.watching: dict[str, list[dict]] = {}
        self.finals: dict[tuple, dict] = {}  # (variant, number) → the final observation
        self.cut, self.errors = 0, []
        self.deadline = time.time() + args.phase_seconds

    def run(self) -> None:
        for script in self.scripts:  # untimed: the deals exist before anyone plays
            site.deals.deal_for(script["variant"], script["number"])
        watcher = threading.Thread(target=self.watch)
        watcher.start()
        n = self.args.players
        players = [threading.Thread(target=self.play, args=(i, self.scripts[i::n]))
                   for i in range(n)]  # fmt: skip
        for thread in players:
            thread.start()
        for thread in players:
            thread.join()
        time.sleep(0.3)  # one more look at the rows
        self.stop.set()
        watcher.join()

    def play(self, index: int, scripts: list[dict]) -> None:
        rng = random.Random(f"{self.args.seed}:player:{index}")
        time.sleep(rng.uniform(0, self.args.interval))  # players out of step
        try:
            for script in scripts:
                self.play_game(f"bench-{index}", script, rng)
        except Exception as error:  # reported; the phase goes on
            self.errors.append(f"player {index}: {type(error).__name__}: {error}")
        finally:
            site.connections.close_all()

    def play_game(self, player: str, script: dict, rng: random.Random) -> None:
        if time.time() > self.deadline:
            self.cut += 1
            return
        klondike = script["variant"] == "klondike"
        game = site.actions.start_game(
            player, site.deals.deal_for(script["variant"], script["number"]),
            1 if klondike else None, "standard" if klondike else "none",
        )  # fmt: skip
        t0, step = time.time(), site.steps.current(game)
        obs = self.observe(script, step, t0, verdict := site.banner.verdict(game, step))
        for text in script["moves"]:
            due = t0 + self.args.interval * rng.uniform(0.8, 1.2)
            verdict = self.look(game, step, verdict, due)
            if time.time() > self.deadline:
                self.cut += 1
                return
            t0 = obs["left"] = time.time()
            done = site.actions.act(game.pk, player, "move", game.ply, Move.parse(text))
            game, step = done.game, done.step
            if game.result:
                return  # won: nothing to check
            obs = self.observe(script, step, t0, verdict := site.banner.verdict(game, step))
        self.finals[(script["variant"], script["number"])] = obs
        self.look(game, step, verdict, t0 + self.args.timeout, until_decided=True)
        obs["left"] = time.time()

    def look(self, game, step, verdict, until: float, until_decided: bool = False):
        """Waits until `until`, polling the banner as the page does while it polls."""
        next_poll = time.time() + PAGE_POLL
        while (now := time.time()) < until and not (until_decided and not verdict.polling):
            if verdict.polling and now >= next_poll:
                verdict, next_poll = site.banner.verdict(game, step), now + PAGE_POLL
            else:
                time.sleep(min(0.05, until - now))
        return verdict

    def observe(self, script: dict, step, t0: float, verdict) -> dict:
        key = site.position_key(step.position)
        obs = {"variant": script["variant"], "key": key, "t0": t0, "left": None, "verdict": None,
               "known": verdict.state != "pending", "decided_at": None}  # fmt: skip
        with self.lock:
            self.observations.append(obs)
            if obs["known"]:
                obs["verdict"], obs["decided_at"] = verdict.state, time.time()
            else:
                self.watching.setdefault(key, []).append(obs)
        return obs

    def watch(self) -> None:
        while not self.stop.is_set():
            with self.lock:
                keys = list(self.watching)
            rows = site.PositionVerdict.objects.filter(key__in=keys)
            rows = rows.exclude(verdict=site.Check.PENDING).values_list("key", "verdict", "decided")
            for key, verdict, decided in rows:
                with self.lock:
                    for obs in self.watching.pop(key, []):
                        obs["verdict"] = verdict
                        obs["decided_at"] = max(decided.timestamp(), obs["t0"])
            time.sleep(WATCH_EVERY)
        site.connections.close_all()


def print_phase(phase: Phase, truth: dict, workers: int, wall: float, cores: list, busy: float):
    timeout = phase.args.timeout
    print(f"\n== {workers} worker(s): {wall:.0f} s wall; workers' CPU (cores each): "
          f"{', '.join(f'{c:.2f}' for c in cores)}; machine busy {busy:.0f}% of "
          f"{psutil.cpu_count()} cores; loadavg {os.getloadavg()[0]:.1f}; games cut short by "
          f"the phase's end: {phase.cut}")  # fmt: skip
    if phase.errors:
        print("   errors: " + "; ".join(phase.errors[:5]))
    print("   variant   positions  known   win  loss unknown timeout  decided    p50    p95    max"
          " on-screen")  # fmt: skip
    for variant in sorted({o["variant"] for o in phase.observations}):
        observed = [o for o in phase.observations if o["variant"] == variant]
        kinds, latencies, searched, on_screen = Counter(), [], [], 0
        for obs in observed:
            latency = None if obs["decided_at"] is None else obs["decided_at"] - obs["t0"]
            kinds[obs["verdict"] if latency is not None and latency <= timeout else "timeout"] += 1
            if latency is not None and latency <= timeout and obs["verdict"] in ("win", "loss"):
                latencies.append(latency)
                searched += [] if obs["known"] else [latency]
                on_screen += obs["decided_at"] <= (obs["left"] or math.inf)
        decided = kinds["win"] + kinds["loss"]
        print(f"   {variant:9} {len(observed):9} {sum(o['known'] for o in observed):6} "
              f"{kinds['win']:5} {kinds['loss']:5} {kinds['unknown']:7} {kinds['timeout']:7} "
              f"{100 * decided / len(observed):7.0f}% {secs(pct(latencies, 0.5)):>6} "
              f"{secs(pct(latencies, 0.95)):>6} {secs(max(latencies, default=None)):>6} "
              f"{100 * on_screen / max(1, decided):8.0f}%")  # fmt: skip
        p95 = pct(searched, 0.95)
        print(f"   {'':9} searched (not known at once): {len(searched)} decided, p50 "
              f"{secs(pct(searched, 0.5))} p95 {secs(p95)} s; target p95 <= {TARGET_P95:.0f} s: "
              f"{'met' if p95 is not None and p95 <= TARGET_P95 else 'MISSED'}")  # fmt: skip
    tasks = list(site.DBTaskResult.objects.filter(task_path__endswith="check_position"))
    ran = [t for t in tasks if t.started_at and t.finished_at]
    for what, spans in (
        ("wall per check", [t.finished_at - t.started_at for t in ran]),
        ("wait in queue", [t.started_at - t.enqueued_at for t in ran]),
    ):
        spans = [span.total_seconds() for span in spans]
        print(f"   {what} p50/p95/max {'/'.join(secs(pct(spans, q)) for q in (0.5, 0.95, 1))} s")
    print(f"   checks enqueued: {len(tasks)} ({dict(Counter(t.status for t in tasks))})")
    rows = dict(site.PositionVerdict.objects.values_list("key", "verdict"))
    for variant in sorted({s["variant"] for s in phase.scripts}):
        strayed = [s for s in phase.scripts if s["variant"] == variant and s["strays"]
                   and (variant, s["number"]) in phase.finals]  # fmt: skip
        bad = [s for s in strayed if truth[s["key"]] == "loss"]
        ends = [phase.finals[(variant, s["number"])] for s in bad]
        in_time = sum(e["verdict"] == "loss" and e["decided_at"] - e["t0"] <= timeout for e in ends)
        by_end = sum(rows.get(s["key"]) == "loss" for s in bad)
        wrong = sum({truth[s["key"]], rows.get(s["key"])} == {"win", "loss"} for s in strayed)
        print(f"   {variant} dead ends: {len(strayed)} strayed games played to the end; offline "
              f"{dict(Counter(truth[s['key']] for s in strayed))}; went bad: {len(bad)}; proven "
              f"lost within {timeout:.0f} s: {share(in_time, len(bad))}, by the phase's end: "
              f"{share(by_end, len(bad))}"
              f"{f'; CONTRADICTIONS: {wrong}' if wrong else ''}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games per variant")
    parser.add_argument("--moves", type=int, default=40, help="moves per game at most")
    parser.add_argument("--players", type=int, default=4, help="virtual players at once")
    parser.add_argument("--workers", default="1,2", help="db_worker counts, one phase each")
    parser.add_argument("--interval", type=float, default=1.0, help="seconds between moves")
    parser.add_argument("--timeout", type=float, default=15.0, help="verdict wait, seconds")
    parser.add_argument("--phase-seconds", type=float, default=240.0, help="moves stop then")
    parser.add_argument("--stray-share", type=float, default=0.6, help="games that stray")
    parser.add_argument("--offline-budget", type=float, default=20.0, help="CPU s per final")
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--variants", default="yukon,klondike", help="yukon, klondike or both")
    parser.add_argument("--database-url", default=DEFAULT_DB,
                        help="PostgreSQL URL, dropped and created anew per phase")  # fmt: skip
    args = parser.parse_args()
    started = time.monotonic()
    print(f"loadavg at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())} "
          f"({psutil.cpu_count()} cores)")  # fmt: skip
    scripts = []
    for variant in args.variants.split(","):
        found, skipped = record_games(variant, args.games, args.moves, args.seed, args.stray_share)
        scripts += found
        numbers = ", ".join(f"{s['number']}{'*' if s['strays'] else ''}({len(s['moves'])})"
                            for s in found)  # fmt: skip
        print(f"{variant}: games {numbers}; skipped (not proven winnable): {skipped or 'none'}")
    print("  (* strays from the winning line; (n) moves in the script)")
    scripts.sort(key=lambda s: (s["number"], s["variant"]))  # both variants over the players
    load_site(args.database_url)
    truth = {}
    for script in scripts:
        script["key"] = site.position_key(script["final"])
        if script["strays"]:
            result = solve(script["final"], budget_seconds=args.offline_budget)
            truth[script["key"]] = result.verdict
    print(f"offline verdicts of the strayed games' final positions ({args.offline_budget:g} s CPU "
          f"each): {dict(Counter(truth.values()))}")  # fmt: skip
    for workers in [int(w) for w in args.workers.split(",")]:
        site.connections.close_all()
        with Site(args.database_url, web_workers=0, db_workers=workers, fresh=True,
                  DEAL_KEY=DEAL_KEY) as running:  # fmt: skip
            phase, cpu0, t0 = Phase(args, scripts), cpu_seconds(running.workers), time.monotonic()
            psutil.cpu_percent()  # the machine's busy share from here on
            phase.run()
            wall, cpu1 = time.monotonic() - t0, cpu_seconds(running.workers)
            cores = [spent({p: cpu0.get(p, 0)}, {p: cpu1.get(p, 0)}) / wall for p in cpu0]
            busy = psutil.cpu_percent()
            print_phase(phase, truth, workers, wall, cores, busy)
    print(f"total {time.monotonic() - started:.0f} s; loadavg at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
