"""Locust users: players who open a deal's page and POST moves as htmx does, chosen from the
board last sent (bench/board.py), undoing when stuck, a new game when won or at `ply_cap`
moves, pausing 0.5-1.5 x BENCH_THINK s; players who play deals from the winnable pool, follow
their winning line and stray now and then (Strayer: the load test gives them the lines); the
baseline and save floor; an abuser. On a live site:

    PYTHONPATH=. .venv/bin/locust -f bench/players.py --headless -u 200 -r 20 -t 5m -H http://127.0.0.1:8000
"""

import itertools
import os
import random
import time
import urllib.parse
from collections import Counter

import gevent
from locust import FastHttpUser, task
from locust.exception import StopUser

from bench.board import KLONDIKE_QUERY, Board, choose, read_board
from bench.course import Course, next_action
from bench.crowd import Seen


class Player(FastHttpUser):
    """One player, one keep-alive connection, one game at a time."""

    abstract, variant, ply_cap, kind = True, "yukon", 200, "random"
    think = float(os.environ.get("BENCH_THINK", "0"))
    label = ""  # before each request's name
    addresses = itertools.count(1)  # each player its own, to a site behind PROXY_HOPS=1
    # The load test's record, shared by all players when set to a list: each move answered
    # (bench/crowd.py), and what the players did (moves by kind, undos, jumps, games won).
    log: list[Seen] | None = None
    tally: Counter = Counter()
    seed: str | None = None  # set: each player's choices come from its own seeded generator

    def wait_time(self) -> float:
        return self.rng.uniform(0.5, 1.5) * self.think

    def on_start(self) -> None:
        n = next(Player.addresses)
        self.rng = random.Random(None if self.seed is None else f"{self.seed}-{n}")
        self.address = getattr(self, "address", f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}")
        self.open_game()
        if self.think:  # people do not all click on the starting gun
            gevent.sleep(self.rng.uniform(0.0, 1.5) * self.think)

    def open_game(self) -> None:
        self.leave()
        self.actions: list[str] | None = []  # the game's, as the site stores them; None: lost track
        path = self.deal_path()
        headers = {"X-Forwarded-For": self.address}
        with self.client.get(path, name=self.label + "open", catch_response=True,
                             headers=headers) as answer:  # fmt: skip
            self.board = read_board(answer.text or "")
            if not (self.board.action and self.board.ply is not None and self.board.csrf):
                answer.failure(f"no game board in {path}")
                raise StopUser  # this player stops; the failure is counted
        self.csrf = self.board.csrf  # the page's; the partials after a move have none

    @property
    def query(self) -> str:  # the mode's, on a deal's address
        return KLONDIKE_QUERY if self.variant == "klondike" else ""

    def deal_path(self) -> str:  # any number: not proven winnable, the worst case
        return f"/{self.variant}/{self.rng.randint(1, 2**31 - 1)}/{self.query}"

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
            self.tally["won" if board.won else "given up at the cap"] += 1
            return self.open_game()
        move = choose(board, self.rng)
        self.act({"action": "undo"} if move is None else {"action": "move", "move": move})

    def act(self, form: dict) -> None:
        """POSTs a move, undo or jump on the board last sent; a refused one (the board's alert
        line) is a failure, and the player starts a new game."""
        board, form = self.board, {**form, "ply": self.board.ply}
        name, sent = f"{self.label}{self.variant} {form['action']}", time.time()
        self.leave(sent)
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
        self.track(form, after, sent)

    def track(self, form: dict, after: Board, sent: float) -> None:
        """Mirrors the game's actions (a move or a jump `@k` is added, an undo takes the last
        one back) and notes a move's answer in the log."""
        if self.actions is None or self.label:
            return
        action = form["action"]
        self.tally[action if action != "move" else f"{self.kind} move"] += 1
        if action == "undo":
            self.actions.pop()
        else:
            self.actions.append(form["move"] if action == "move" else f"@{form['step']}")
        if after.ply != len(self.actions):  # an action the site added or took: not followed
            self.actions = None
            self.tally["games not followed"] += 1
            return
        if action == "move" and not after.won and Player.log is not None:
            self.standing = Seen(self.kind, self.variant, after.action, tuple(self.actions),
                                 sent, time.time(), after.verdict)  # fmt: skip
            Player.log.append(self.standing)

    def leave(self, now: float | None = None) -> None:
        """The player moves on from the position it stood on."""
        if getattr(self, "standing", None) is not None:
            self.standing.left = now or time.time()
        self.standing = None


