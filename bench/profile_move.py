#!/usr/bin/env python
"""Where a move's server time goes: POST /game/<slug>/ under Django's test client with the
bench's settings (DEBUG=0, CSRF enforced) on the bench's database: each step's CPU (thread time)
and the queries a move sends. For the costliest functions, run it under `python -m cProfile`.

    .venv/bin/python bench/profile_move.py [--moves 400] [--variant yukon] [--hints]
    .venv/bin/python bench/profile_move.py --cprofile move.prof  # the moves' POSTs alone

--checks: the dead-end checks run (untimed) after each move, as the worker would, so moves
meet what they found (lost lines look back for the last winnable position on every move).
--hints: instead, two hints after each move, each one's CPU by what it found: the first asks for
the position's check, which then runs here untimed; the second reads what the check stored.
"""

import argparse
import cProfile
import functools
import os
import pkgutil
import pstats
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.board import KLONDIKE_QUERY, choose, read_board  # noqa: E402
from bench.site import DEFAULT_DB, Site, spread  # noqa: E402

DEAL_KEY = "bench-profile-deal-key-of-32-bytes"  # the same deals every run (32 bytes at least)
HINT_MARKS = {"data-hint=": "known line", "hint-wait": "check queued"}
cpu, calls = Counter(), Counter()  # by step of the move path: thread CPU seconds, calls
STEPS = [  # where the view and its helpers look each step up: module[:class], attribute, name
    ("play.views.game", "_own_game", "  _own_game (SELECT game; its deal cached)"),
    ("play.views.game:ActionForm", "full_clean", "  ActionForm validation"),
    ("games.limits", "check", "  limits.check (rate counts)"),
    ("play.actions", "act", "  actions.act (read, apply, conditional UPDATE)"),
    ("games.engine.history", "advance", "    history.advance (rules.apply + score)"),
    ("play.actions", "_save", "    actions._save (UPDATE)"),
    ("play.views.game", "_board", "  _board (context + render)"),
    ("play.views.game", "board", "    board() (the board's view model)"),
    ("games.engine.rules", "targets", "      rules.targets"),
    ("play.board", "finishing_moves", "      finishing_moves"),
    ("play.views.game", "render", "    render (template)"),
    ("play.views.game", "grade_of_game", "    grade_of_game (the deal's grade)"),
    ("django.middleware.csrf:CsrfViewMiddleware", "process_view", "csrf check"),
    ("games.engine.positions:Position", "__post_init__", "Position.__post_init__ (validation)"),
    ("games.engine.positions:Position", "to_json", "Position.to_json"),
    ("play.banner", "verdict", "    banner.verdict (dead-end check row)"),
    ("solver.deadends.lookback", "look_back_on", "      lookback.look_back_on (on a lost line)"),
    ("solver.deadends.lookback", "steps", "        steps (the whole game replayed)"),
]


def time_step(owner, attribute: str, name: str) -> None:
    """Adds up `owner.attribute`'s CPU time and calls under `name` (inclusive of callees)."""
    original = getattr(owner, attribute)

    @functools.wraps(original)
    def timed(*args, **kwargs):
        start = time.thread_time()
        try:
            return original(*args, **kwargs)
        finally:
            cpu[name] += time.thread_time() - start
            calls[name] += 1

    setattr(owner, attribute, timed)


def hint_figures(client, action: str, csrf: str, ply: int, spent: dict) -> None:
    """Two hints at `ply`, the checks run between them; each one's CPU by what it found."""
    from solver.deadends.tasks import check_position

    for _ in range(2):
        start = time.thread_time()
        html = client.post(action, {"action": "hint", "ply": ply}, HTTP_HX_REQUEST="true",
                           HTTP_X_CSRFTOKEN=csrf).content.decode()  # fmt: skip
        kind = next((k for m, k in HINT_MARKS.items() if m in html), "no line (lost or undecided)")
        spent.setdefault(kind, []).append(1000 * (time.thread_time() - start))
        while check_position.call() != "idle":
            pass


