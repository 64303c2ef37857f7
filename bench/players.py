"""The load test's players (locust users; bench/move_endpoint.py runs them). Each opens a deal's
page and POSTs actions as htmx does, chosen from the board last sent, read as a player's eye
reads it, and pauses 0.5-1.5 x `think` s between them. KINDS names each kind of player: its
classes (one per game), the WSGI app the site runs for it (bench/wsgi.py) and whether it is a
floor (counted only once every player has opened its deal and made its first real move).
"""

import html
import http.client
import itertools
import random
import re
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field

import gevent
from gevent.event import Event
from locust import FastHttpUser, task
from locust.exception import StopUser

KLONDIKE_QUERY = "?draw=1&scoring=standard"
PILE_RE = re.compile(r'data-pile="([a-z0-9]+)"')
CARD_RE = re.compile(r'data-card="([0-9A-Z]{2})" data-targets="([^"]*)"')
PLY_RE = re.compile(r'id="board"[^>]*data-ply="(\d+)"')
ACTION_RE = re.compile(r'id="board"[^>]*data-action="([^"]+)"')  # the deal's, then the game's
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
JUMP_RE = re.compile(r'name="step" value="(\d+)"><button[^>]*value="jump"')
MOVES_RE = re.compile(r'data-name="([^"]+)" data-moves="(\d+)"')  # a race strip's row


@dataclass
class Board:
    action: str | None = None
    ply: int | None = None
    csrf: str | None = None  # the form token, on a full page
    moves: list[tuple[str, str]] = field(default_factory=list)  # (card, target)
    home: list[tuple[str, str]] = field(default_factory=list)  # to a foundation
    flips: list[tuple[str, str]] = field(default_factory=list)  # uncovers a face-down card
    stock: str | None = None  # "d" or "r" when the stock button does something
    won: bool = False
    lost: bool = False  # the dead-end banner is up
    searching: bool = False  # it still looks for the last winnable move
    jump: int | None = None  # its "jump back to the last winnable move" step


def read_board(text: str) -> Board:
    action, ply, csrf, jump = (r.search(text) for r in (ACTION_RE, PLY_RE, CSRF_RE, JUMP_RE))
    lost = 'data-testid="dead-end"' in text
    board = Board(action and html.unescape(action[1]), ply and int(ply[1]), csrf and csrf[1],
                  won='data-testid="result"' in text, lost=lost, jump=jump and int(jump[1]),
                  searching=lost and "Looking for your last winnable move" in text)  # fmt: skip
    starts = [(m.start(), m[1]) for m in PILE_RE.finditer(text)] + [(len(text), "")]
    for (start, pile), (end, _) in zip(starts, starts[1:], strict=False):
        chunk = text[start:end]
        for k, (card, targets) in enumerate(CARD_RE.findall(chunk)):
            for target in targets.split() if not pile.startswith("f") else ():
                board.moves.append((card, target))
                if target.startswith("f"):
                    board.home.append((card, target))
                elif k == 0 and pile.startswith("t") and 'class="card down"' in chunk:
                    board.flips.append((card, target))
        if pile == "stock":
            board.stock = "d" if 'value="d"' in chunk else "r" if 'value="r"' in chunk else None
        if pile == "waste" and board.stock == "r" and not CARD_RE.search(chunk):
            board.stock = None  # nothing to turn back over
    return board


def choose(board: Board, rng: random.Random) -> str | None:
    """A random move, a little greedy so games get somewhere; None when there is none."""
    for moves in (board.home, board.flips):
        if moves and rng.random() < 0.8:
            return "-".join(rng.choice(moves))
    if board.stock and (not board.moves or rng.random() < 0.35):
        return board.stock
    return "-".join(rng.choice(board.moves)) if board.moves else None


