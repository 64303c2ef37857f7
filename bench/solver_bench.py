"""Solver benchmark on the reference deals in tests/data/reference (issue 3).

    .venv/bin/python bench/solver_bench.py [--budget 10] [--limit N] [--compare 15] [--generate 200]

Per variant and draw mode: share decided, wins, losses, contradictions with the reference, wins
that do not replay, CPU seconds, nodes/s, peak memory; each deal in a fresh process of a pool of
--workers, memory capped (a capped search is unknown). --compare N: the Python engine's CPU on N
decided deals a mode over the native engine's, with and without its quick dive. --generate N:
`manage.py generate_deals --workers 2` for N deals a mode on a throwaway SQLite database,
winnable deals a second by the wall clock and by CPU time.
"""

import argparse
import json
import multiprocessing
import resource
import statistics
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TESTDATA = ROOT / "tests" / "data" / "reference"  # a copy of ../shared/testdata
MEMORY_CAP = 1536 * 2**20  # bytes of address space per search process
sys.path.insert(0, str(ROOT))

from bench.site import manage, pct, site_env  # noqa: E402

MODES = [("yukon", None), ("klondike", 1), ("klondike", 3)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budget", type=float, default=10.0, help="CPU seconds per deal")
    parser.add_argument("--limit", type=int, help="deals per mode (default all; 0: none)")
    parser.add_argument("--variant", choices=["yukon", "klondike"], help="only this variant")
    parser.add_argument("--workers", type=int, default=2, help="processes searching at once")
    parser.add_argument("--engine", choices=["native", "python"], default="native")
    parser.add_argument("--compare", type=int, default=0, help="deals a mode for python too")
    parser.add_argument("--compare-max", type=float, default=0.3, help="native CPU-s at most")
    parser.add_argument("--generate", type=int, default=40, help="generate_deals count (0: no)")
    parser.add_argument("--generate-budget", type=float, default=0.5, help="CPU-s a deal")
    args = parser.parse_args()
    print(f"budget {args.budget:g} CPU-s per deal, {args.workers} worker processes, "
          f"{args.engine} engine")  # fmt: skip
    modes = [(variant, draw) for variant, draw in MODES if args.variant in (None, variant)]
    for variant, draw in modes if args.limit != 0 else []:
        lines = (TESTDATA / f"{variant}.jsonl").read_text(encoding="utf-8").splitlines()
        rows = [r for r in map(json.loads, lines) if r["position"]["draw"] == draw][: args.limit]
        results = run(rows, args.budget, args.workers, args.engine)
        report(variant, draw, rows, results)
        if args.compare:
            compare(rows, results, args.compare, args.compare_max, args.workers)
    for variant, draw in modes if args.generate else []:
        generate_figure(variant, draw, args.generate, args.generate_budget)


def run(rows: list[dict], budget: float, workers: int, engine: str) -> list[dict]:
    context = multiprocessing.get_context("fork")
    jobs = [(row["position"], budget, engine) for row in rows]
    cap = (resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))
    # One process per deal (maxtasksperchild=1): its peak memory is that deal's.
    with context.Pool(workers, resource.setrlimit, cap, maxtasksperchild=1) as pool:
        return pool.map(solve_one, jobs, chunksize=1)