def run_checks() -> None:
    """The worker's checks, in this process, until none is wanted; their CPU is not counted."""
    from solver.deadends.tasks import check_position

    counted = cpu.copy(), calls.copy()
    while check_position.call() != "idle":
        pass
    for counter, before in zip((cpu, calls), counted, strict=True):
        counter.clear()
        counter.update(before)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--variant", default="yukon", choices=["yukon", "klondike"])
    parser.add_argument("--ply-cap", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--breakdown", action="store_true", help="each step's CPU (the default)")
    parser.add_argument("--hints", action="store_true", help="hint requests' CPU, not moves'")
    parser.add_argument("--checks", action="store_true", help="the checks run after each move")
    parser.add_argument("--cprofile", metavar="FILE", help="the moves' POSTs alone, cProfiled")
    args = parser.parse_args()
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    with Site(url, web_workers=0, DEAL_KEY=DEAL_KEY, BENCH_LIMITS="high") as site:
        os.environ.update(site.env)  # the site's settings, on its migrated database
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    call_command("collectstatic", "--noinput", verbosity=0)  # the full page needs the manifest
    rng = random.Random(args.seed)
    client = Client(enforce_csrf_checks=True, HTTP_HOST="127.0.0.1")
    if not (args.hints or args.cprofile):
        for owner, attribute, name in [(pkgutil.resolve_name(o), a, n) for o, a, n in STEPS]:
            time_step(owner, attribute, name)  # (all imported first, then wrapped)
        time_step(client, "post", "whole request (test client)")
    query = KLONDIKE_QUERY if args.variant == "klondike" else ""
    profile = cProfile.Profile(time.thread_time) if args.cprofile else None  # CPU, not waits
    hint_ms, queries = {}, Counter()  # hints' CPU ms by what they found; queries by kind
    moves, undos, wall, board, csrf = 0, 0, 0.0, None, ""
    while moves + undos < args.moves:
        if board is None or board.won or board.ply >= args.ply_cap:
            page = client.get(f"/{args.variant}/{rng.randint(1, 2**31 - 1)}/{query}")
            board = read_board(page.content.decode())
            if not (board.action and board.csrf):
                raise SystemExit(f"no board: HTTP {page.status_code} {page.content[-800:]}")
            csrf = board.csrf  # the page's; the partials after a move have none
        move = choose(board, rng)
        form = {"move": move, "ply": board.ply} if move else {"action": "undo", "ply": board.ply}
        start = time.perf_counter()
        with CaptureQueriesContext(connection) as sent:
            if profile:  # (the steps are not timed then: their wrappers would show)
                profile.enable()
            answer = client.post(board.action, form, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=csrf)
            if profile:
                profile.disable()
        wall += time.perf_counter() - start
        queries.update(each["sql"].split()[0].upper() for each in sent.captured_queries)
        assert answer.status_code == 200, answer.content[:300]
        board = read_board(answer.content.decode())  # the game's own address, once started
        moves, undos = moves + (move is not None), undos + (move is None)
        if args.hints:
            hint_figures(client, board.action, csrf, board.ply, hint_ms)
        elif args.checks:
            run_checks()
    if args.hints:
        for kind, ms in sorted(hint_ms.items()):
            print(f"hint, {kind}: {len(ms)} requests, CPU ms p50/p95/max {spread(ms, 1)} "
                  "(target 50 ms)")  # fmt: skip
        return 0
    n = args.moves
    print(f"{args.variant}: {moves} moves + {undos} undos, {1000 * wall / n:.2f} ms each (wall, "
          "database waits included)")  # fmt: skip
    print(f"{'CPU per request (inclusive)':<58}{'ms':>8}{'calls/req':>10}")
    for name, seconds in cpu.most_common():
        print(f"{name:<58}{1000 * seconds / n:>8.3f}{calls[name] / n:>10.1f}")
    mix = ", ".join(f"{kind} {count / n:.1f}" for kind, count in sorted(queries.items()))
    print(f"queries per request: {queries.total() / n:.1f} ({mix})")
    if profile:
        profile.dump_stats(args.cprofile)
        pstats.Stats(args.cprofile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
