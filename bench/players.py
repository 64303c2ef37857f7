"""The load test's players (locust users): each opens a deal and POSTs actions as htmx does,
chosen from the board last sent. KINDS: each kind's classes, one a game; `app`, what gunicorn
serves (bench/wsgi.py); a `floor` is counted once every player has made its first real move."""

import html
import http.client
import itertools
import random
import re
import time
import urllib.parse
from dataclasses import dataclass, field

import gevent
from gevent.event import Event
from locust import FastHttpUser, task
from locust.exception import StopUser

PILE_RE = re.compile(r'data-pile="([a-z0-9]+)"')
CARD_RE = re.compile(r'data-card="([0-9A-Z]{2})" data-targets="([^"]*)"')
PLY_RE = re.compile(r'id="board"[^>]*data-ply="(\d+)"|value="(\d+)" id="board-ply"')
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
    piles: dict[str, str] = field(default_factory=dict)  # pile → its markup


def read_board(text: str, before: Board | None = None) -> Board:
    """The board a page or a move's answer shows; an answer of changes (the piles that changed,
    the ply, status and verdict, as the table's script asks for) is laid over `before`."""
    action, ply, csrf, jump = (r.search(text) for r in (ACTION_RE, PLY_RE, CSRF_RE, JUMP_RE))
    lost, whole = 'data-testid="dead-end"' in text, before is None or 'id="board"' in text
    board = Board(html.unescape(action[1]) if action else before and before.action,
                  ply and int(ply[1] or ply[2]), csrf and csrf[1], lost=lost,
                  won='data-testid="result"' in text, jump=jump and int(jump[1]),
                  searching=lost and "Looking for your last winnable move" in text)  # fmt: skip
    starts = [(m.start(), m[1]) for m in PILE_RE.finditer(text)] + [(len(text), "")]
    board.piles = {} if whole else dict(before.piles)
    board.piles.update((p, text[a:b]) for (a, p), (b, _) in zip(starts, starts[1:], strict=False))
    for pile, chunk in board.piles.items():
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
    """Random moves on any deal (the worst case); a new game when won or at `ply_cap`."""

    abstract, variant, ply_cap, think, seed = True, "yukon", 200, 2.0, None
    app, floor, label = "bench.wsgi:site()", False, ""
    addresses = itertools.count(1)  # each player its own, to a site behind PROXY_HOPS=1

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
        query = "?draw=1&scoring=standard" if self.variant == "klondike" else ""
        return f"/{self.variant}/{self.deal_number()}/{query}"

    def deal_number(self) -> int:
        return self.rng.randint(1, 2**31 - 1)

    def post(self, path: str, form: dict, name: str):
        headers = {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                   "HX-Target": "board", "X-Board": "changes", "X-CSRFToken": self.csrf,
                   "X-Forwarded-For": self.address}  # fmt: skip
        return self.client.post(path, data=urllib.parse.urlencode(form).encode(), name=name,
                                catch_response=True, headers=headers)  # fmt: skip

    @task
    def step(self) -> None:
        self.move()

    def move(self) -> None:
        if self.board.won or self.board.ply >= self.ply_cap:
            return self.open_game()
        self.play_random()

    def play_random(self) -> None:  # an undo where there is no move
        move = choose(self.board, self.rng)
        self.act({"action": "undo"} if move is None else {"action": "move", "move": move})

    def act(self, form: dict) -> None:
        """POSTs an action on the board last sent; a refusal (an alert) fails, then a new game."""
        form = {**form, "ply": self.board.ply}
        with self.post(self.board.action, form, f"{self.label}{self.variant} {form['action']}"
                       ) as answer:  # fmt: skip
            text = answer.text or ""
            if answer.status_code == 429 and self.label:  # the abuser's refusals: expected
                return answer.success()
            after = read_board(text, self.board)
            if answer.status_code != 200 or after.ply is None or 'class="alert"' in text:
                answer.failure(f"{form} on {self.board.action}: HTTP {answer.status_code}")
                return self.open_game()
        self.board = after
        self.acted(form)

    def acted(self, form: dict) -> None:  # a player that follows its line notes the action
        pass