def solve_one(job: tuple[dict, float, str]) -> dict:
    from games.engine import rules
    from games.engine.moves import Move
    from games.engine.positions import Position
    from solver.search import solve

    position, budget, engine = job
    try:
        if engine == "native-no-dive":
            from solver.search import native, reader

            result = native.search(reader.read(position), budget, None, dive=False).to_json()
        else:
            result = solve(position, budget_seconds=budget, engine=engine).to_json()
    except MemoryError:
        result = {"verdict": "unknown", "moves": [], "nodes": 0, "seconds": budget, "capped": True}
    if result["verdict"] == "win":
        table = Position.from_json(position)
        for text in result["moves"]:
            table = rules.apply(table, Move.parse(text))
        result["replays"] = table.is_won
    result["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return result


def report(variant: str, draw: int | None, rows: list[dict], results: list[dict]) -> None:
    n, name = len(rows), variant if draw is None else f"{variant} draw {draw}"
    verdicts = Counter(r["verdict"] for r in results)
    pairs = Counter((r["verdict"], row["reference"]) for row, r in zip(rows, results, strict=True))
    # Yukon: KPat's reference (no foundation returns) may call a deal lost that we win.
    beyond = pairs[("win", "loss")] if variant == "yukon" else 0
    contradictions = pairs[("loss", "win")] + pairs[("win", "loss")] - beyond
    bad_replays = sum(r["verdict"] == "win" and not r["replays"] for r in results)
    seconds = sorted(r["seconds"] for r in results)
    win_seconds = [r["seconds"] for r in results if r["verdict"] == "win"] or [float("nan")]
    capped = sum(bool(r.get("capped")) for r in results)
    reference = Counter(row["reference"] for row in rows)
    print(f"\n{name}: {n} deals")
    print(f"  decided      {100 * (verdicts['win'] + verdicts['loss']) / n:.1f}%  "
          f"({verdicts['win']} wins, {verdicts['loss']} losses, {verdicts['unknown']} unknown"
          f"{f', {capped} hit the memory cap' if capped else ''})")  # fmt: skip
    print(f"  reference    {reference['win']} wins, {reference['loss']} losses, "
          f"{reference['unknown']} unknown")  # fmt: skip
    kpat = f"; wins where KPat (no foundation returns) said loss {beyond}" if beyond else ""
    print(f"  contradictions {contradictions}; wins that do not replay {bad_replays}{kpat}")
    print(f"  seconds      median {statistics.median(seconds):.3f}, p95 "
          f"{pct(seconds, 0.95):.3f}; median on winnable deals "
          f"{statistics.median(win_seconds):.3f}")  # fmt: skip
    print(f"  nodes/s      {sum(r['nodes'] for r in results) / max(sum(seconds), 1e-9):,.0f}")
    print(f"  peak memory  {max(r['peak_mb'] for r in results):.0f} MB (largest single search)")


def compare(rows: list[dict], results: list[dict], count: int, most: float, workers: int):
    """The Python engine on `count` deals the native run decided, picked among those the
    native search without its dive (the Python search, node for node) decides within `most`
    CPU-s, spread over that time."""
    decided = [n for n, r in enumerate(results) if r["verdict"] != "unknown"]
    plain_all = run([rows[n] for n in decided], most, workers, "native-no-dive")
    timed = sorted((p["seconds"], n, p) for n, p in zip(decided, plain_all, strict=True)
                   if p["verdict"] != "unknown")  # fmt: skip
    picked = [timed[i * len(timed) // count] for i in range(min(count, len(timed)))]
    # The Python engine gets room for a 1000x slower search, so it decides them too.
    python = run([rows[n] for _, n, _ in picked], 1000 * most + 5, workers, "python")
    plain = [p for _, _, p in picked]
    shipped = [results[n] for _, n, _ in picked]
    for label, native in (("native", shipped), ("without dive", plain)):
        both = [(r, p) for r, p in zip(native, python, strict=True)
                if p["verdict"] == r["verdict"] != "unknown"]  # fmt: skip
        native_cpu = sum(r["seconds"] for r, _ in both)
        python_cpu = sum(p["seconds"] for _, p in both)
        same_nodes = sum(r["nodes"] == p["nodes"] for r, p in both)
        print(f"  python vs {label + ':':13} {len(both)}/{len(picked)} deals decided alike "
              f"({same_nodes} in as many nodes), python {python_cpu:.2f} CPU-s, native "
              f"{native_cpu:.3f} CPU-s: {python_cpu / max(native_cpu, 1e-9):.0f}x less "
              "CPU")  # fmt: skip


def generate_figure(variant: str, draw: int | None, count: int, budget: float) -> None:
    """generate_deals --workers 2 on a fresh SQLite database: winnable deals stored per s."""
    mode = ["--draw", str(draw)] if draw else []
    with tempfile.TemporaryDirectory() as folder:
        env = site_env(f"sqlite:///{folder}/bench.sqlite3")  # DEBUG=0, throwaway keys
        manage(env, "migrate")
        # CPU of generate_deals and its workers (all waited for): its cost on 2 cores of its own
        started, before = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
        printed = manage(env, "generate_deals", "--variant", variant, *mode, "--count",
                         str(count), "--workers", "2", "--budget-seconds", str(budget),
                         timeout=None)  # fmt: skip
        after, elapsed = resource.getrusage(resource.RUSAGE_CHILDREN), time.monotonic() - started
        cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    summary = printed.strip().splitlines()[-1]
    wins = int(summary.split(":")[1].split()[0])
    name = variant if draw is None else f"{variant} draw {draw}"
    print(f"\ngenerate_deals --variant {variant} {' '.join(mode)} --count {count} --workers 2 "
          f"--budget-seconds {budget:g}: {summary}\n  {wins / elapsed:.2f} winnable {name} deals "
          f"stored per second ({elapsed:.1f} s wall, worker start-up included, migrations not)\n"
          f"  {wins / (cpu / 2):.2f} winnable {name} deals a second on 2 cores of their own "
          f"({cpu:.1f} CPU-s in all processes)")  # fmt: skip


if __name__ == "__main__":
    main()
