#!/usr/bin/env python
"""Verdict latency of the background dead-end checks: recorded games replayed through the real
move path while real `db_worker` processes drain the queue, one phase per --workers count.

    .venv/bin/python bench/verdict_latency.py [--workers 1,2] [--stray-share 1] [--games 8] ...

A game follows the solver's winning line of a winnable deal for 3..25 moves, then (in
--stray-share of the games) random legal moves; the strayed games' final positions are solved
offline to know which went bad. A phase: a fresh database, W db_workers and --players threads
moving through `actions.act` and `banner.verdict(..., ask=True)` as the view does, every
--interval s. Latency: the verdict row's `decided` minus when the move was sent. A position is
decided if its verdict was known while the player stood on it (the final one: within --timeout
s); a check the worker dropped because the player had moved on is not counted ("dropped").
"""

import argparse
import math
import os
import random
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import psutil  # noqa: E402

from bench.site import Site, cpu_seconds, loadavg, pct, site_env, spread  # noqa: E402
from games.engine.deal import deal  # noqa: E402
from games.engine.modes import Mode  # noqa: E402
from games.engine.moves import Move  # noqa: E402
from games.engine.rules import apply, legal_moves  # noqa: E402
from solver.search import solve  # noqa: E402

DEAL_KEY = "bench-verdict-latency-deal-key-of-32-bytes"
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_bench_verdicts"
TARGET_P95, PAGE_POLL, WATCH_EVERY = 1.0, 0.8, 0.1
LINE_NODES = 60_000  # the recording's node budget: the same line on any machine


def load_site(url: str) -> None:
    """Sets up Django on the bench database, then imports the site's modules, as globals."""
    global db, DBTaskResult, deals, steps, actions, banner, models, tasks, storage
    import django

    os.environ.update(site_env(url, DEAL_KEY=DEAL_KEY))
    django.setup()
    from django import db
    from django_tasks_db.models import DBTaskResult

    from games import deals, steps
    from play import actions, banner
    from retention import storage
    from solver.deadends import models, tasks


def share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.1f}%)" if whole else f"{part}/0"


def pick_random(rng: random.Random, position, previous):
    moves = [m for m in legal_moves(position) if m.card is None or m.card != previous]
    moves = moves or legal_moves(position)
    # stock turns weigh less than card moves, moves off a foundation least
    weights = [1.0 if m.card is None else 0.3 if position.locate(m.card)[0] == "f" else 3.0
               for m in moves]  # fmt: skip
    return rng.choices(moves, weights)[0] if moves else None


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
        key = models.position_key(position)
        scripts.append({"variant": variant, "number": number, "moves": moves, "final": position,
                        "key": key, "strays": index in strays})  # fmt: skip
    numbers = ", ".join(f"{s['number']}{'*' if s['strays'] else ''}({len(s['moves'])})"
                        for s in scripts)  # fmt: skip
    print(f"{variant}: games {numbers}; skipped (not proven winnable): {skipped or 'none'}")
    return scripts


