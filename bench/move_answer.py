#!/usr/bin/env python
"""What a move's answer weighs: the whole board (an htmx client that does not ask for changes)
against the answer of changes (the table's script, `X-Board: changes`), over the same random
walks (legal moves, now and then an undo or a redo) on Yukon and Klondike deals. In process,
through the real views and a throwaway database (SQLite in memory unless DATABASE_URL says
otherwise): bytes as sent and gzipped (as the site's GZipMiddleware packs them), and the CPU
of the view's board answer (`_board`: the board worked out and rendered, the changes found)
per action.

    .venv/bin/python bench/move_answer.py [--deals 4] [--actions 40]
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection  # noqa: E402
from django.http import HttpResponse  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.utils.text import compress_string  # noqa: E402

from games import deals  # noqa: E402
from games.engine.rules.core import legal_moves  # noqa: E402
from games.models import Game  # noqa: E402
from games.steps import current  # noqa: E402
from play.views import game as game_views  # noqa: E402
from visitors.players import COOKIE, SALT  # noqa: E402

MODES = {"yukon": "", "klondike": "?draw=1"}


def client(name: str) -> Client:
    """A browser of its own: a player cookie signed as the site signs it."""
    browser, signer = Client(), HttpResponse()
    signer.set_signed_cookie(COOKIE, name, salt=SALT)
    browser.cookies[COOKIE] = signer.cookies[COOKIE].value
    return browser


# The CPU of each board answer, measured around the view's own _board and, inside it, the
# template's render.
spent: dict[str, list[float]] = {"_board": [], "render": []}


def timed(name: str, function):
    def measured(*args, **kwargs):
        started = time.process_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[name].append(time.process_time() - started)

    return measured


game_views._board = timed("_board", game_views._board)
game_views.render = timed("render", game_views.render)


def walk(variant: str, number: int, actions: int, changes: bool) -> list[tuple]:
    """A seeded random walk on the deal, as one player: (bytes, gzipped bytes, CPU s of
    _board, of its render) of each answer after the first action (which starts the game,
    and is always the whole board)."""
    player = f"bench-{variant}-{number}-{'changes' if changes else 'whole'}"
    browser, rng = client(player), random.Random(f"{variant}:{number}")
    headers = {"HX-Request": "true", **({"X-Board": "changes"} if changes else {})}
    first = first_move(variant, number)
    browser.post(f"/{variant}/{number}/{MODES[variant]}", {"ply": 0, "move": first},
                 headers=headers)  # fmt: skip
    game = Game.objects.get(player=player)
    answers = []
    for _ in range(actions):
        game.refresh_from_db()
        if game.result:
            break
        roll = rng.random()
        if game.actions and roll < 0.1:
            form = {"action": "undo"}
        elif game.redo and roll < 0.2:
            form = {"action": "redo"}
        else:
            form = {"action": "move", "move": str(rng.choice(legal_moves(current(game).position)))}
        spent["_board"].clear()
        spent["render"].clear()
        response = browser.post(f"/game/{game.slug}/", {"ply": game.ply, **form}, headers=headers)
        assert response.status_code == 200, response.content[:200]
        packed = len(compress_string(response.content))
        answers.append((len(response.content), packed, spent["_board"][0], spent["render"][0]))
    return answers


def first_move(variant: str, number: int) -> str:
    """The deal's first move: a legal one, the same for both walks."""
    position = deals.deal_position(deals.deal_for(variant, number), 1 if variant == "klondike"
                                   else None)  # fmt: skip
    return str(random.Random(f"first:{variant}:{number}").choice(legal_moves(position)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4, help="deals per variant")
    parser.add_argument("--actions", type=int, default=40, help="actions per deal")
    args = parser.parse_args()
    settings.RATE_LIMITS = {kind: (10**6, 10**6, 60) for kind in settings.RATE_LIMITS}
    setup_test_environment()
    name = connection.creation.create_test_db(verbosity=0, autoclobber=True)
    try:
        print(f"{'':9} {'answer':8} {'actions':>7} {'bytes':>7} {'gzipped':>7} "
              f"{'_board CPU ms':>13} {'render CPU ms':>13}")  # fmt: skip
        for variant in MODES:
            for changes in (False, True):
                answers = [a for number in range(1, args.deals + 1)
                           for a in walk(variant, number, args.actions, changes)]  # fmt: skip
                columns = zip(*answers, strict=True)
                size, packed, cpu, draw = (statistics.fmean(column) for column in columns)
                label = "changes" if changes else "whole"
                print(f"{variant:9} {label:8} {len(answers):7} {size:7.0f} {packed:7.0f} "
                      f"{cpu * 1000:13.2f} {draw * 1000:13.2f}")  # fmt: skip
    finally:
        connection.creation.destroy_test_db(name, verbosity=0)


if __name__ == "__main__":
    main()
