"""Locust users: players who open a deal's page and POST moves as htmx does, chosen from the
board last sent (bench/board.py), undoing when stuck, a new game when won or at `ply_cap`
moves, pausing 0.5-1.5 x BENCH_THINK s; the baseline and save floor; an abuser. On a live site:

    PYTHONPATH=. .venv/bin/locust -f bench/players.py --headless -u 200 -r 20 -t 5m -H http://127.0.0.1:8000
"""

import itertools
import os
import random
import urllib.parse

import gevent
from locust import FastHttpUser, task
from locust.exception import StopUser

from bench.board import KLONDIKE_QUERY, choose, read_board


class Player(FastHttpUser):
    """One player, one keep-alive connection, one game at a time."""

    abstract, variant, ply_cap = True, "yukon", 200
    think = float(os.environ.get("BENCH_THINK", "0"))
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
        with self.client.get(path, name=self.label + "open", catch_response=True,
                             headers=headers) as answer:  # fmt: skip
            self.board = read_board(answer.text or "")
            if not (self.board.action and self.board.ply is not None and self.board.csrf):
                answer.failure(f"no game board in {path}")
                raise StopUser  # this player stops; the failure is counted
        self.csrf = self.board.csrf  # the page's; the partials after a move have none

    def post(self, path: str, form: dict, name: str):
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                   "HX-Target": "board", "X-CSRFToken": self.csrf,
                   "X-Forwarded-For": self.address}  # fmt: skip
        # bytes: headers and body in one write (two small writes wait on delayed ACKs)
        return self.client.post(path, data=urllib.parse.urlencode(form).encode(), name=name,
                                catch_response=True, headers=headers)  # fmt: skip

    @task
    def step(self) -> None:
        self.move()

    def move(self) -> None:
        board = self.board
        if board.won or board.ply >= self.ply_cap:
            return self.open_game()
        move = choose(board, self.rng)
        form = {"action": "undo" if move is None else "move", "ply": board.ply}
        if move is not None:
            form["move"] = move
        name = f"{self.label}{self.variant} {form['action']}"
        with self.post(board.action, form, name) as answer:
            html = answer.text or ""
            if answer.status_code == 429 and self.label:  # the abuser's refusals: expected
                return answer.success()
            after = read_board(html)  # its actions go to the game's own address, once started
            # refused (the board's alert line); a dead-end banner is an answer, not a failure
            if answer.status_code != 200 or after.ply is None or 'class="alert"' in html:
                answer.failure(f"{form} on {board.action}: HTTP {answer.status_code}")
                return self.open_game()
        self.board = after


class Hello(FastHttpUser):
    """The smallest view the stack serves: the baseline."""

    abstract = True

    @task
    def hello(self) -> None:
        self.client.get("/hello/", name="hello")


class Floor(Player):
    """The move's POST to the save floor (bench/hello/urls.py)."""

    abstract = True

    def move(self) -> None:
        board = self.board
        if not board.action.startswith("/game/"):  # a game starts with its first real move
            return Player.move(self)
        form = {"action": "move", "move": choose(board, self.rng) or "d", "ply": board.ply}
        with self.post(board.action.replace("/game/", "/bench/floor/"), form, "floor") as answer:
            if answer.status_code != 200:
                answer.failure(f"floor: HTTP {answer.status_code}")


class Abuser(Player):
    """One client (an address, a player) on `fixed_count` connections that never pause: deal
    pages, moves and hints; what the limits refuse (429) is not a failure."""

    abstract, fixed_count, think, label, address = True, 1, 0.0, "abuse ", "198.51.100.66"
    player = None  # the client's one player cookie, shared by all its connections
    tasks = {Player.step: 6}  # with the inherited one: 7 moves to 2 looks and a hint

    def on_start(self) -> None:
        super().on_start()  # (its game starts with its first move, under the shared cookie)
        jar = self.client.cookiejar
        Abuser.player = Abuser.player or next(c for c in jar if c.name == "player")
        jar.set_cookie(Abuser.player)

    @task(2)
    def look(self) -> None:
        path = f"/yukon/{self.rng.randint(1, 2**31 - 1)}/"
        self.client.get(path, name="abuse look", headers={"X-Forwarded-For": self.address})

    @task(1)
    def hint(self) -> None:
        form = {"action": "hint", "ply": self.board.ply}
        with self.post(self.board.action, form, "abuse hint") as answer:
            if answer.status_code == 429:
                answer.success()


# What `locust -f bench/players.py` runs: players of both games.
YukonPlayer = type("YukonPlayer", (Player,), {"variant": "yukon"})
KlondikePlayer = type("KlondikePlayer", (Player,), {"variant": "klondike"})
Flooder = type("Flooder", (Abuser,), {"abstract": False})
