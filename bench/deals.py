#!/usr/bin/env python
"""The solver's figures on deals, per mode: fresh deals decided, and the grades' calibration.

Deals are dealt with the development deal key (`./dev run` shows the same at /<variant>/<n>/).

    nice -n 19 .venv/bin/python bench/deals.py fresh --seed N [--count 300] [--budget 10]
    nice -n 19 .venv/bin/python bench/deals.py grades [--deals 120] [--strayers 6] [--undos 4]

fresh: `--count` numbers a mode drawn by the seed from FRESH_NUMBERS, far from every number a
test or the pool uses; each searched by the native core with `--budget` CPU seconds in a
forked process of its own (memory capped: a capped search is undecided), one at a time; the
decided share, the undecided numbers, wins replayed through the rules engine, nodes a CPU-s,
and the mean and median CPU-s a deal.

grades: the first `--deals` proven deals of each mode, solved and measured as the pool does
(solver/pool/grade.py); the measures' quartiles and the cut points that put about a quarter in
each grade (what grade.CUTS holds), and per grade the measures and how straying players fare:
each move random with probability STRAY, else the next of a winning line from where they
stand (STRAYER_NODES a search); an undo where none is found; giving up past `--undos` undos
or 3 x par moves. Every random draw is seeded: the same figures each run.
"""

import argparse
import math
import multiprocessing
import os
import random
import resource
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import rules  # noqa: E402
from games.engine.deal import deal  # noqa: E402
from games.engine.moves import Move  # noqa: E402
from solver.search import Verdict, solve  # noqa: E402

WIN = Verdict.WIN

DEVELOPMENT_DEAL_KEY = b"yukon-klondike-development-deal-key"  # yukon_site.settings'
FRESH_NUMBERS = range(1_300_000_000, 1_900_000_000)
MODES = {"yukon": ("yukon", None, None), "draw1": ("klondike", 1, None),
         "draw3": ("klondike", 3, None), "vegas1": ("klondike", 1, 1),
         "vegas3": ("klondike", 3, 3)}  # fmt: skip
SEEDED_AS = {"draw1": "d1", "draw3": "d3"}  # the names the seeds spent so far were drawn by
MEMORY_CAP = 1536 * 2**20  # bytes of address space a search process may take
STRAY, STRAYER_NODES = 0.3, 100_000


def dealt(mode: str, number: int):
    variant, draw, passes = MODES[mode]
    return deal(variant, number, DEVELOPMENT_DEAL_KEY, draw or 1, passes)


def search(job: tuple[str, int, float]) -> dict:
    mode, number, budget = job
    start = dealt(mode, number)
    try:
        result = solve(start, budget_seconds=budget).to_json()
    except MemoryError:
        return {"verdict": "unknown", "nodes": 0, "seconds": budget, "number": number}
    if result["verdict"] == WIN:
        for text in result["moves"]:
            start = rules.apply(start, Move.parse(text))
        result["replays"] = start.is_won
    return {**result, "number": number}


