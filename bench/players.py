"""Locust users: players who open a deal's page and POST moves as htmx does, chosen from the
board they were last sent (bench/board.py), undoing when stuck and opening a new game when won
or at `ply_cap` moves; the baseline and the save floor of bench/move_endpoint.py; an abuser.
A pause of 0.5-1.5 x BENCH_THINK s between moves (0: none). Against a running site:

    PYTHONPATH=. .venv/bin/locust -f bench/players.py --headless -u 200 -r 20 -t 5m -H http://127.0.0.1:8000
"""

from __future__ import annotations

import itertools
import os
import random
import urllib.parse

import gevent
from locust import FastHttpUser, constant, task
from locust.exception import StopUser

from bench.board import CSRF_RE, KLONDIKE_QUERY, PLY_RE, action_of, choose, read_board


class Player(FastHttpUser):
    """One player, one keep-alive connection, one game at a time."""

    abstract = True
    variant = "yukon"
    think = float(os.environ.get("BENCH_THINK", "0"))
    ply_cap = 200
    label = ""  # before each request's name
    addresses = itertools.count(1)  # each player its own, to a site behind PROXY_HOPS=1

    def wait_time(self) -> float:
        return self.rng.uniform(0.5, 1.5) * self.think

    def on_start(self) -> None:
        self.rng = random.Random()
        n = next(Player.addresses)
        self.address = getattr(self, "address", f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}")
        self.open_game()
        if self.think:  # people do not all click on the starting gun
            gevent.sleep(self.rng.uniform(0.0, 1.5) * self.think)

    def open_game(self) -> None:
        query = KLONDIKE_QUERY if self.variant == "klondike" else ""
        path = f"/{self.variant}/{self.rng.randint(1, 2**31 - 1)}/{query}"
        headers = {"X-Forwarded-For": self.address}
        with self.client.get(
            path, name=self.label + "open", catch_response=True, headers=headers
        ) as answer:
            html = answer.text or ""
            found = action_of(html), PLY_RE.search(html), CSRF_RE.search(html)
            if not all(found):
                answer.failure(f"no game board in {path}")
                raise StopUser  # this player stops; the failure is counted
        self.ply, self.csrf, self.html = int(found[1][1]), found[2][1], html
        self.action = found[0]

    def post(self, path: str, form: dict, name: str):
        return self.client.post(
            # bytes: headers and body in one write (two small writes wait on delayed ACKs)
            path, data=urllib.parse.urlencode(form).encode(), name=name, catch_response=True,
            headers={"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                     "HX-Target": "board", "X-CSRFToken": self.csrf,
                     "X-Forwarded-For": self.address},
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
        with self.post(self.action, form, f"{self.label}{self.variant} {form['action']}") as answer:
            html = answer.text or ""
            ply = PLY_RE.search(html)
            if answer.status_code == 429 and self.label:  # the abuser's refusals: expected
                return answer.success()
            if answer.status_code != 200 or ply is None or 'role="alert"' in html:
                answer.failure(f"{form} on {self.action}: HTTP {answer.status_code}")
                return self.open_game()
        self.ply, self.html = int(ply[1]), html
        self.action = action_of(html)  # the game's own, once started


class Hello(FastHttpUser):
    """The smallest view the stack serves: the baseline."""

    abstract = True
    wait_time = constant(0)

    @task
    def hello(self) -> None:
        self.client.get("/hello/", name="hello")


class Floor(Player):
    """The move's POST to the save floor (bench/hello/urls.py)."""

    abstract = True

    def move(self) -> None:
        if not self.action.startswith("/game/"):  # a game starts with its first real move
            return Player.move(self)
        form = {"action": "move", "move": choose(read_board(self.html), self.rng) or "d",
                "ply": self.ply}  # fmt: skip
        with self.post(self.action.replace("/game/", "/bench/floor/"), form, "floor") as answer:
            if answer.status_code != 200:
                answer.failure(f"floor: HTTP {answer.status_code}")


class Abuser(Player):
    """One client (one address, one player) on `fixed_count` connections that never pause:
    deal pages, moves and hints; what the limits refuse (429) is not a failure."""

    abstract, fixed_count, think, label, address = True, 1, 0.0, "abuse ", "198.51.100.66"
    player = None  # the client's one player cookie, shared by all its connections

    def on_start(self) -> None:
        super().on_start()  # (its game starts with its first move, under the shared cookie)
        Abuser.player = Abuser.player or next(
            c for c in self.client.cookiejar if c.name == "player"
        )
        self.client.cookiejar.set_cookie(Abuser.player)

    @task(2)
    def look(self) -> None:
        path = f"/yukon/{self.rng.randint(1, 2**31 - 1)}/"
        self.client.get(path, name="abuse look", headers={"X-Forwarded-For": self.address})

    @task(6)
    def step(self) -> None:
        self.move()

    @task(1)
    def hint(self) -> None:
        with self.post(self.action, {"action": "hint", "ply": self.ply}, "abuse hint") as answer:
            if answer.status_code == 429:
                answer.success()


# What `locust -f bench/players.py` runs: players of both games.
YukonPlayer = type("YukonPlayer", (Player,), {"variant": "yukon"})
KlondikePlayer = type("KlondikePlayer", (Player,), {"variant": "klondike"})
Flooder = type("Flooder", (Abuser,), {"abstract": False})