class Strayer(Player):
    """Plays the pool's deals by their stored lines, a random move in `stray` of them; off the
    line it goes back half the time (undo, or jump where an undo would take back a jump); on a
    dead end it jumps back to the last winnable move (undoes while that is looked for)."""

    abstract, stray, slack = True, 0.1, 100
    pool: dict[str, list[tuple[int, tuple[str, ...]]]] = {}  # variant → [(number, line)]

    def open_game(self) -> None:
        """A deal it has not played in this run; its game left unfinished there is resigned."""
        if not getattr(self, "unplayed", None):
            self.unplayed = self.rng.sample(self.pool[self.variant], len(self.pool[self.variant]))
        self.take_line(*self.unplayed.pop())
        super().open_game()
        if self.board.ply:
            with self.post(self.board.action, {"action": "resign", "ply": self.board.ply},
                           f"{self.variant} resign"):  # fmt: skip
                pass
            super().open_game()

    def take_line(self, number: int, line: tuple[str, ...]) -> None:
        self.number, self.line, self.ply_cap = number, line, len(line) + self.slack
        self.along, self.by_jump = [0], [False]  # per step: moves of the line to it, or None

    def deal_number(self) -> int:
        return self.number

    def move(self) -> None:
        board, at = self.board, self.along[-1]
        if board.won or board.ply >= self.ply_cap or len(self.along) != board.ply + 1:
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
        self.play_random()

    def acted(self, form: dict) -> None:
        if form["action"] == "undo":
            return self.along.pop(), self.by_jump.pop()
        at, jump = self.along[-1], form["action"] == "jump"
        on = not jump and at is not None and at < len(self.line) and self.line[at] == form["move"]
        self.along.append(self.along[int(form["step"])] if jump else at + 1 if on else None)
        self.by_jump.append(jump)


class Floor(Player):
    """The save floor: one real move, then each move POSTed to /bench/floor/ (bench/wsgi.py)."""

    abstract, floor = True, True

    def move(self) -> None:
        if not self.board.action.startswith("/game/"):  # the game starts with a real move
            return Player.move(self)
        move, ply = choose(self.board, self.rng) or "d", self.board.ply
        form = {"action": "move", "move": move, "ply": ply}
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
    """One client (one address and cookie) on `fixed_count` connections that never pause: deal
    pages, moves and hints. What the limits refuse (429) is not a failure."""

    abstract, think, label, address, player = True, 0.0, "abuse ", "198.51.100.66", None
    tasks = {Player.step: 6}

    def on_start(self) -> None:
        super().on_start()
        jar = self.client.cookiejar
        Abuser.player = Abuser.player or next(c for c in jar if c.name == "player")
        jar.set_cookie(Abuser.player)

    @task(2)
    def look(self) -> None:
        self.client.get(f"/yukon/{self.deal_number()}/", name="abuse look",
                        headers={"X-Forwarded-For": self.address})  # fmt: skip

    @task(1)
    def hint(self) -> None:
        with self.post(self.board.action, {"action": "hint", "ply": self.board.ply},
                       "abuse hint") as answer:  # fmt: skip
            if answer.status_code == 429:
                answer.success()


class Racer(Strayer):
    """A strayer in races of `size` (--load a multiple of 2 x size fills them), timing each
    opponent's move from sent to shown on the race's live stream."""

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
        race["full"].set() if race["in"] == self.size else None
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
        number = int(re.search(r'data-testid="game-number">.*? #(\d+)', self.page)[1])
        self.take_line(number, dict(self.pool[self.variant])[number])
        self.on_stop()  # the last race's stream
        self.reader = gevent.spawn(self.follow, self.race)
        Racer.racing += not getattr(self, "raced", False)
        self.raced = True

    def form(self, page: str, fields: dict, what: str):
        """POST the page's form (`what`: its path's last part, "make": /races/ itself)."""
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
        stream = http.client.HTTPConnection(self.live_url.removeprefix("http://"), timeout=None)
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