def fresh(args) -> None:
    cap = (resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    context = multiprocessing.get_context("fork")
    for mode in args.modes.split(","):
        drawn = random.Random(f"{args.seed}:{SEEDED_AS.get(mode, mode)}")
        numbers = sorted(drawn.sample(FRESH_NUMBERS, args.count))
        with context.Pool(1, resource.setrlimit, cap, maxtasksperchild=1) as pool:
            found = pool.map(search, [(mode, n, args.budget) for n in numbers], chunksize=1)
        verdicts = Counter(r["verdict"] for r in found)
        undecided = [str(r["number"]) for r in found if r["verdict"] == "unknown"]
        wins = [r for r in found if r["verdict"] == WIN]
        seconds = sum(r["seconds"] for r in found)
        print(f"{mode}: decided {100 * (len(found) - len(undecided)) / len(found):.1f}% of "
              f"{len(found)} ({verdicts['win']} wins, {verdicts['loss']} losses); wins replayed "
              f"{sum(bool(r.get('replays')) for r in wins)}/{len(wins)}; "
              f"{sum(r['nodes'] for r in found) / max(seconds, 1e-9):,.0f} nodes/CPU-s; CPU-s a "
              f"deal mean {seconds / len(found):.2f}, median "
              f"{statistics.median(r['seconds'] for r in found):.3f}; "
              f"undecided: {', '.join(undecided) or 'none'}", flush=True)  # fmt: skip


def pick_random(rng: random.Random, here, previous):
    """A random legal move, the card just moved left alone if it can be; weights: a card 3, a
    stock turn 1, a card off a foundation 0.3."""
    moves = [m for m in rules.legal_moves(here) if m.card is None or m.card != previous]
    moves = moves or rules.legal_moves(here)
    weights = [1.0 if m.card is None else 0.3 if here.locate(m.card)[0] == "f" else 3.0
               for m in moves]  # fmt: skip
    return rng.choices(moves, weights)[0] if moves else None


def stray_game(rng: random.Random, start, par: int, undos_allowed: int) -> tuple:
    """(won, moves as counted, undos) of one straying player."""
    line, ahead, undos, previous, made = [start], [], 0, None, 0
    while made < 3 * par:
        here = line[-1]
        if here.is_won:
            return True, len(line) - 1, undos
        if rng.random() < STRAY and (move := pick_random(rng, here, previous)):
            line.append(rules.apply(here, move))
            previous, ahead, made = move.card, [], made + 1
            continue
        if not ahead:
            result = solve(here, budget_nodes=STRAYER_NODES)
            if result.verdict != WIN:  # a dead end, or too deep to see: one move back
                undos += 1
                if undos > undos_allowed or len(line) == 1:
                    break
                line.pop()
                continue
            ahead = [Move.parse(text) for text in result.moves]
        move = ahead.pop(0)
        line.append(rules.apply(here, move))
        previous, made = move.card, made + 1
    return False, len(line) - 1, undos


def grades(args) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from solver.pool import grade
    from solver.pool.fill import FRESH_BUDGET_SECONDS
    from solver.pool.par import shorten

    def quartiles(values):
        return tuple(round(c, 4) for c in statistics.quantiles(values, n=4, method="inclusive"))

    for mode in args.modes.split(","):
        deals, number = [], 0
        while len(deals) < args.deals:
            number += 1
            start = dealt(mode, number)
            result = solve(start, budget_seconds=FRESH_BUDGET_SECONDS)
            if result.verdict == WIN:
                line = shorten(start, list(result.moves))
                deals.append((number, start, grade.measure(start, line, result.nodes)))
        measures = [m for *_, m in deals]
        cuts = {"narrowness": quartiles([m.narrowness for m in measures]),
                "effort": quartiles([round(m.effort, 2) for m in measures]),
                "par": tuple(int(c) for c in quartiles([m.par for m in measures]))}  # fmt: skip
        points = [grade.points(m, cuts) for m in measures]
        top = max(points) + 1
        cuts["points"] = min(((a, b, c) for a in range(1, top) for b in range(a + 1, top)
                              for c in range(b + 1, top + 1)),
                             key=lambda abc: sum((sum(g == k for g in (sum(p >= x for x in abc)
                                                  for p in points)) - len(points) / 4) ** 2
                                                 for k in range(4)))  # fmt: skip
        print(f"\n{mode}: {len(deals)} proven deals of numbers 1-{number}\n"
              f"  CUTS[{MODES[mode]!r}] = {cuts!r}")  # fmt: skip
        print("  grade   deals    par  narrow  effort | strayers won  moves(won)  undos")
        for g, name in enumerate(grade.GRADES):
            mine = [(n, s, m) for (n, s, m), p in zip(deals, points, strict=True)
                    if sum(p >= x for x in cuts["points"]) == g]  # fmt: skip
            rngs = {n: random.Random(f"grades:{mode}:{n}") for n, *_ in mine}  # one a deal
            games = [stray_game(rngs[n], s, m.par, args.undos)
                     for n, s, m in mine for _ in range(args.strayers)]  # fmt: skip
            won = [moves for w, moves, _ in games if w]

            def mean(values):
                return statistics.fmean(values) if values else math.nan

            print(f"  {name:7} {len(mine):5} {mean([m.par for *_, m in mine]):6.1f} "
                  f"{mean([m.narrowness for *_, m in mine]):7.4f} "
                  f"{mean([m.effort for *_, m in mine]):7.2f} | "
                  f"{100 * len(won) / max(len(games), 1):11.1f}% {mean(won):10.1f} "
                  f"{mean([u for *_, u in games]):6.2f}", flush=True)  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    figures = parser.add_subparsers(dest="figures", required=True)
    one = figures.add_parser("fresh", help="decided share of fresh deals at a CPU budget")
    one.add_argument("--seed", type=int, required=True, help="a seed nothing was tuned on")
    one.add_argument("--count", type=int, default=300, help="deals a mode")
    one.add_argument("--budget", type=float, default=10.0, help="CPU-s a deal")
    one.add_argument("--modes", default="yukon,draw1,draw3", help=f"of {','.join(MODES)}")
    two = figures.add_parser("grades", help="the grades' cut points and the strayers' fates")
    two.add_argument("--deals", type=int, default=120, help="proven deals a mode")
    two.add_argument("--strayers", type=int, default=6, help="straying games a deal")
    two.add_argument("--undos", type=int, default=4, help="undos before a strayer gives up")
    two.add_argument("--modes", default="yukon,draw1,draw3", help=f"of {','.join(MODES)}")
    args = parser.parse_args()
    fresh(args) if args.figures == "fresh" else grades(args)


if __name__ == "__main__":
    main()