class Strayer(Player):
    """A player who plays deals from the winnable pool, as the site deals them by default, and
    knows each deal's winning line (its stored line: the load test fills the pool and reads
    the lines from the database before it starts, into `pool`), so it never asks for a hint:
    it follows the line and strays now and then, as people do (bench/course.py). A move off
    the line is a random legal move (choose), in `stray` of the moves on it. On the dead-end
    banner it jumps back to the last winnable move (or undoes while that is still being
    looked for; a new game on a deal lost from the start); else, off the line, half the time
    it goes back toward the line (an undo; a jump to its last step on the line where an undo
    would take back the banner's jump) and otherwise plays on at random, until it stands on
    the line again. It gives up a game SLACK actions past its line's length. It asks no
    hints, ever: its requests are a person's, a page and then moves, undos and jumps. Run by
    plain locust, it has no pool and stops."""

    abstract, kind, stray = True, "strayer", 0.1
    SLACK = 100
    pool: dict[str, list[tuple[int, tuple[str, ...]]]] = {}  # variant → [(number, its line)]

    def open_game(self) -> None:
        """A deal of the pool it has not played yet in this run (any, once it has played them
        all); its own game left unfinished on it earlier is resigned, so the deal starts
        afresh."""
        deals = Strayer.pool.get(self.variant)
        if not deals:
            raise StopUser  # no lines known: bench/move_endpoint.py --kind strayer reads them
        if not getattr(self, "unplayed", None):
            self.unplayed = self.rng.sample(deals, len(deals))
        self.number, line = self.unplayed.pop()
        self.course, self.ply_cap = Course(line), len(line) + self.SLACK
        super().open_game()
        if self.board.ply:
            self.tally["resigned a game left unfinished"] += 1
            form = {"action": "resign", "ply": self.board.ply}
            with self.post(self.board.action, form, f"{self.variant} resign") as answer:
                if answer.status_code != 200:
                    answer.failure(f"resign on {self.board.action}: HTTP {answer.status_code}")
            super().open_game()

    def deal_path(self) -> str:
        return f"/{self.variant}/{self.number}/{self.query}"

    def move(self) -> None:
        board = self.board
        if board.won or board.ply >= self.ply_cap or self.actions is None:
            self.tally["won" if board.won else "given up at the cap" if self.actions is not None
                       else "new game off a game not followed"] += 1  # fmt: skip
            return self.open_game()
        on_line = self.course.on_line
        what, arg = next_action(self.course, board.lost, board.searching, board.jump, self.rng,
                                self.stray)  # fmt: skip
        self.tally[doing(what, on_line, board.lost)] += 1
        if what == "new":
            return self.open_game()
        if what == "jump":
            return self.act({"action": "jump", "step": arg})
        move = arg if what == "line" else choose(board, self.rng) if what == "stray" else None
        self.act({"action": "undo"} if move is None else {"action": "move", "move": move})

    def track(self, form: dict, after: Board, sent: float) -> None:
        """Follows the course too: where the game's new step stands against the line."""
        was_on = self.course.on_line
        if form["action"] == "undo":
            self.course.undone()
        elif form["action"] == "jump":
            self.course.jumped(int(form["step"]))
        else:
            self.course.moved(form["move"])
        if self.course.on_line and not was_on:
            self.tally["back on the line"] += 1
        super().track(form, after, sent)


def doing(what: str, on_line: bool, lost: bool) -> str:
    """What a strayer did, by its next_action, for the load test's "players did" line."""
    if lost:
        return {"jump": "jumped back to the last winnable move", "new": "new game off a deal lost"
                " from the start", "undo": "undid while the last winnable move was looked for"
                }[what]  # fmt: skip
    if what == "stray":
        return "strayed" if on_line else "played on off the line"
    return {"line": "followed the line", "undo": "undid toward the line",
            "jump": "jumped back to the line"}[what]  # fmt: skip


class Hello(FastHttpUser):
    """The smallest view the stack serves: the baseline."""

    abstract = True

    @task
    def hello(self) -> None:
        self.client.get("/hello/", name="hello")


class PacedHello(Player):
    """The baseline paced as a player: a GET of /hello/ every ~think s, on a connection of
    its own (the load test's `--kind hello`)."""

    abstract, kind = True, "hello"

    def open_game(self) -> None:  # no game: the smallest request the stack answers
        self.board = None

    def move(self) -> None:
        self.client.get("/hello/", name="hello", headers={"X-Forwarded-For": self.address})


class Floor(Player):
    """The move's POST to the save floor (bench/hello/urls.py), on a game of a random deal
    started by one real move: the least a stored move costs. Paced, it is the load test's
    `--kind floor`."""

    abstract, kind = True, "floor"

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


# What `locust -f bench/players.py` runs: players of both games, both kinds.
YukonPlayer = type("YukonPlayer", (Player,), {"variant": "yukon"})
KlondikePlayer = type("KlondikePlayer", (Player,), {"variant": "klondike"})
YukonStrayer = type("YukonStrayer", (Strayer,), {"variant": "yukon"})
KlondikeStrayer = type("KlondikeStrayer", (Strayer,), {"variant": "klondike"})
Flooder = type("Flooder", (Abuser,), {"abstract": False})
# The load test's kinds of player: the two kinds of people, and the two floors under them.
KINDS = {
    "random": [YukonPlayer, KlondikePlayer],
    "strayer": [YukonStrayer, KlondikeStrayer],
    "floor": [type("YukonFloor", (Floor,), {"variant": "yukon"}),
              type("KlondikeFloor", (Floor,), {"variant": "klondike"})],
    "hello": [type("HelloPlayer", (PacedHello,), {})],
}  # fmt: skip
