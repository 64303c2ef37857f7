#!/usr/bin/env python
"""Verdict latency of the background dead-end checks: recorded games replayed through the real
move path while real `db_worker` processes drain the queue, one phase per --workers count.

    .venv/bin/python bench/verdict_latency.py [--stray-share 1] [--workers 1,2]
        [--games 8] [--moves 40] [--players 4] [--database-url postgres://...]

Scripts: the solver's winning line of the first --games winnable deals per variant for 3..25
moves, then (in --stray-share of them) random legal moves; strayed games' final positions are
solved offline to know which went bad. Per phase: a fresh database and W db_workers; --players
threads play through `actions.act` and `banner.verdict(..., ask=True)` as the view does (a move
every --interval s, polling the banner as the page does, up to --timeout s at the end).
Latency: the verdict row's `decided` minus the moment the move was sent.

Decided: a check is asked on each POSTed move, and the worker drops unsearched the check of a
position the player left before it started; such positions are not counted ("dropped", also
when only a later check, begun after the player left, decided them). A position counts as
decided when its win or loss was known while the player stood on it; a game's final position,
where the player waits up to --timeout s, when known within that wait.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import threading
import time
import types
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psutil  # noqa: E402

from bench.site import Site, cpu_seconds, site_env  # noqa: E402
from games.engine.deal import deal  # noqa: E402
from games.engine.moves import Move  # noqa: E402
from games.engine.rules import apply, legal_moves  # noqa: E402
from solver.search import solve  # noqa: E402

DEAL_KEY = "bench-verdict-latency-deal-key-of-32-bytes"
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_bench_verdicts"
TARGET_P95, PAGE_POLL, WATCH_EVERY = 1.0, 0.8, 0.1
LINE_NODES = 60_000  # the recording's node budget: the same line on any machine
site = None  # the project's Django modules, imported once Django is set up (load_site)


def load_site(url: str) -> None:
    """Sets up Django on the bench database; every import of the site's own modules is here."""
    global site
    import django

    os.environ.update(site_env(url, DEAL_KEY=DEAL_KEY))
    django.setup()
    from django import db
    from django_tasks_db.models import DBTaskResult

    from games import deals, steps
    from games.play import actions
    from solver.deadends import banner, models, tasks

    site = types.SimpleNamespace(
        db=db, DBTaskResult=DBTaskResult, deals=deals, steps=steps, actions=actions,
        banner=banner, models=models, tasks=tasks,
    )  # fmt: skip


def pct(values: list[float], q: float) -> float:  # nearest rank; q=1: the largest
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else math.nan


def spread(values: list[float]) -> str:  # p50/p95/max in seconds
    return "/".join("-" if not values else f"{pct(values, q):.2f}" for q in (0.5, 0.95, 1))


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else f"{part}/0"


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
    """The players (threads of this process) and, meanwhile, the watch on the verdict rows."""

    def __init__(self, args, scripts: list[dict]) -> None:
        self.args, self.scripts, self.lock = args, scripts, threading.Lock()
        self.observations: list[dict] = []
        self.watching: dict[str, list[dict]] = {}  # position key → its observations pending
        self.finals: dict[tuple, dict] = {}  # (variant, number) → the final observation
        self.cut, self.errors = 0, []
        self.deadline = time.time() + args.phase_seconds

    def run(self) -> None:
        for script in self.scripts:  # untimed: the deals exist before anyone plays
            site.deals.deal_for(script["variant"], script["number"])
        n = self.args.players
        with ThreadPoolExecutor(n) as pool:
            players = [pool.submit(self.play, i, self.scripts[i::n]) for i in range(n)]
            while not all(player.done() for player in players):
                self.watch()
                time.sleep(WATCH_EVERY)
        time.sleep(0.3)
        self.watch()  # one more look at the rows

    def play(self, index: int, scripts: list[dict]) -> None:
        rng = random.Random(f"{self.args.seed}:player:{index}")
        time.sleep(rng.uniform(0, self.args.interval))  # players out of step
        try:
            for script in scripts:
                self.play_game(f"bench-{index}", script, rng)
        except Exception as error:  # reported; the phase goes on
            self.errors.append(f"player {index}: {type(error).__name__}: {error}")
        finally:
            site.db.connections.close_all()

    def play_game(self, player: str, script: dict, rng: random.Random) -> None:
        if time.time() > self.deadline:
            self.cut += 1
            return
        draw, scoring = (1, "standard") if script["variant"] == "klondike" else (None, "none")
        dealt = site.deals.deal_for(script["variant"], script["number"])
        game = site.actions.start_game(player, dealt, draw, scoring)
        step, obs = site.steps.current(game), None
        verdict = site.banner.verdict(game, step)
        for text in script["moves"]:
            due = time.time() + self.args.interval * rng.uniform(0.8, 1.2)
            verdict = self.look(game, step, verdict, due)
            if time.time() > self.deadline:
                self.cut += 1
                return
            t0 = time.time()
            if obs is not None:
                obs["left"] = t0
            done = site.actions.act(game.pk, player, "move", game.ply, Move.parse(text))
            game, step = done.game, done.step
            if game.result:
                return  # won: nothing to check
            verdict = site.banner.verdict(game, step, done.before, ask=True)  # as the view does
            obs = self.observe(script, step, t0, verdict)
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
        key = site.models.position_key(step.position)
        known = verdict.state != "pending"  # answered at once, no check to wait for
        obs = {"variant": script["variant"], "key": key, "t0": t0, "left": None, "known": known,
               "verdict": verdict.state if known else None,
               "decided_at": time.time() if known else None}  # fmt: skip
        with self.lock:
            self.observations.append(obs)
            if not known:
                self.watching.setdefault(key, []).append(obs)
        return obs

    def watch(self) -> None:
        """Notes the first row of each position watched (a later check may rewrite it)."""
        with self.lock:
            keys = list(self.watching)
        rows = site.models.PositionVerdict.objects.filter(key__in=keys)
        rows = rows.values_list("key", "verdict", "decided", "seconds")
        for key, verdict, decided, seconds in rows:
            with self.lock:
                for obs in self.watching.pop(key, []):
                    obs["verdict"] = verdict
                    obs["decided_at"] = max(decided.timestamp(), obs["t0"])
                    obs["started_at"] = decided.timestamp() - seconds  # its search began


