"""Solver benchmark on the reference deals in tests/data/reference (issue 3).

    .venv/bin/python bench/solver_bench.py --budget 2 --limit 30 --variant klondike

Per variant and draw mode: share decided, wins, losses, contradictions with the reference,
median and p95 CPU seconds, nodes per second, peak memory; each deal in a fresh worker process
with a memory cap (a capped search counts as unknown); every win replayed through the rules.
Then `manage.py generate_deals` on 2 workers: winnable Yukon deals stored per second.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTDATA = ROOT / "tests" / "data" / "reference"  # a copy of ../shared/testdata
MEMORY_CAP = 1536 * 2**20  # bytes of address space per search process
sys.path.insert(0, str(ROOT))

MODES = [("yukon", None), ("klondike", 1), ("klondike", 3)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--limit", type=int, help="deals per mode (default all; 0: none)")
    parser.add_argument("--variant", choices=["yukon", "klondike"], help="only this variant")
    parser.add_argument("--workers", type=int, default=2, help="processes searching at once")
    parser.add_argument("--generate", type=int, default=40,
                        help="Yukon deals for the generate_deals figure (0: skip)")  # fmt: skip
    args = parser.parse_args()

    print(f"budget {args.budget:g} CPU-s per deal, {args.workers} worker processes")
    for variant, draw in MODES:
        if (args.variant and variant != args.variant) or args.limit == 0:
            continue
        rows = load(variant, draw)[: args.limit]
        report(variant, draw, rows, run(rows, args.budget, args.workers))
    if args.generate and args.variant in (None, "yukon"):
        generate_figure(args.generate, args.budget)


def load(variant: str, draw: int | None) -> list[dict]:
    lines = (TESTDATA / f"{variant}.jsonl").read_text(encoding="utf-8").splitlines()
    return [row for row in map(json.loads, lines) if row["position"]["draw"] == draw]


def run(rows: list[dict], budget: float, workers: int) -> list[dict]:
    context = multiprocessing.get_context("fork")
    jobs = [(row["position"], budget) for row in rows]
    # One process per deal (maxtasksperchild=1): its peak memory is that deal's.
    with context.Pool(workers, initializer=cap_memory, maxtasksperchild=1) as pool:
        return pool.map(solve_one, jobs, chunksize=1)


def cap_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def solve_one(job: tuple[dict, float]) -> dict:
    from games.engine import rules
    from games.engine.moves import Move
    from games.engine.positions import Position
    from solver.search import solve

    position, budget = job
    try:
        result = solve(position, budget_seconds=budget).to_json()
    except MemoryError:
        result = {"verdict": "unknown", "moves": [], "nodes": 0, "seconds": budget,
                  "capped": True}  # fmt: skip
    if result["verdict"] == "win":
        table = Position.from_json(position)
        for text in result["moves"]:
            table = rules.apply(table, Move.parse(text))
        result["replays"] = rules.is_won(table)
    result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def report(variant: str, draw: int | None, rows: list[dict], results: list[dict]) -> None:
    name = variant if draw is None else f"{variant} draw {draw}"
    n = len(rows)
    wins, losses = (sum(r["verdict"] == v for r in results) for v in ("win", "loss"))
    contradictions = beyond = 0  # beyond: our wins where KPat (no foundation returns) said loss
    for row, result in zip(rows, results, strict=True):
        pair = result["verdict"], row["reference"]
        beyond += pair == ("win", "loss") and variant == "yukon"
        contradictions += pair == ("loss", "win") or pair == ("win", "loss") and variant != "yukon"
    bad_replays = sum(r["verdict"] == "win" and not r["replays"] for r in results)
    seconds = sorted(r["seconds"] for r in results)
    win_seconds = [r["seconds"] for r in results if r["verdict"] == "win"]
    nodes = sum(r["nodes"] for r in results)
    capped = sum(bool(r.get("capped")) for r in results)
    print(f"\n{name}: {n} deals")
    reference = Counter(row["reference"] for row in rows)
    cap = f", {capped} hit the memory cap" if capped else ""
    print(f"  decided      {100 * (wins + losses) / n:.1f}%  ({wins} wins, {losses} losses, "
          f"{n - wins - losses} unknown{cap})")  # fmt: skip
    print(f"  reference    {reference['win']} wins, {reference['loss']} losses, "
          f"{reference['unknown']} unknown")  # fmt: skip
    kpat = f"; wins where KPat (no foundation returns) said loss {beyond}" if beyond else ""
    print(f"  contradictions {contradictions}; wins that do not replay {bad_replays}{kpat}")
    print(f"  seconds      median {statistics.median(seconds):.3f}, p95 "
          f"{seconds[int(0.95 * (n - 1))]:.3f}; median on winnable deals "
          f"{statistics.median(win_seconds) if win_seconds else float('nan'):.3f}")  # fmt: skip
    print(f"  nodes/s      {nodes / max(sum(seconds), 1e-9):,.0f}")
    print(f"  peak memory  {max(r['peak_mb'] for r in results):.0f} MB (largest single search)")


def generate_figure(count: int, budget: float) -> None:
    """generate_deals --workers 2 on a fresh SQLite database: winnable deals stored per s."""
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, DATABASE_URL=f"sqlite:///{folder}/bench.sqlite3")
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "-v", "0"], env=env, check=True, cwd=ROOT)
        started = time.monotonic()
        done = subprocess.run(
            [*manage, "generate_deals", "--variant", "yukon", "--count", str(count),
             "--workers", "2", "--budget-seconds", str(budget)],
            env=env, check=True, cwd=ROOT, capture_output=True, text=True,
        )  # fmt: skip
        elapsed = time.monotonic() - started
    summary = done.stdout.strip().splitlines()[-1]
    wins = int(summary.split(":")[1].split()[0])
    print(
        f"\ngenerate_deals --variant yukon --count {count} --workers 2 "
        f"--budget-seconds {budget:g}: {summary}"
    )
    print(f"  {wins / elapsed:.2f} winnable Yukon deals stored per second "
          f"({elapsed:.1f} s wall, including process start-up)")  # fmt: skip


if __name__ == "__main__":
    main()