class Phase:
    """The players (threads of this process) and, meanwhile, the watch on the verdict rows."""

    def __init__(self, args, scripts: list[dict]) -> None:
        self.args, self.scripts, self.lock = args, scripts, threading.Lock()
        self.watching: dict[str, list[dict]] = {}  # position key → its observations pending
        self.finals: dict[tuple, dict] = {}  # (variant, number) → the final observation
        self.cut, self.errors, self.observations = 0, [], []
        self.deadline = time.time() + args.phase_seconds

    def run(self) -> None:
        for script in self.scripts:  # untimed: the deals exist before anyone plays
            deals.deal_for(script["variant"], script["number"])
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
            db.connections.close_all()

    def play_game(self, player: str, script: dict, rng: random.Random) -> None:
        if time.time() > self.deadline:
            self.cut += 1
            return
        variant = script["variant"]
        mode = Mode(variant, 1, "standard") if variant == "klondike" else Mode.yukon()
        game = actions.start_game(player, deals.deal_for(variant, script["number"]), mode)
        step, obs = steps.current(game), None
        verdict = banner.verdict(game, step)
        for text in script["moves"]:
            due = time.time() + self.args.interval * rng.uniform(0.8, 1.2)
            verdict = self.look(game, step, verdict, due)
            if time.time() > self.deadline:
                self.cut += 1
                return
            t0 = time.time()
            if obs is not None:
                obs["left"] = t0
            done = actions.act(game.pk, player, "move", game.ply, Move.parse(text))
            game, step = done.game, done.step
            if game.result:
                return  # won: nothing to check
            verdict = banner.verdict(game, step, done.before, ask=True)  # as the view does
            obs = self.observe(script, step, t0, verdict)
        self.finals[(script["variant"], script["number"])] = obs
        self.look(game, step, verdict, t0 + self.args.timeout, until_decided=True)
        obs["left"] = time.time()

    def look(self, game, step, verdict, until: float, until_decided: bool = False):
        """Waits until `until`, polling the banner as the page does while it polls."""
        next_poll = time.time() + PAGE_POLL
        while (now := time.time()) < until and not (until_decided and not verdict.polling):
            if verdict.polling and now >= next_poll:
                verdict, next_poll = banner.verdict(game, step), now + PAGE_POLL
            else:
                time.sleep(min(0.05, until - now))
        return verdict

    def observe(self, script: dict, step, t0: float, verdict) -> dict:
        key = models.position_key(step.position)
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
        rows = models.PositionVerdict.objects.filter(key__in=keys)
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
          f"{', '.join(f'{c:.2f}' for c in cores)}; machine busy {busy:.0f}%, loadavg "
          f"{loadavg()}; games cut short by the phase's end: {phase.cut}")  # fmt: skip
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
    checks = list(DBTaskResult.objects.filter(task_path__endswith="check_position"))
    ran = [t for t in checks if t.started_at and t.finished_at]
    waits = [(t.started_at - t.enqueued_at).total_seconds() for t in ran]
    walls = [(t.finished_at - t.started_at).total_seconds() for t in ran]
    print(f"   queue: {len(checks)} wake-ups ({dict(Counter(t.return_value for t in ran))}); "
          f"p50/p95/max wall per wake-up {spread(walls)} s, wait {spread(waits)} s")  # fmt: skip
    rows = dict(models.PositionVerdict.objects.values_list("key", "verdict"))
    print_storage(len(rows))
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


def print_storage(rows: int) -> None:
    """What the verdicts take: rows and lines, and beside them the rows a row for every
    position on every line stored would take (the storage before lines were kept)."""
    stored = models.WinningLine.objects.values_list("moves", flat=True)
    lines = [len(moves.split()) for moves in stored]
    tables = {table.name: table.bytes for table in storage.tables()}
    print(f"   stored: {rows} verdict rows ({tables.get('solver_positionverdict', 0) / 1024:.0f} "
          f"KiB), {len(lines)} winning lines of {sum(lines)} moves "
          f"({tables.get('solver_winningline', 0) / 1024:.0f} KiB); a row for each position "
          f"on each line would be {sum(lines)} rows")  # fmt: skip


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
    print(f"loadavg at start: {loadavg()}")
    load_site(args.database_url)
    scripts = []
    for variant in args.variants.split(","):
        scripts += record_games(variant, args.games, args.moves, args.seed, args.stray_share)
    print("  (* strays from the winning line; (n) moves in the script)")
    scripts.sort(key=lambda s: (s["number"], s["variant"]))  # both variants over the players
    truth = {s["key"]: solve(s["final"], budget_seconds=args.offline_budget).verdict
             for s in scripts if s["strays"]}  # fmt: skip
    print(f"offline verdicts of the strayed games' final positions ({args.offline_budget:g} s CPU "
          f"each): {dict(Counter(truth.values()))}")  # fmt: skip
    print(f"players: {args.players}, a move every ~{args.interval:g} s, verdict timeout "
          f"{args.timeout:g} s, moves stop after {args.phase_seconds:g} s; check budget: "
          f"QUICK_BUDGET={tasks.QUICK_BUDGET}; DEEP_BUDGET={tasks.DEEP_BUDGET}")  # fmt: skip
    for workers in [int(w) for w in args.workers.split(",")]:
        db.connections.close_all()
        with Site(args.database_url, web_workers=0, db_workers=workers, fresh=True,
                  DEAL_KEY=DEAL_KEY) as running:  # fmt: skip
            phase, cpu0, t0 = Phase(args, scripts), cpu_seconds(running.workers), time.monotonic()
            psutil.cpu_percent()  # the machine's busy share from here on
            phase.run()
            wall, cpu1 = time.monotonic() - t0, cpu_seconds(running.workers)
            cores = [(cpu1.get(pid, 0) - cpu0[pid]) / wall for pid in cpu0]
            print_phase(phase, truth, workers, wall, cores, psutil.cpu_percent())
    print(f"total {time.monotonic() - started:.0f} s; loadavg at end: {loadavg()}")


if __name__ == "__main__":
    main()
