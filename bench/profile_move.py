#!/usr/bin/env python
"""Where a move's server time goes: cProfile of POST /game/<slug>/ (`game_action`) under
Django's test client, with the bench's settings (DEBUG=0, CSRF enforced) on the bench's
PostgreSQL database. Prints the costliest functions; it is not a test.

    .venv/bin/python bench/profile_move.py [--moves 400] [--variant yukon] [--breakdown]

--hints: no profiler; after each move a hint is asked twice (POST action=hint) and each
request's CPU time (thread time) is printed by what it found: the first asks for the
position's check, then the dead-end checks run here, untimed, and the second reads the line
or verdict they stored.
"""

from __future__ import annotations

import argparse
import cProfile
import functools
import os
import pstats
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.board import CSRF_RE, KLONDIKE_QUERY, PLY_RE, action_of, choose, read_board  # noqa: E402
from bench.site import DEFAULT_DB, Site  # noqa: E402

DEAL_KEY = "bench-profile-deal-key-of-32-bytes"  # the same deals every run (32 bytes at least)
HINT_MARKS = {"data-hint=": "known line", "hint-wait": "check queued"}


def setup_django() -> None:
    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    with Site(url, web_workers=0, DEAL_KEY=DEAL_KEY, BENCH_LIMITS="high") as site:
        os.environ.update(site.env)
    import django

    django.setup()
    # The full page needs whitenoise's manifest; the partials the moves return do not.
    from django.core.management import call_command

    call_command("collectstatic", "--noinput", verbosity=0)


class Timers:
    """Thread CPU time spent in named functions (inclusive: a timed function inside another
    counts in both), and the queries a move sends, by kind."""

    def __init__(self) -> None:
        self.cpu, self.calls, self.queries = Counter(), Counter(), Counter()

    def add(self, name: str, seconds: float) -> None:
        self.cpu[name] += seconds
        self.calls[name] += 1

    def wrap(self, owner, attribute: str, name: str) -> None:
        original = getattr(owner, attribute)

        @functools.wraps(original)
        def timed(*args, **kwargs):
            start = time.thread_time()
            try:
                return original(*args, **kwargs)
            finally:
                self.add(name, time.thread_time() - start)

        setattr(owner, attribute, timed)

    def report(self, requests: int) -> None:
        print(f"{'CPU per request (inclusive)':<58}{'ms':>8}{'calls/req':>10}")
        for name, seconds in sorted(self.cpu.items(), key=lambda kv: -kv[1]):
            print(
                f"{name:<58}{1000 * seconds / requests:>8.3f}{self.calls[name] / requests:>10.1f}"
            )
        mix = ", ".join(f"{kind} {n / requests:.1f}" for kind, n in sorted(self.queries.items()))
        print(f"queries per request: {sum(self.queries.values()) / requests:.1f} ({mix})")


def install_timers() -> Timers:
    """Wraps the steps of the move path where the view and its helpers look them up."""
    from django.middleware.csrf import CsrfViewMiddleware

    from games import board, steps
    from games.engine import history, positions, rules
    from games.play import actions
    from games.views import play
    from solver.deadends import banner

    timers = Timers()
    steps = [
        (play, "game_action", "view: game_action"),
        (play, "_own_game", "  _own_game (SELECT game + deal)"),
        (play.ActionForm, "full_clean", "  ActionForm validation"),
        (actions, "act", "  actions.act (read, apply, conditional UPDATE)"),
        (steps, "current", "    steps.current (state cache -> Position)"),
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
    ]
    for owner, attribute, name in steps:
        if hasattr(owner, attribute):
            timers.wrap(owner, attribute, name)
    return timers


