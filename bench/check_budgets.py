#!/usr/bin/env python
"""What the dead-end checks' budgets cost and decide for the load test's random players, in
one process with no site: the search's CPU per move, and the positions left undecided.

    .venv/bin/python bench/check_budgets.py [--games 80] [--moves 26] [--seed 4] [--variant yukon]
        [--quick-nodes 100000] [--deep-nodes 500000] [--deep-after-undecided]

Each game is a random deal played by the load test's random player (bench/board.choose, on
the board the page would show). Each position it reaches is known, follows from the one it
was reached from by `carry.derive`'s rules, or is searched as the worker searches it: a
quick check (tasks.QUICK_BUDGET), then, if that is undecided, a deep one (tasks.DEEP_BUDGET),
except from a position left undecided (CheckRequest.quick_only). A win stores its line and a
verdict stands, as on the site. No position is dropped: every one is searched, as though
each player waited for it. --quick-nodes and --deep-nodes set the checks' budgets in nodes;
--deep-nodes 500000 and --deep-after-undecided give the old schedule
(500k nodes, a deep check after every undecided quick one) to compare with.
"""

import argparse
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.board import Board, choose  # noqa: E402
from bench.site import site_env  # noqa: E402
from games.engine.deal import deal  # noqa: E402
from games.engine.moves import Move  # noqa: E402
from games.engine.rules import apply, targets  # noqa: E402
from solver.search import solve  # noqa: E402


def board_of(position) -> Board:
    """The board a random player reads off the page (bench/board.read_board), from the table."""
    board = Board(action="", ply=0)
    for card, places in targets(position).items():
        kind, index = position._where[card]
        column = position.tableau[index] if kind == "t" else None
        for target in places:
            move = (str(card), target)
            board.moves.append(move)
            if kind == "f":
                board.back.append(move)
            elif target.startswith("f"):
                board.home.append(move)
            elif column is not None and column.down and column.up[0] == card:
                board.flips.append(move)
    if position.variant == "klondike":
        board.stock = "d" if position.stock else "r" if position.waste else None
    return board


def play(variant: str, games: int, moves: int, rng: random.Random, quick: dict, deep: dict,
         deep_after_undecided: bool) -> tuple[Counter, Counter]:  # fmt: skip
    """Plays the games; returns how each position's verdict came (counts) and the search CPU
    seconds by the search's outcome."""
    known: dict = {}  # position -> carry.Row
    how, cpu = Counter(), Counter()
    for _ in range(games):
        position = deal(variant, rng.randint(1, 2**31 - 1), b"bench-check-budgets", 1, None)
        before = move = None
        for _ in range(moves):
            how[verdict_of(position, before, move, known, cpu, quick, deep,
                           deep_after_undecided)] += 1  # fmt: skip
            text = choose(board_of(position), rng)
            if text is None or position.is_won:
                break
            before, move = position, Move.parse(text)
            position = apply(before, move)
    return how, cpu


def verdict_of(position, before, move, known, cpu, quick, deep, deep_after_undecided) -> str:
    came_from = known.get(before) if before is not None else None
    derived = carry.derive(before, came_from, move) if before is not None else None
    if derived is not None:
        known.setdefault(position, carry.Row(derived.verdict, length=derived.length))
        return f"derived {derived.verdict}"
    if position in known:
        return f"known {known[position].verdict}"
    began = time.process_time()
    result, searched = solve(position, **quick), "quick"
    quick_only = came_from is not None and came_from.verdict == "unknown"
    if result.verdict == "unknown" and (deep_after_undecided or not quick_only):
        result, searched = solve(position, **deep), "quick + deep"
    cpu[f"{searched}: {result.verdict}"] += time.process_time() - began
    if result.verdict == "win":
        at = position
        for k, step in enumerate(result.moves):
            known.setdefault(at, carry.Row("win", length=len(result.moves) - k))
            at = apply(at, Move.parse(step))
    else:
        known[position] = carry.Row(result.verdict)
    return f"{searched}: {result.verdict}"


def with_nodes(budget: dict, nodes: int | None) -> dict:
    """The site's budget, with `nodes` in place of its nodes when given."""
    return {**budget, **({"budget_nodes": nodes} if nodes else {})}


def main() -> None:
    global carry, tasks
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=80)
    parser.add_argument("--moves", type=int, default=26, help="moves per game at most")
    parser.add_argument("--seed", type=int, default=4)
    parser.add_argument("--variant", default="yukon", choices=["yukon", "klondike"])
    parser.add_argument("--quick-nodes", type=int, help="the quick check's nodes (default: site's)")
    parser.add_argument("--deep-nodes", type=int, help="the deep check's nodes (default: site's)")
    parser.add_argument(
        "--deep-after-undecided",
        action="store_true",
        help="a deep check after every undecided quick one (the old schedule)",
    )
    args = parser.parse_args()
    os.environ.update(site_env("sqlite:///:memory:"))
    import django

    django.setup()
    from solver.deadends import carry, tasks

    quick = with_nodes(tasks.QUICK_BUDGET, args.quick_nodes)
    deep = with_nodes(tasks.DEEP_BUDGET, args.deep_nodes)
    how, cpu = play(args.variant, args.games, args.moves, random.Random(args.seed), quick, deep,
                    args.deep_after_undecided)  # fmt: skip
    positions, undecided = sum(how.values()), sum(n for k, n in how.items() if "unknown" in k)
    print(
        f"{args.variant}, {args.games} games, seed {args.seed}, quick {quick['budget_nodes']:,} "
        f"nodes, deep {deep['budget_nodes']:,} "
        f"nodes{', deep after every undecided' if args.deep_after_undecided else ''}"
    )
    print(
        f"{positions} positions: search CPU {1000 * sum(cpu.values()) / positions:.2f} ms per "
        f"move, {undecided} undecided ({100 * undecided / positions:.1f} %)"
    )
    for kind, count in sorted(how.items(), key=lambda item: -item[1]):
        print(f"  {kind:24} {count:6}  {cpu.get(kind, 0.0):7.2f} s")


if __name__ == "__main__":
    main()
