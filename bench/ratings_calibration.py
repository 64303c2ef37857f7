#!/usr/bin/env python
"""Do ratings separate skill and grades? Straying players play rated Yukon games through the
site's own code, in process, and the ratings they and the deals end with are printed.

    nice -n 19 .venv/bin/python bench/ratings_calibration.py [--deals 40] [--games 15]
        [--players 3] [--strays 0.1,0.3,0.5,0.7] [--seed 1]

A fresh SQLite database in a temporary folder, migrated; the first `--deals` Yukon numbers the
solver proves winnable are stored, with par and grade, as the pool stores them (solver.pool.fill).
Then `--players` strayers per stray share each play `--games` rated games, taking turns, each
dealt by "Play rated" (ratings.services.picking: a deal near the player's rating) and played
by play.actions.act, so the end of each game moves both ratings as on the site. A strayer
plays the deal's line; in a `stray` share of its moves a random legal one (bench/deals.py's
pick_random), after which it looks for a new line with a small search (deals.STRAYER_NODES
nodes): none found (lost, or out of its depth) and it resigns, as a rated game offers no undo.
It resigns too past 3 x par moves. Every random draw is seeded: the same figures each run.
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deals import STRAYER_NODES, pick_random  # noqa: E402  (bench/deals.py)


def setup(folder: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/ratings.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
    os.environ.setdefault("DEBUG", "1")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def fill(count: int) -> None:
    from solver.pool.fill import FRESH_BUDGET_SECONDS, solve_and_store

    number, proven = 0, 0
    while proven < count:
        number += 1
        verdict = solve_and_store("yukon", number, None, None, FRESH_BUDGET_SECONDS)
        proven += verdict.verdict == "win"
    print(f"{proven} proven Yukon deals among numbers 1-{number}", flush=True)


def play(player: str, stray: float, rng: random.Random) -> bool:
    """One rated game of a strayer's; whether it was won."""
    from games.engine.moves import Move
    from games.steps import current
    from play import actions
    from ratings.services import outcomes, picking
    from solver.pool.models import DealVerdict
    from solver.search import Verdict, solve

    game = outcomes.start(player, "yukon", picking.pick(player, "yukon"))
    win = DealVerdict.objects.get(deal=game.deal_id, draw=None, passes=None)
    ahead = [Move.parse(text) for text in win.par_moves or win.moves]
    here, previous, made = current(game).position, None, 0
    while not here.is_won:
        move = None
        if made < 3 * len(win.par_moves or win.moves) and rng.random() < stray:
            move, ahead = pick_random(rng, here, previous), []
        elif made < 3 * len(win.par_moves or win.moves):
            if not ahead:
                found = solve(here, budget_nodes=STRAYER_NODES)
                ahead = (
                    [Move.parse(text) for text in found.moves]
                    if found.verdict == Verdict.WIN
                    else []
                )
            move = ahead.pop(0) if ahead else None
        if move is None:
            actions.act(game, player, "resign", game.ply)
            return False
        done = actions.act(game, player, "move", game.ply, move)
        game, here, previous, made = done.game, done.step.position, move.card, made + 1
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40, help="proven Yukon deals in the pool")
    parser.add_argument("--games", type=int, default=15, help="rated games a player")
    parser.add_argument("--players", type=int, default=3, help="players a stray share")
    parser.add_argument("--strays", default="0.1,0.3,0.5,0.7", help="stray shares")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        setup(folder)
        fill(args.deals)
        from ratings.models import DealRating, PlayerRating
        from solver.pool.models import DealVerdict

        strays = [float(s) for s in args.strays.split(",")]
        players = [(f"user:{i}{j}", s) for i, s in enumerate(strays) for j in range(args.players)]
        rngs = {name: random.Random(f"{args.seed}:{name}") for name, _ in players}
        wins = defaultdict(int)
        for _ in range(args.games):  # taking turns, so the deals' ratings move meanwhile
            for name, stray in players:
                wins[stray] += play(name, stray, rngs[name])
        print(f"\nafter {args.games} rated games each, {args.players} players a share:")
        print("  stray share | won    | rating (mean, spread) | deviation (mean)")
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
        from ratings.services.maths import GRADE_START

        for grade, start in GRADE_START.items():
            found = by_grade.get(grade, [])
            mean = f"{statistics.fmean(found):16.0f}" if found else f"{'-':>16}"
            print(f"  {grade:7} | {len(found):11} | {mean} | {start:5.0f}")


if __name__ == "__main__":
    main()
