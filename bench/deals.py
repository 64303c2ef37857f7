#!/usr/bin/env python
"""Figures on deals (README "Benchmarks", "Grades", "Ratings"), dealt with the development key.

    nice -n 19 .venv/bin/python bench/deals.py fresh --seed N [--count 300] [--budget 10]
    nice -n 19 .venv/bin/python bench/deals.py grades [--deals 120] [--strayers 6] [--undos 4]
    nice -n 19 .venv/bin/python bench/deals.py ratings [--deals 40] [--games 15] [--players 3]
    .venv/bin/python bench/deals.py preview [--images 20]

fresh: the decided share of fresh deals, each searched in a forked process, memory capped (a
capped search is undecided). grades: the grades' cut points and how strayers fare in each.
ratings: strayers play rated Yukon games through the site's own code on a fresh SQLite database,
resigning where they would undo. preview: a share image's CPU and bytes. All draws are seeded.
"""

import argparse
import math
import multiprocessing
import os
import random
import resource
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine import rules  # noqa: E402
from games.engine.deal import deal  # noqa: E402
from games.engine.moves import Move  # noqa: E402
from solver.search import Verdict, solve  # noqa: E402

WIN = Verdict.WIN
DEVELOPMENT_DEAL_KEY = b"yukon-klondike-development-deal-key"  # yukon_site.settings'
FRESH_NUMBERS = range(1_300_000_000, 1_900_000_000)
MODES = {"yukon": ("yukon", None, None), "draw1": ("klondike", 1, None), "draw3": ("klondike", 3,
         None), "vegas1": ("klondike", 1, 1), "vegas3": ("klondike", 3, 3)}  # fmt: skip
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
        undecided = [str(r["number"]) for r in found if r["verdict"] == "unknown"]
        wins, seconds = [r for r in found if r["verdict"] == WIN], [r["seconds"] for r in found]
        print(f"{mode}: decided {100 * (len(found) - len(undecided)) / len(found):.1f}% of "
              f"{len(found)} ({len(wins)} wins, {sum(r['verdict'] == 'loss' for r in found)} "
              f"losses); wins replayed {sum(bool(r.get('replays')) for r in wins)}/{len(wins)}; "
              f"{sum(r['nodes'] for r in found) / max(sum(seconds), 1e-9):,.0f} nodes/CPU-s; "
              f"CPU-s a deal mean {statistics.mean(seconds):.2f}, median "
              f"{statistics.median(seconds):.3f}; undecided: {', '.join(undecided) or 'none'}",
              flush=True)  # fmt: skip


def pick_random(rng: random.Random, here, previous):
    """A random legal move, not the card just moved if it can (card 3, stock 1, foundation 0.3)."""
    moves = [m for m in rules.legal_moves(here) if m.card is None or m.card != previous]
    moves = moves or rules.legal_moves(here)
    weights = [1.0 if m.card is None else 0.3 if here.locate(m.card)[0] == "f" else 3.0
               for m in moves]  # fmt: skip
    return rng.choices(moves, weights)[0] if moves else None


def stray_move(rng: random.Random, here, previous, ahead: list, stray: float):
    """A strayer's move: random in `stray` of them, else the next of `ahead` (a winning line,
    searched with STRAYER_NODES when empty); None when none is found."""
    if rng.random() < stray and (move := pick_random(rng, here, previous)):
        ahead.clear()
        return move
    if not ahead:
        result = solve(here, budget_nodes=STRAYER_NODES)
        if result.verdict != WIN:  # a dead end, or too deep to see
            return None
        ahead[:] = [Move.parse(text) for text in result.moves]
    return ahead.pop(0)


def stray_game(rng: random.Random, start, par: int, undos_allowed: int) -> tuple:
    """(won, moves as counted, undos) of one straying player: an undo where no move is found."""
    line, ahead, undos, previous, made = [start], [], 0, None, 0
    while made < 3 * par:
        if line[-1].is_won:
            return True, len(line) - 1, undos
        if move := stray_move(rng, line[-1], previous, ahead, STRAY):
            line.append(rules.apply(line[-1], move))
            previous, made = move.card, made + 1
            continue
        undos += 1
        if undos > undos_allowed or len(line) == 1:
            break
        line.pop()
    return False, len(line) - 1, undos


def django_setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()


def mean(values) -> float:
    return statistics.fmean(values) if values else math.nan


def quartiles(values):
    return tuple(round(c, 4) for c in statistics.quantiles(values, n=4, method="inclusive"))


def grades(args) -> None:
    django_setup()
    from solver.pool import grade
    from solver.pool.fill import FRESH_BUDGET_SECONDS
    from solver.pool.par import shorten

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
            print(f"  {name:7} {len(mine):5} {mean([m.par for *_, m in mine]):6.1f} "
                  f"{mean([m.narrowness for *_, m in mine]):7.4f} "
                  f"{mean([m.effort for *_, m in mine]):7.2f} | "
                  f"{100 * len(won) / max(len(games), 1):11.1f}% {mean(won):10.1f} "
                  f"{mean([u for *_, u in games]):6.2f}", flush=True)  # fmt: skip


