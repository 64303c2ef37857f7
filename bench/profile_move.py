#!/usr/bin/env python
"""Where a move's server time goes: POST /game/<slug>/ (`game_action`) under Django's test
client, with the bench's settings (DEBUG=0, CSRF enforced) on the bench's PostgreSQL database.
Prints the CPU (thread time) of each step of the move path and the queries a move sends; it is
not a test. For the costliest functions, run it under `python -m cProfile`.

    .venv/bin/python bench/profile_move.py [--moves 400] [--variant yukon] [--hints]

--hints: instead, after each move a hint is asked twice (POST action=hint) and each request's
CPU time is printed by what it found: the first asks for the position's check, then the
dead-end checks run here, untimed, and the second reads the line or verdict they stored.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.board import KLONDIKE_QUERY, choose, read_board  # noqa: E402
from bench.site import DEFAULT_DB, Site  # noqa: E402

DEAL_KEY = "bench-profile-deal-key-of-32-bytes"  # the same deals every run (32 bytes at least)
HINT_MARKS = {"data-hint=": "known line", "hint-wait": "check queued"}
cpu, calls = Counter(), Counter()  # by step of the move path: thread CPU seconds, calls


def setup_django() -> None:
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    with Site(url, web_workers=0, DEAL_KEY=DEAL_KEY, BENCH_LIMITS="high") as site:
        os.environ.update(site.env)
    import django

    django.setup()
    # The full page needs whitenoise's manifest; the partials the moves return do not.
    from django.core.management import call_command

    call_command("collectstatic", "--noinput", verbosity=0)


def time_step(owner, attribute: str, name: str) -> None:
    """Wraps `owner.attribute` so that its CPU time and calls add up under `name` (inclusive:
    a timed function inside another counts in both)."""
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


def time_steps() -> None:
    """Times the steps of the move path where the view and its helpers look them up."""
    from django.middleware.csrf import CsrfViewMiddleware

    from games import board
    from games.engine import history, positions, rules
    from games.play import actions
    from games.views import play
    from solver.deadends import banner

    for owner, attribute, name in [
        (play, "_own_game", "  _own_game (SELECT game + deal)"),
        (play.ActionForm, "full_clean", "  ActionForm validation"),
        (actions, "act", "  actions.act (read, apply, conditional UPDATE)"),
        (history, "advance", "    history.advance (rules.apply + score)"),
        (actions, "_save", "    actions._save (UPDATE)"),
        (play, "_board", "  _board (context + render)"),
        (play, "board", "    board() (the board's view model)"),
        (rules, "targets", "      rules.targets"),
        (board, "finishing_moves", "      finishing_moves"),
        (play, "render", "    render (template)"),
        (CsrfViewMiddleware, "process_view", "csrf check"),
        (positions.Position, "__post_init__", "Position.__post_init__ (validation)"),
        (positions.Position, "to_json", "Position.to_json"),
        (banner, "verdict", "    banner.verdict (dead-end check row)"),
    ]:
        time_step(owner, attribute, name)


def hint_figures(client, action: str, csrf: str, ply: int, spent: dict) -> None:
    """Two hints at `ply`, the checks run between them; each one's CPU by what it found."""
    from solver.deadends.tasks import check_position

    for _ in range(2):
        start = time.thread_time()
        html = client.post(action, {"action": "hint", "ply": ply}, HTTP_HX_REQUEST="true",
                           HTTP_X_CSRFTOKEN=csrf).content.decode()  # fmt: skip
        found = [kind for mark, kind in HINT_MARKS.items() if mark in html]
        kind = found[0] if found else "no line (lost or undecided)"
        spent.setdefault(kind, []).append(1000 * (time.thread_time() - start))
        while check_position.call() != "idle":
            pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--variant", default="yukon", choices=["yukon", "klondike"])
    parser.add_argument("--ply-cap", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--breakdown", action="store_true", help="each step's CPU (the default)")
    parser.add_argument("--hints", action="store_true", help="hint requests' CPU, not moves'")
    args = parser.parse_args()
    setup_django()
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    rng = random.Random(args.seed)
    client = Client(enforce_csrf_checks=True, HTTP_HOST="127.0.0.1")
    if not args.hints:
        time_steps()
        time_step(client, "post", "whole request (test client)")
    query = KLONDIKE_QUERY if args.variant == "klondike" else ""
    hint_ms: dict[str, list[float]] = {}
    queries = Counter()  # sent by the moves, by kind (SELECT, UPDATE...)
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
            answer = client.post(board.action, form, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=csrf)
        wall += time.perf_counter() - start
        queries.update(each["sql"].split()[0].upper() for each in sent.captured_queries)
        assert answer.status_code == 200, answer.content[:300]
        board = read_board(answer.content.decode())  # the game's own address, once started
        moves, undos = moves + (move is not None), undos + (move is None)
        if args.hints:
            hint_figures(client, board.action, csrf, board.ply, hint_ms)
    if args.hints:
        for kind, ms in sorted(hint_ms.items()):
            ms.sort()
            p50, p95 = ms[len(ms) // 2], ms[int(0.95 * (len(ms) - 1))]
            print(f"hint, {kind}: {len(ms)} requests, CPU ms p50 {p50:.1f} p95 {p95:.1f} "
                  f"max {ms[-1]:.1f} (target 50 ms)")  # fmt: skip
        return 0
    n = args.moves
    print(f"{args.variant}: {moves} moves + {undos} undos, {1000 * wall / n:.2f} ms each (wall, "
          "database waits included)")  # fmt: skip
    print(f"{'CPU per request (inclusive)':<58}{'ms':>8}{'calls/req':>10}")
    for name, seconds in cpu.most_common():
        print(f"{name:<58}{1000 * seconds / n:>8.3f}{calls[name] / n:>10.1f}")
    mix = ", ".join(f"{kind} {count / n:.1f}" for kind, count in sorted(queries.items()))
    print(f"queries per request: {queries.total() / n:.1f} ({mix})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