def print_phase(phase: Phase, truth: dict, workers: int, wall: float, cores: list, busy: float):
    timeout = phase.args.timeout
    print(f"\n== {workers} worker(s): {wall:.0f} s wall; workers' CPU (cores each): "
          f"{', '.join(f'{c:.2f}' for c in cores)}; machine busy {busy:.0f}% of "
          f"{psutil.cpu_count()} cores; loadavg {os.getloadavg()[0]:.1f}; games cut short by "
          f"the phase's end: {phase.cut}")  # fmt: skip
    if phase.errors:
        print("   errors: " + "; ".join(phase.errors[:5]))
    print("   variant   positions dropped  known   win  loss unknown   late  decided (of counted)"
          "   p50/p95/max s")  # fmt: skip
    finals = {id(obs) for obs in phase.finals.values()}
    for variant in sorted({o["variant"] for o in phase.observations}):
        observed = [o for o in phase.observations if o["variant"] == variant]
        kinds, latencies, searched = Counter(), [], []
        for obs in observed:
            final, at = id(obs) in finals, obs["decided_at"]
            left = obs["left"] or math.inf
            if at is None or not final and at > left and obs.get("started_at", 0) > left:
                # never decided, or only by a check begun after the player had left (looking
                # back from a loss, say): the check asked on the move was dropped
                kinds["late" if final else "dropped"] += 1
                continue
            latency = at - obs["t0"]
            in_time = latency <= timeout if final else at <= left
            kinds[obs["verdict"] if in_time else "late"] += 1
            if obs["verdict"] in ("win", "loss") and latency <= timeout:
                latencies.append(latency)
                searched += [] if obs["known"] else [latency]
        counted, decided = len(observed) - kinds["dropped"], kinds["win"] + kinds["loss"]
        print(f"   {variant:9} {len(observed):9} {kinds['dropped']:7} "
              f"{sum(o['known'] for o in observed):6} {kinds['win']:5} {kinds['loss']:5} "
              f"{kinds['unknown']:7} {kinds['late']:6} {share(decided, counted):>19} "
              f"{spread(latencies):>17}")  # fmt: skip
        print(f"   {'':9} searched (not known at once): {len(searched)} decided, p50/p95/max "
              f"{spread(searched)} s; target p95 <= {TARGET_P95:g} s: "
              f"{'met' if pct(searched, 0.95) <= TARGET_P95 else 'MISSED'}")  # fmt: skip
    tasks = list(site.DBTaskResult.objects.filter(task_path__endswith="check_position"))
    ran = [t for t in tasks if t.started_at and t.finished_at]
    waits = [(t.started_at - t.enqueued_at).total_seconds() for t in ran]
    walls = [(t.finished_at - t.started_at).total_seconds() for t in ran]
    print(f"   queue: {len(tasks)} wake-ups ({dict(Counter(t.return_value for t in ran))}); "
          f"p50/p95/max wall per wake-up {spread(walls)} s, wait {spread(waits)} s")  # fmt: skip
    rows = dict(site.models.PositionVerdict.objects.values_list("key", "verdict"))
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
    for script in scripts:
        script["key"] = site.models.position_key(script["final"])
    truth = {s["key"]: solve(s["final"], budget_seconds=args.offline_budget).verdict
             for s in scripts if s["strays"]}  # fmt: skip
    print(f"offline verdicts of the strayed games' final positions ({args.offline_budget:g} s CPU "
          f"each): {dict(Counter(truth.values()))}")  # fmt: skip
    print(f"players: {args.players}, a move every ~{args.interval:g} s, verdict timeout "
          f"{args.timeout:g} s, moves stop after {args.phase_seconds:g} s; check budget: "
          f"QUICK_BUDGET={site.tasks.QUICK_BUDGET}; "
          f"DEEP_BUDGET={site.tasks.DEEP_BUDGET}")  # fmt: skip
    for workers in [int(w) for w in args.workers.split(",")]:
        site.db.connections.close_all()
        with Site(args.database_url, web_workers=0, db_workers=workers, fresh=True,
                  DEAL_KEY=DEAL_KEY) as running:  # fmt: skip
            phase, cpu0, t0 = Phase(args, scripts), cpu_seconds(running.workers), time.monotonic()
            psutil.cpu_percent()  # the machine's busy share from here on
            phase.run()
            wall, cpu1 = time.monotonic() - t0, cpu_seconds(running.workers)
            cores = [(cpu1.get(pid, 0) - cpu0[pid]) / wall for pid in cpu0]
            busy = psutil.cpu_percent()
            print_phase(phase, truth, workers, wall, cores, busy)
    print(f"total {time.monotonic() - started:.0f} s; loadavg at end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