def rated_game(player: str, stray: float, rng: random.Random) -> bool:
    """One rated game of a strayer's; whether it was won."""
    from games.steps import current
    from play import actions
    from ratings.services import outcomes, picking
    from solver.pool.models import DealVerdict

    game = outcomes.start(player, "yukon", picking.pick(player, "yukon"))
    win = DealVerdict.objects.get(deal=game.deal_id, draw=None, passes=None)
    ahead = [Move.parse(text) for text in win.par_moves or win.moves]
    here, previous, cap = current(game).position, None, 3 * len(ahead)
    while not here.is_won:
        move = stray_move(rng, here, previous, ahead, stray) if cap else None
        if move is None:
            actions.act(game, player, "resign", game.ply)
            return False
        done = actions.act(game, player, "move", game.ply, move)
        game, here, previous, cap = done.game, done.step.position, move.card, cap - 1
    return True


def ratings(args) -> None:
    from django.core.management import call_command

    with tempfile.TemporaryDirectory() as folder:
        os.environ["DATABASE_URL"] = f"sqlite:///{folder}/ratings.sqlite3"
        django_setup()
        call_command("migrate", verbosity=0)
        from ratings.models import DealRating, PlayerRating
        from ratings.services.maths import GRADE_START
        from solver.pool.fill import FRESH_BUDGET_SECONDS, solve_and_store
        from solver.pool.models import DealVerdict

        number, proven = 0, 0
        while proven < args.deals:
            number += 1
            stored = solve_and_store("yukon", number, None, None, FRESH_BUDGET_SECONDS)
            proven += stored.verdict == "win"
        print(f"{proven} proven Yukon deals among numbers 1-{number}", flush=True)
        strays = [float(s) for s in args.strays.split(",")]
        players = [(f"user:{i}{j}", s) for i, s in enumerate(strays) for j in range(args.players)]
        rngs = {name: random.Random(f"{args.seed}:{name}") for name, _ in players}
        wins = defaultdict(int)
        for _ in range(args.games):  # taking turns, so the deals' ratings move meanwhile
            for name, stray in players:
                wins[stray] += rated_game(name, stray, rngs[name])
        print(f"\nafter {args.games} rated games each, {args.players} players a share:\n"
              "  stray share | won    | rating (mean, spread) | deviation (mean)")  # fmt: skip
        for stray in strays:
            rows = PlayerRating.objects.filter(player__in=[n for n, s in players if s == stray])
            mus, sigmas = [r.mu for r in rows], [r.sigma for r in rows]
            spread = statistics.pstdev(mus) if len(mus) > 1 else 0.0
            won = 100 * wins[stray] / (args.games * args.players)
            print(f"  {stray:11.2f} | {won:5.1f}% | {statistics.fmean(mus):7.0f} ± {spread:4.0f}"
                  f"        | {statistics.fmean(sigmas):5.0f}")  # fmt: skip
        print("\n  grade   | deals rated | mean deal rating | start")
        grades = dict(DealVerdict.objects.values_list("deal", "grade"))
        by_grade = defaultdict(list)
        for row in DealRating.objects.all():
            by_grade[grades[row.deal_id]].append(row.mu)
        for grade, start in GRADE_START.items():
            found = by_grade.get(grade, [])
            mean = f"{statistics.fmean(found):16.0f}" if found else f"{'-':>16}"
            print(f"  {grade:7} | {len(found):11} | {mean} | {start:5.0f}")


def preview(args) -> None:
    from play.board import board
    from play.preview import png

    for variant in ("yukon", "klondike"):
        sizes, started = [], time.process_time()
        for number in range(1, args.images + 1):
            table = board(deal(variant, number, b"bench preview key"))
            sizes.append(len(png(table, f"{variant.title()} #{number}")))
        ms = (time.process_time() - started) * 1000 / args.images
        print(f"{variant:9} {ms:6.1f} ms CPU an image, {sum(sizes) / len(sizes) / 1024:6.1f} KB"
              " on average")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    figures = parser.add_subparsers(dest="figures", required=True)
    modes = argparse.ArgumentParser(add_help=False)
    modes.add_argument("--modes", default="yukon,draw1,draw3", help=f"of {','.join(MODES)}")
    one = figures.add_parser("fresh", parents=[modes], help="decided share of fresh deals")
    one.add_argument("--seed", type=int, required=True, help="a seed nothing was tuned on")
    one.add_argument("--count", type=int, default=300, help="deals a mode")
    one.add_argument("--budget", type=float, default=10.0, help="CPU-s a deal")
    two = figures.add_parser("grades", parents=[modes], help="the grades' cut points, strayers")
    two.add_argument("--deals", type=int, default=120, help="proven deals a mode")
    two.add_argument("--strayers", type=int, default=6, help="straying games a deal")
    two.add_argument("--undos", type=int, default=4, help="undos before a strayer gives up")
    three = figures.add_parser("ratings", help="do ratings separate skill and grades?")
    three.add_argument("--deals", type=int, default=40, help="proven Yukon deals in the pool")
    three.add_argument("--games", type=int, default=15, help="rated games a player")
    three.add_argument("--players", type=int, default=3, help="players a stray share")
    three.add_argument("--strays", default="0.1,0.3,0.5,0.7", help="stray shares")
    three.add_argument("--seed", type=int, default=1)
    four = figures.add_parser("preview", help="what a deal's share image costs to draw")
    four.add_argument("--images", type=int, default=20, help="images per variant")
    args = parser.parse_args()
    {"fresh": fresh, "grades": grades, "ratings": ratings, "preview": preview}[args.figures](args)


if __name__ == "__main__":
    main()
