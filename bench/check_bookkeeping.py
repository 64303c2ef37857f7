#!/usr/bin/env python
"""Where a dead-end check's CPU goes: the search, or the queue's bookkeeping around it.

    .venv/bin/python bench/check_bookkeeping.py [--games 120] [--moves 12] [--database-url ...]

A fresh PostgreSQL database (or SQLite file); --games games, each of its own player, played
--moves random legal moves; then each asks for its position's check as a move's POST does
(`checks.request`, its wake-up enqueued at once as on commit), and the real `db_worker`, run
in this process (--batch), answers them all. Counted on each side: the statements sent (and
of which tables), and this process's CPU time, the search's (`solve`) apart from the rest.
The figures are CPU of this process only, not PostgreSQL's; a shared machine makes them noisy.
"""

import argparse
import os
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.site import manage, prepare_database, site_env  # noqa: E402

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_bench_bookkeeping"
TABLE = re.compile(r'(?:FROM|INTO|UPDATE)\s+"?(\w+)"?', re.IGNORECASE)


class Counted:
    """The statements sent while it is installed, by verb and first table."""

    def __init__(self) -> None:
        self.kinds: Counter = Counter()

    def __call__(self, execute, sql, params, many, context):
        verb = sql.split(None, 1)[0].upper()
        table = TABLE.search(sql)
        self.kinds[f"{verb} {table.group(1) if table else ''}".strip()] += 1
        return execute(sql, params, many, context)

    @property
    def total(self) -> int:
        return sum(self.kinds.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--moves", type=int, default=6, help="random moves before the check")
    parser.add_argument("--seed", type=int, default=22)
    parser.add_argument("--database-url", default=DEFAULT_DB)
    args = parser.parse_args()

    env = site_env(args.database_url, DEAL_KEY="bench-check-bookkeeping-deal-key-32-bytes")
    prepare_database(args.database_url, fresh=True)
    manage(env, "migrate", "--noinput")
    os.environ.update(env)
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from games import deals
    from games.engine.modes import Mode
    from games.engine.rules import legal_moves
    from games.steps import current
    from play import actions
    from solver.deadends import checks, tasks
    from solver.deadends.models import PositionVerdict

    rng, games = random.Random(args.seed), []
    for index in range(args.games):
        variant = "yukon" if index % 2 else "klondike"
        mode = Mode(variant, 1, "standard") if variant == "klondike" else Mode.yukon()
        game = actions.start_game(f"p{index}", deals.deal_for(variant, 1 + index % 40), mode)
        for _ in range(args.moves):
            moves = legal_moves(current(game).position)
            if not moves or game.result:
                break
            game = actions.act(game.pk, game.player, "move", game.ply, rng.choice(moves)).game
        if not game.result:
            games.append(game)

    web = Counted()
    with connection.execute_wrapper(web):
        asked = sum(checks.request(g, current(g).position) == "pending" for g in games)

    spent = Counter()

    def timed(name, function):
        def wrapped(*a, **k):
            began = time.process_time()
            try:
                return function(*a, **k)
            finally:
                spent[name] += time.process_time() - began
                spent[name + "s"] += 1

        return wrapped

    # What the task calls, under the names it calls them by: the search, and the stores
    # (a winning line's positions are replayed and hashed: proofs' own CPU, not the queue's).
    for name in ("solve", "store", "store_line", "store_verdicts"):
        if hasattr(tasks, name):
            setattr(tasks, name, timed(name, getattr(tasks, name)))
    tasks.LINGER = 0  # a drain's wait for more work is idle time, not a check's (if it has one)
    worker = Counted()
    began_cpu, began = time.process_time(), time.monotonic()
    with connection.execute_wrapper(worker):
        call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0,
                     interval=0)  # fmt: skip
    cpu, wall = time.process_time() - began_cpu, time.monotonic() - began
    verdicts = Counter(PositionVerdict.objects.values_list("verdict", flat=True))
    n = max(1, spent["solves"])
    stored = sum(spent[k] for k in ("store", "store_line", "store_verdicts"))
    rest = cpu - spent["solve"] - stored
    print(f"{len(games)} games, {asked} checks asked; verdict rows after: {dict(verdicts)}")
    print(f"web, per check asked: {web.total / max(1, asked):.1f} statements "
          f"{dict(web.kinds.most_common())}")  # fmt: skip
    print(f"worker: {n} searches, {wall:.2f} s wall, {cpu:.2f} s CPU in this process; per "
          f"search {1000 * cpu / n:.1f} ms CPU: search {1000 * spent['solve'] / n:.1f} ms, "
          f"storing verdicts and lines {1000 * stored / n:.1f} ms, the queue's bookkeeping "
          f"(claims, reads, deletes, look-backs, task rows) {1000 * rest / n:.1f} ms")  # fmt: skip
    print(f"worker, per search: {worker.total / n:.1f} statements "
          f"{ {k: round(v / n, 2) for k, v in worker.kinds.most_common()} }")  # fmt: skip


if __name__ == "__main__":
    main()