class Player(FastHttpUser):
    """Random moves on any deal number (not proven winnable: the worst case); an undo when
    stuck, a new game when won or at `ply_cap`."""

    abstract, variant, ply_cap, think, seed = True, "yukon", 200, 2.0, None
    app, floor, label = "bench.wsgi:site()", False, ""
    addresses = itertools.count(1)  # each player its own, to a site behind PROXY_HOPS=1
    tally: Counter = Counter()  # what the players did

    def wait_time(self) -> float:
        return self.rng.uniform(0.5, 1.5) * self.think

    def on_start(self) -> None:
        n = next(Player.addresses)
        self.rng = random.Random(None if self.seed is None else f"{self.seed}-{n}")
        self.address = getattr(self, "address", f"10.{n >> 16 & 255}.{n >> 8 & 255}.{n & 255}")
        self.open_game()
        gevent.sleep(self.rng.uniform(0.0, 1.5) * self.think)  # not all on the starting gun

    def open_game(self) -> None:
        path = self.deal_path()
        with self.client.get(path, name=self.label + "open", catch_response=True,
                             headers={"X-Forwarded-For": self.address}) as answer:  # fmt: skip
            self.page = answer.text or ""
            self.board = read_board(self.page)
            if not (self.board.action and self.board.ply is not None and self.board.csrf):
                answer.failure(f"no game board in {path}")
                raise StopUser  # the failure is counted
        self.csrf = self.board.csrf  # the page's; the partials after a move have none

    def deal_path(self) -> str:
        query = KLONDIKE_QUERY if self.variant == "klondike" else ""
        return f"/{self.variant}/{self.deal_number()}/{query}"

    def deal_number(self) -> int:
        return self.rng.randint(1, 2**31 - 1)

    def post(self, path: str, form: dict, name: str):
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                   "HX-Target": "board", "X-CSRFToken": self.csrf,
                   "X-Forwarded-For": self.address}  # fmt: skip
        return self.client.post(path, data=urllib.parse.urlencode(form).encode(), name=name,
                                catch_response=True, headers=headers)  # fmt: skip

    @task
    def step(self) -> None:
        self.move()

    def move(self) -> None:
        if self.board.won or self.board.ply >= self.ply_cap:
            self.tally["won" if self.board.won else "given up at the cap"] += 1
            return self.open_game()
        move = choose(self.board, self.rng)
        self.act({"action": "undo"} if move is None else {"action": "move", "move": move})

    def act(self, form: dict) -> None:
        """POSTs an action on the board last sent; a refusal (the board's alert line) is a
        failure, and the player starts a new game. A dead-end banner is an answer."""
        form = {**form, "ply": self.board.ply}
        with self.post(self.board.action, form, f"{self.label}{self.variant} {form['action']}"
                       ) as answer:  # fmt: skip
            text = answer.text or ""
            if answer.status_code == 429 and self.label:  # the abuser's refusals: expected
                return answer.success()
            after = read_board(text)
            if answer.status_code != 200 or after.ply is None or 'class="alert"' in text:
                answer.failure(f"{form} on {self.board.action}: HTTP {answer.status_code}")
                return self.open_game()
        self.tally[form["action"]] += 1
        self.board = after
        self.acted(form)

    def acted(self, form: dict) -> None:
        """What a player that follows its game does after each action answered."""


