"""The solver on fresh deals no test or tuning has seen (issue 24, "decide the hard deals").

    .venv/bin/python bench/fresh_deals.py [--seed 2412] [--count 300] [--budget 10]
        [--mode yukon|d1|d3 ...] [--python-budget 20] [--out results.jsonl]

Per mode (Yukon; Klondike draw 1 and draw 3, unlimited passes as the pool proves by default),
`--count` game numbers drawn by random.Random(f"{seed}:{mode}") from NUMBERS, far from every
number a test or the pool uses (tests: 1-25, 1000, 65535, 123456789, 2_000_000_001 and up; the
pool fills upward from 1), dealt with the development DEAL_KEY, so `./dev run` shows the same
deal at /<variant>/<number>/. Each deal is searched natively in a fresh process with
`--budget` CPU seconds (the core's own thread-CPU budget); wins are replayed through the rules
engine; each loss is searched again by the Python engine (CPU budget `--python-budget`),
tried only where the native proof took at most PYTHON_NODES_PER_S * that budget nodes.
Prints decided % per mode, the undecided numbers and nodes per CPU-second (over all deals and
over the undecided ones, which searched the whole budget).
"""

import argparse
import json
import multiprocessing
import random
import resource
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.solver_bench import MEMORY_CAP, solve_one  # noqa: E402
from games.engine.deal import deal  # noqa: E402

DEVELOPMENT_DEAL_KEY = b"yukon-klondike-development-deal-key"  # yukon_site.settings
NUMBERS = range(1_300_000_000, 1_900_000_000)
MODES = {"yukon": ("yukon", None), "d1": ("klondike", 1), "d3": ("klondike", 3)}
PYTHON_NODES_PER_S = 7_000  # about what the Python engine searches in a CPU-second


def numbers_for(seed: int, mode: str, count: int) -> list[int]:
    return sorted(random.Random(f"{seed}:{mode}").sample(NUMBERS, count))


def position_of(mode: str, number: int) -> dict:
    variant, draw = MODES[mode]
    return deal(variant, number, DEVELOPMENT_DEAL_KEY, draw or 1, None).to_json()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=2412)
    parser.add_argument("--count", type=int, default=300, help="deals per mode")
    parser.add_argument("--budget", type=float, default=10.0, help="native CPU-s per deal")
    parser.add_argument("--mode", choices=list(MODES), action="append", help="default: all")
    parser.add_argument("--python-budget", type=float, default=20.0, help="CPU-s per loss")
    parser.add_argument("--numbers", help="only these numbers (comma-separated)")
    parser.add_argument("--out", help="append one JSON line per deal to this file")
    args = parser.parse_args()
    print("command:", " ".join(["bench/fresh_deals.py", *sys.argv[1:]]))
    print(f"seed {args.seed}, {args.count} deals a mode from numbers {NUMBERS.start:_}.."
          f"{NUMBERS.stop - 1:_}, development deal key, native budget {args.budget:g} CPU-s, "
          f"Python re-proof {args.python_budget:g} CPU-s")  # fmt: skip
    only = {int(n) for n in args.numbers.split(",")} if args.numbers else None
    for mode in args.mode or list(MODES):
        numbers = [n for n in numbers_for(args.seed, mode, args.count) if not only or n in only]
        run_mode(mode, numbers, args)


def run_mode(mode: str, numbers: list[int], args) -> None:
    jobs = [(position_of(mode, n), args.budget, "native") for n in numbers]
    results = []
    started = time.monotonic()
    for n, (number, result) in enumerate(zip(numbers, pool_map(jobs), strict=True)):
        result["number"], result["mode"] = number, mode
        results.append(result)
        if (n + 1) % 50 == 0:
            print(f"  {mode} {n + 1}/{len(numbers)} {time.monotonic() - started:.0f} s wall",
                  file=sys.stderr, flush=True)  # fmt: skip
    losses = [r for r in results if r["verdict"] == "loss"]
    small = [r for r in losses if r["nodes"] <= PYTHON_NODES_PER_S * args.python_budget]
    jobs = [(position_of(mode, r["number"]), args.python_budget, "python") for r in small]
    for r, python in zip(small, pool_map(jobs), strict=True):
        r["python"] = python["verdict"]
        r["python_seconds"] = python["seconds"]
    if args.out:
        with open(args.out, "a", encoding="utf-8") as out:
            for r in results:
                out.write(json.dumps({k: v for k, v in r.items() if k != "moves"}) + "\n")
    report(mode, results)


def pool_map(jobs):
    """Each job in a fresh forked process of its own, one at a time, memory capped."""
    context = multiprocessing.get_context("fork")
    cap = (resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    with context.Pool(1, resource.setrlimit, cap, maxtasksperchild=1) as pool:
        yield from pool.imap(solve_one, jobs, chunksize=1)


def report(mode: str, results: list[dict]) -> None:
    n = len(results)
    verdicts = Counter(r["verdict"] for r in results)
    undecided = [r for r in results if r["verdict"] == "unknown"]
    wins = [r for r in results if r["verdict"] == "win"]
    losses = [r for r in results if r["verdict"] == "loss"]
    tried = [r for r in losses if "python" in r]
    python = Counter(r["python"] for r in tried)
    seconds = sum(r["seconds"] for r in results)
    nodes = sum(r["nodes"] for r in results)
    print(
        f"\n{mode}: {n} deals, decided {100 * (n - len(undecided)) / max(n, 1):.1f}% "
        f"({verdicts['win']} wins, {verdicts['loss']} losses, {len(undecided)} undecided)"
    )
    print(f"  undecided    {', '.join(str(r['number']) for r in undecided) or 'none'}")
    print(f"  wins replay  {sum(bool(r.get('replays')) for r in wins)}/{len(wins)}")
    print(f"  losses in Python: {python['loss']} re-proven, {python['win']} contradicted, "
          f"{python['unknown']} out of budget, of {len(tried)} tried ({len(losses) - len(tried)} "
          "too large to try)")  # fmt: skip
    rate = nodes / max(seconds, 1e-9)
    print(f"  CPU          {seconds:.1f} s in all, {nodes:,} nodes: {rate:,.0f} nodes/CPU-s")
    if undecided:
        u_nodes = sum(r["nodes"] for r in undecided)
        u_seconds = sum(r["seconds"] for r in undecided)
        capped = sum(bool(r.get("capped")) for r in undecided)
        print(f"  undecided    {u_nodes / max(u_seconds, 1e-9):,.0f} nodes/CPU-s over their "
              f"{u_seconds:.1f} s{f', {capped} hit the memory cap' if capped else ''}")  # fmt: skip
    sys.stdout.flush()


if __name__ == "__main__":
    main()