def hint_figures(client, action: str, csrf: str, ply: int, spent: dict) -> None:
    """Two hints at `ply`, the checks run between them; each one's CPU by what it found."""
    from solver.deadends.tasks import check_position

    for _ in range(2):
        cpu = time.thread_time()
        html = client.post(action, {"action": "hint", "ply": ply}, HTTP_HX_REQUEST="true",
                           HTTP_X_CSRFTOKEN=csrf).content.decode()  # fmt: skip
        found = [kind for mark, kind in HINT_MARKS.items() if mark in html]
        kind = found[0] if found else "no line (lost or undecided)"
        spent.setdefault(kind, []).append(1000 * (time.thread_time() - cpu))
        while check_position.call() != "idle":
            pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=400)
    parser.add_argument("--variant", default="yukon", choices=["yukon", "klondike"])
    parser.add_argument("--sort", default="tottime", help="pstats sort key")
    parser.add_argument("--top", type=int, default=35)
    parser.add_argument("--ply-cap", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--out", help="save the raw profile here (for snakeviz and the like)")
    parser.add_argument(
        "--breakdown", action="store_true",
        help="no profiler: CPU (thread time) of each step of the move path, and its queries",
    )  # fmt: skip
    parser.add_argument("--hints", action="store_true", help="hint requests' CPU, not moves'")
    args = parser.parse_args()
    setup_django()
    hint_ms: dict[str, list[float]] = {}
    timers = install_timers() if args.breakdown else None
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    rng = random.Random(args.seed)
    client = Client(enforce_csrf_checks=True, HTTP_HOST="127.0.0.1")
    query = KLONDIKE_QUERY if args.variant == "klondike" else ""
    profile = cProfile.Profile()
    moves, undos, spent, html, action, csrf, ply = 0, 0, 0.0, "", "", "", args.ply_cap
    while moves + undos < args.moves:
        board = read_board(html) if html else None
        if board is None or board.won or ply >= args.ply_cap:
            page = client.get(f"/{args.variant}/{rng.randint(1, 2**31 - 1)}/{query}")
            html = page.content.decode()
            if not (action_of(html) and CSRF_RE.search(html)):
                raise SystemExit(f"no board: HTTP {page.status_code} {html[-800:]}")
            action, csrf = action_of(html), CSRF_RE.search(html)[1]
            ply = int(PLY_RE.search(html)[1])
            continue
        move = choose(board, rng)
        form = {"action": "undo", "ply": ply} if move is None else {"move": move, "ply": ply}
        start, cpu = time.perf_counter(), time.thread_time()
        if timers is None and not args.hints:
            profile.enable()
        with CaptureQueriesContext(connection) as queries:
            response = client.post(action, form, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=csrf)
        if timers is None and not args.hints:
            profile.disable()
        elif timers is not None:
            timers.add("whole request (test client)", time.thread_time() - cpu)
            for sent in queries.captured_queries:
                timers.queries[sent["sql"].split()[0].upper()] += 1
        spent += time.perf_counter() - start
        assert response.status_code == 200, response.content[:300]
        html = response.content.decode()
        ply = int(PLY_RE.search(html)[1])
        action = action_of(html)  # the first action starts the game, at an address of its own
        moves, undos = moves + (move is not None), undos + (move is None)
        if args.hints:
            hint_figures(client, action, csrf, ply, hint_ms)
    for kind, ms in sorted(hint_ms.items()):
        ms.sort()
        print(f"hint, {kind}: {len(ms)} requests, CPU ms p50 {ms[len(ms) // 2]:.1f} p95 "
              f"{ms[int(0.95 * (len(ms) - 1))]:.1f} max {ms[-1]:.1f} (target 50 ms)")  # fmt: skip
    if hint_ms:
        return 0
    if timers is not None:
        print(f"{args.variant}: {moves} moves + {undos} undos, {1000 * spent / args.moves:.2f} ms "
              "each (wall, database waits included)")  # fmt: skip
        timers.report(args.moves)
        return 0
    print(f"{args.variant}: {moves} moves + {undos} undos, {1000 * spent / args.moves:.2f} ms "
          f"each under the profiler (wall)")  # fmt: skip
    if args.out:
        profile.dump_stats(args.out)
    pstats.Stats(profile).strip_dirs().sort_stats(args.sort).print_stats(args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