class Strayer(Player):
    """Plays deals of the winnable pool and knows each one's stored line (the load test reads
    them into `pool`): it plays the line's next move, or in `stray` of its moves a random one.
    Off the line it undoes half the time (back toward the line; a jump to its last step on
    the line where an undo would take back a jump) and plays on at random otherwise; on the
    dead-end banner it jumps back to the last winnable move (undoes while that is looked for;
    a new game on a deal lost from the start). It never asks for a hint."""

    abstract, stray, slack = True, 0.1, 100
    pool: dict[str, list[tuple[int, tuple[str, ...]]]] = {}  # variant → [(number, line)]

    def open_game(self) -> None:
        """A deal it has not played in this run; its game left unfinished there is resigned."""
        if not getattr(self, "unplayed", None):
            self.unplayed = self.rng.sample(self.pool[self.variant], len(self.pool[self.variant]))
        self.number, self.line = self.unplayed.pop()
        self.ply_cap = len(self.line) + self.slack
        self.along, self.by_jump = [0], [False]  # per step: moves of the line to it, or None
        super().open_game()
        if self.board.ply:
            with self.post(self.board.action, {"action": "resign", "ply": self.board.ply},
                           f"{self.variant} resign"):  # fmt: skip
                pass
            super().open_game()

    def deal_path(self) -> str:
        return (
            f"/{self.variant}/{self.number}/{KLONDIKE_QUERY if self.variant == 'klondike' else ''}"
        )

    def move(self) -> None:
        board, at = self.board, self.along[-1]
        if board.won or board.ply >= self.ply_cap or len(self.along) != board.ply + 1:
            self.tally["won" if board.won else "new game"] += 1
            return self.open_game()
        if board.lost and board.jump is not None:
            return self.act({"action": "jump", "step": board.jump})
        if board.lost:
            if board.searching and board.ply:
                return self.act({"action": "undo"})
            return self.open_game()
        if at is not None and at < len(self.line) and self.rng.random() >= self.stray:
            return self.act({"action": "move", "move": self.line[at]})
        if at is None and self.rng.random() < 0.5:  # back toward the line
            if self.by_jump[-1]:  # an undo would go back to the lost position it jumped from
                last = max(i for i, a in enumerate(self.along) if a is not None)
                return self.act({"action": "jump", "step": last})
            return self.act({"action": "undo"})
        move = choose(board, self.rng)
        self.act({"action": "undo"} if move is None else {"action": "move", "move": move})

    def acted(self, form: dict) -> None:
        if form["action"] == "undo":
            del self.along[-1], self.by_jump[-1]
        elif form["action"] == "jump":
            self.along.append(self.along[int(form["step"])])
            self.by_jump.append(True)
        else:
            at = self.along[-1]
            on = at is not None and at < len(self.line) and self.line[at] == form["move"]
            self.along.append(at + 1 if on else None)
            self.by_jump.append(False)


class Floor(Player):
    """The save floor: a game of a random deal started by one real move, then each move's POST
    to /bench/floor/<slug>/ (bench/wsgi.py): the least a stored move costs."""

    abstract, floor = True, True

    def move(self) -> None:
        if not self.board.action.startswith("/game/"):  # the game starts with a real move
            return Player.move(self)
        form = {
            "action": "move",
            "move": choose(self.board, self.rng) or "d",
            "ply": self.board.ply,
        }
        with self.post(self.board.action.replace("/game/", "/bench/floor/"), form, "floor"):
            pass


class Hello(Player):
    """A GET of /hello/ in place of each move: Django's smallest view (`app` bare: none)."""

    abstract, floor = True, True

    def open_game(self) -> None:
        self.board = None

    def move(self) -> None:
        self.client.get("/hello/", name="hello", headers={"X-Forwarded-For": self.address})


class Abuser(Player):
    """One client (one address, one player cookie) on `fixed_count` connections that never
    pause: deal pages, moves and hints. What the limits refuse (429) is not a failure."""

    abstract, think, label, address = True, 0.0, "abuse ", "198.51.100.66"
    player = None
    tasks = {Player.step: 6}

    def on_start(self) -> None:
        super().on_start()
        jar = self.client.cookiejar
        Abuser.player = Abuser.player or next(c for c in jar if c.name == "player")
        jar.set_cookie(Abuser.player)

    @task(2)
    def look(self) -> None:
        path = f"/yukon/{self.rng.randint(1, 2**31 - 1)}/"
        self.client.get(path, name="abuse look", headers={"X-Forwarded-For": self.address})

    @task(1)
    def hint(self) -> None:
        with self.post(self.board.action, {"action": "hint", "ply": self.board.ply},
                       "abuse hint") as answer:  # fmt: skip
            if answer.status_code == 429:
                answer.success()


