#!/usr/bin/env python
"""Calibrating the deal grades (issue 24, part 1): prove deals per mode, print their measures'
quartiles, the cut points that put about a quarter of the deals in each grade, and per grade
the measures and how the straying players fare.

    nice -n 19 .venv/bin/python bench/grades.py [--deals 120] [--strayers 6] [--modes ...]

A mode's deals are its game numbers from 1 up (the development deal key), solved as the pool
solves them (FRESH_BUDGET_SECONDS, then par), the proven ones measured as the pool measures
them (solver/pool/grade.py). The cut points printed are what CUTS in that module holds.

The straying players: from the deal, each move is a random legal one (the weights of
bench/verdict_latency.py's strayers: card moves 3, stock turns 1, off a foundation 0.3) with
probability --stray, else the next move of a winning line from where they stand (the solver's,
STRAYER_NODES a search). When the search finds no win from there (a dead end, or too deep to
see), they undo a move and go on. They give up past --undos undos or 3 x par moves. Printed per
grade: win rate, the moves of a win as the site counts them (undone moves left out), and the
undos of all games. Every random draw is seeded: the same figures on every run.
"""

import argparse
import math
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

from games.engine.deal import deal  # noqa: E402
from games.engine.moves import Move  # noqa: E402
from games.engine.rules import apply, legal_moves  # noqa: E402
from solver.pool import grade as grading  # noqa: E402
from solver.pool.fill import FRESH_BUDGET_SECONDS  # noqa: E402
from solver.pool.par import shorten  # noqa: E402
from solver.search import Verdict, solve  # noqa: E402

MODES = {"yukon": ("yukon", None, None), "draw1": ("klondike", 1, None),
         "draw3": ("klondike", 3, None), "vegas1": ("klondike", 1, 1),
         "vegas3": ("klondike", 3, 3)}  # fmt: skip
STRAYER_NODES = 100_000


def proven(variant, draw, passes, count):
    """The first `count` proven deals of the mode: (number, start, measures)."""
    found, number, began = [], 0, time.process_time()
    while len(found) < count:
        number += 1
        start = deal(variant, number, settings.DEAL_KEY, draw or 1, passes)
        result = solve(start, budget_seconds=FRESH_BUDGET_SECONDS)
        if result.verdict != Verdict.WIN:
            continue
        line = shorten(start, list(result.moves))
        found.append((number, start, line, grading.measure(start, line, result.nodes)))
        print(f"\r  {len(found)}/{count} proven of {number} ({time.process_time() - began:.0f} "
              "CPU s)", end="", file=sys.stderr, flush=True)  # fmt: skip
    print(file=sys.stderr)
    return found


def quartiles(values):
    cuts = statistics.quantiles(values, n=4, method="inclusive")
    return tuple(round(c, 4) for c in cuts)


def point_cuts(scores):
    """The three point cut points that put the deals closest to a quarter in each grade."""
    best, n = None, len(scores)
    top = max(scores) + 1
    for a in range(1, top):
        for b in range(a + 1, top):
            for c in range(b + 1, top + 1):
                shares = [sum(s < a for s in scores), sum(a <= s < b for s in scores),
                          sum(b <= s < c for s in scores), sum(s >= c for s in scores)]  # fmt: skip
                miss = sum((share - n / 4) ** 2 for share in shares)
                if best is None or miss < best[0]:
                    best = (miss, (a, b, c))
    return best[1]


def pick_random(rng, position, previous):
    moves = [m for m in legal_moves(position) if m.card is None or m.card != previous]
    moves = moves or legal_moves(position)
    weights = [1.0 if m.card is None else 0.3 if position.locate(m.card)[0] == "f" else 3.0
               for m in moves]  # fmt: skip
    return rng.choices(moves, weights)[0] if moves else None


def stray_game(rng, start, par, stray, max_undos):
    """(won, moves as counted, undos) of one straying player."""
    line, ahead, undos, previous = [start], [], 0, None
    made = 0
    while made < 3 * par:
        here = line[-1]
        if here.is_won:
            return True, len(line) - 1, undos
        if rng.random() < stray and (move := pick_random(rng, here, previous)):
            line.append(apply(here, move))
            previous, ahead, made = move.card, [], made + 1
            continue
        if not ahead:
            result = solve(here, budget_nodes=STRAYER_NODES)
            if result.verdict != Verdict.WIN:  # a dead end (or too deep to see): one move back
                undos += 1
                if undos > max_undos or len(line) == 1:
                    break
                line.pop()
                continue
            ahead = [Move.parse(text) for text in result.moves]
        move = ahead.pop(0)
        line.append(apply(here, move))
        previous, made = move.card, made + 1
    return False, len(line) - 1, undos


def report(name, deals, args):
    variant, draw, passes = MODES[name]
    measures = [m for *_, m in deals]
    cuts = {
        "narrowness": quartiles([m.narrowness for m in measures]),
        "effort": quartiles([round(m.effort, 2) for m in measures]),
        "par": tuple(int(c) for c in quartiles([m.par for m in measures])),
    }
    cuts["points"] = point_cuts([grading.points(m, cuts) for m in measures])
    print(f"\n{name} ({variant}, draw {draw}, passes {passes}): {len(deals)} proven deals")
    print(f"  quartiles: narrowness {cuts['narrowness']}, effort (log10 nodes) "
          f"{cuts['effort']}, par {cuts['par']}; points cut at {cuts['points']}")  # fmt: skip
    print(f"  CUTS[{(variant, draw, passes)!r}] = {cuts!r}")
    rows = {g: [] for g in grading.GRADES}
    for number, start, _line, m in deals:
        g = grading.GRADES[sum(grading.points(m, cuts) >= b for b in cuts["points"])]
        rng = random.Random(f"{args.seed}:{name}:{number}")
        games = [
            stray_game(rng, start, m.par, args.stray, args.undos) for _ in range(args.strayers)
        ]
        rows[g].append((m, games))
    print("  grade   deals  par   narrow  effort | strayers: games  won   moves(won)  undos")
    for g, found in rows.items():
        if not found:
            print(f"  {g:7} 0")
            continue
        games = [game for _, gs in found for game in gs]
        wins = [moves for won, moves, _ in games if won]

        def mean(values):
            return statistics.fmean(values) if values else math.nan

        print(f"  {g:7} {len(found):5} {mean([m.par for m, _ in found]):5.1f} "
              f"{mean([m.narrowness for m, _ in found]):7.4f} "
              f"{mean([m.effort for m, _ in found]):6.2f} | {len(games):14} "
              f"{100 * len(wins) / len(games):5.1f}% {mean(wins):8.1f} "
              f"{mean([u for *_, u in games]):8.2f}")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=120, help="proven deals per mode")
    parser.add_argument("--strayers", type=int, default=6, help="straying games per deal")
    parser.add_argument("--stray", type=float, default=0.3, help="a strayer's random-move share")
    parser.add_argument("--undos", type=int, default=4, help="undos before a strayer gives up")
    parser.add_argument("--seed", default="grades", help="the strayers' random seed")
    parser.add_argument("--modes", default="yukon,draw1,draw3", help=f"of {','.join(MODES)}")
    args = parser.parse_args()
    for name in args.modes.split(","):
        began = time.process_time()
        deals = proven(*MODES[name], args.deals)
        report(name, deals, args)
        print(f"  ({time.process_time() - began:.0f} CPU s)")


if __name__ == "__main__":
    main()
