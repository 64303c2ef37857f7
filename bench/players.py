"""Locust players: each opens a game (GET /yukon/<n>/ or /klondike/<n>/: cookie, game, CSRF
token) and POSTs moves with the current ply as htmx does, chosen from the board it was last sent
(bench/board.py); stuck, it undoes; won or at `ply_cap` moves, it opens its next game. `think`
0 is a closed loop; otherwise a pause of 0.5-1.5 x `think` s between moves. bench/move_endpoint.py
drives these classes as a library; a load test with more kinds of users (an abusive client
beside paced players, say) adds User classes here and runs, e.g. (BENCH_THINK=2 for pauses):

    PYTHONPATH=. .venv/bin/locust -f bench/players.py --headless -u 200 -r 20 -t 5m -H http://127.0.0.1:8000
"""

from __future__ import annotations

import html as markup
import os
import random
import urllib.parse

import gevent
from locust import FastHttpUser, constant, task
from locust.exception import StopUser

from bench.board import ACTION_RE, CSRF_RE, KLONDIKE_QUERY, PLY_RE, choose, read_board


class Player(FastHttpUser):
    """One player, one keep-alive connection, one game at a time. Subclass it (or build one
    with `type(...)`) to set the variant and the pause."""

    abstract = True
    variant = "yukon"
    think = float(os.environ.get("BENCH_THINK", "0"))
    ply_cap = 200

    def wait_time(self) -> float:
        return self.rng.uniform(0.5, 1.5) * self.think

    def on_start(self) -> None:
        self.rng = random.Random()
        self.open_game()
        if self.think:  # people do not all click on the starting gun
            gevent.sleep(self.rng.uniform(0.0, 1.5) * self.think)

    def open_game(self) -> None:
        query = KLONDIKE_QUERY if self.variant == "klondike" else ""
        path = f"/{self.variant}/{self.rng.randint(1, 2**31 - 1)}/{query}"
        with self.client.get(path, name="open", catch_response=True) as answer:
            html = answer.text or ""
            found = ACTION_RE.search(html), PLY_RE.search(html), CSRF_RE.search(html)
            if not all(found):
                answer.failure(f"no game board in {path}")
                raise StopUser  # this player stops; the failure is counted
        self.ply, self.csrf, self.html = int(found[1][1]), found[2][1], html
        self.action = markup.unescape(found[0][1])

    def post(self, path: str, form: dict, name: str):
        return self.client.post(
            # bytes: headers and body in one write (two small writes wait on delayed ACKs)
            path, data=urllib.parse.urlencode(form).encode(), name=name, catch_response=True,
            headers={"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                     "HX-Target": "board", "X-CSRFToken": self.csrf},
        )  # fmt: skip

    @task
    def step(self) -> None:
        self.move()

    def move(self) -> None:
        board = read_board(self.html)
        if board.won or self.ply >= self.ply_cap:
            return self.open_game()
        move = choose(board, self.rng)
        form = {"action": "undo" if move is None else "move", "ply": self.ply}
        if move is not None:
            form["move"] = move
        with self.post(self.action, form, f"{self.variant} {form['action']}") as answer:
            html = answer.text or ""
            ply = PLY_RE.search(html)
            if answer.status_code != 200 or ply is None or 'role="alert"' in html:
                answer.failure(f"{form} on {self.action}: HTTP {answer.status_code}")
                return self.open_game()
        self.ply, self.html = int(ply[1]), html
        self.action = markup.unescape(ACTION_RE.search(html)[1])  # the game's own, once started


class Hello(FastHttpUser):
    """The smallest view the stack serves: the baseline."""

    abstract = True
    wait_time = constant(0)

    @task
    def hello(self) -> None:
        self.client.get("/hello/", name="hello")


class Floor(Player):
    """The move's POST to the bench's save-only view (one SELECT, one UPDATE, no rules, no
    check, no board): the least a saved move costs on this stack."""

    abstract = True

    def move(self) -> None:
        if not self.action.startswith("/game/"):  # a game starts with its first real move
            return Player.move(self)
        form = {"action": "move", "move": choose(read_board(self.html), self.rng) or "d",
                "ply": self.ply}  # fmt: skip
        with self.post(self.action.replace("/game/", "/bench/floor/"), form, "floor") as answer:
            if answer.status_code != 200:
                answer.failure(f"floor: HTTP {answer.status_code}")


# What `locust -f bench/players.py` runs: players of both games.
YukonPlayer = type("YukonPlayer", (Player,), {"variant": "yukon"})
KlondikePlayer = type("KlondikePlayer", (Player,), {"variant": "klondike"})