class Racer(Strayer):
    """A strayer in races of `size` (races/): the first of each group makes the race, the
    rest join by its link, the maker starts it once all are in, and each plays the dealt deal
    by its stored line. Each follows its race's live stream (/live/race-<secret>/ on uvicorn)
    and notes, for every opponent's move shown there, the time since that move was sent.
    Groups form per variant: --load a multiple of 2 x size keeps every racer in a full race."""

    abstract, size, live_url = True, 4, ""
    forming: dict = {}  # variant → the race being formed
    sent: dict = {}  # (race, name) → when that racer last sent an action
    latencies: list = []  # s, from an action sent to its opponents' streams
    racing = 0  # racers who have had their first race's game open (the load test waits)
    names = itertools.count(1)

    def open_game(self) -> None:
        race = self.forming.get(self.variant)
        if race is None or race["seats"] == self.size:
            race = self.forming[self.variant] = {"seats": 0, "in": 0, "path": "",
                                                 "made": Event(), "full": Event()}  # fmt: skip
        race["seats"] += 1
        host, self.name = race["seats"] == 1, f"r{next(self.names)}"
        if host:
            mode = "klondike-1" if self.variant == "klondike" else self.variant
            made = self.form("/races/", {"mode": mode, "minutes": 10, "name": self.name}, "make")
            race["path"] = made.headers["Location"]
            race["made"].set()
        race["made"].wait()
        self.race = race["path"]
        if not host:
            self.form(self.race, {"name": self.name}, "join")
        race["in"] += 1
        if race["in"] == self.size:
            race["full"].set()
        race["full"].wait()
        if host:
            self.form(self.race, {}, "start")
        self.game = ""
        while not self.game:  # the countdown, polled as the race page polls it
            answer = self.client.get(self.race + "?was=countdown", name="race wait",
                                     headers={"HX-Request": "true"})  # fmt: skip
            self.game = answer.headers.get("HX-Redirect", "")
            gevent.sleep(0 if self.game else 1)
        Player.open_game(self)
        self.number = int(re.search(r'data-testid="game-number">.*? #(\d+)', self.page)[1])
        self.line = dict(self.pool[self.variant])[self.number]
        self.ply_cap, self.along, self.by_jump = len(self.line) + self.slack, [0], [False]
        if getattr(self, "reader", None):
            self.reader.kill()
        self.reader = gevent.spawn(self.follow, self.race)
        if not getattr(self, "raced", False):
            self.raced = True
            Racer.racing += 1

    def form(self, page: str, fields: dict, what: str):
        """POST the page's form (`what`: its last path part, "make" for /races/ itself) with
        the page's CSRF token; the answer unfollowed."""
        token = CSRF_RE.search(self.client.get(page, name="race page").text or "")[1]
        path = page if what == "make" else f"{page}{what}/"
        headers = {"Content-Type": "application/x-www-form-urlencoded", "X-CSRFToken": token,
                   "X-Forwarded-For": self.address}  # fmt: skip
        body = urllib.parse.urlencode(fields).encode()
        return self.client.post(path, data=body, name=f"race {what}", headers=headers,
                                allow_redirects=False)  # fmt: skip

    def deal_path(self) -> str:
        return self.game

    def act(self, form: dict) -> None:
        Racer.sent[(self.race, self.name)] = time.monotonic()
        super().act(form)

    def follow(self, race: str) -> None:
        """Read the race's stream; each opponent whose move count changed was just shown."""
        url = urllib.parse.urlparse(self.live_url)
        stream = http.client.HTTPConnection(url.hostname, url.port, timeout=None)
        stream.request("GET", f"/live/race-{race.strip('/').split('/')[-1]}/")
        answer, seen = stream.getresponse(), {}
        while line := answer.readline():
            for name, moves in MOVES_RE.findall(line.decode()):
                if name != self.name and seen.get(name, moves) != moves:
                    self.latencies.append(time.monotonic() - self.sent[(race, name)])
                seen[name] = moves

    def on_stop(self) -> None:
        if getattr(self, "reader", None):
            self.reader.kill()


def kind(base: type, *variants: str, **attrs) -> list[type]:
    return [type(f"{v.title()}{base.__name__}", (base,), {"abstract": False, "variant": v,
                                                           **attrs}) for v in variants]  # fmt: skip


KINDS = {
    "random": kind(Player, "yukon", "klondike"),
    "strayer": kind(Strayer, "yukon", "klondike"),
    "floor": kind(Floor, "yukon", "klondike"),
    "hello": kind(Hello, "any"),
    "bare": kind(Hello, "any", app="bench.wsgi:bare"),
    "racer": kind(Racer, "yukon", "klondike"),
}
