#!/usr/bin/env python
"""The move endpoint under gunicorn (gthread) + PostgreSQL, side by side with a hello-world
view on the same stack, in one run (DESIGN.md §6). Prints figures; it is not a test.

    .venv/bin/python bench/move_endpoint.py [--seconds 20] [--threads 8] [--players 16,64]

What it does, in order, and all of it stops by itself:
1. makes sure the PostgreSQL database of DATABASE_URL exists (default
   postgres://postgres@127.0.0.1:5432/yukon_bench), migrates it, and collects the static
   files into a temporary folder (DEBUG=0 serves them through whitenoise's manifest);
2. starts gunicorn on 127.0.0.1 (2 gthread workers x N threads, DEBUG=0, throwaway
   SECRET_KEY and DEAL_KEY, HTTPS=0, persistent connections as docker-compose.yml's
   CONN_MAX_AGE=60 but kept for the whole run, so that no PostgreSQL backend, and its CPU
   time, goes away in the middle of a phase) serving
   bench.hello.settings: the real site plus `/hello/`;
3. opens games for every virtual player (GET /yukon/<n>/ or /klondike/<n>/?draw=1: the
   player cookie, the game, the CSRF token), untimed;
4. runs the timed phases, each bounded in time and in requests: hello, Yukon moves,
   Klondike (draw 1) moves and the save floor (the same POST to the bench's
   `/bench/floor/<id>/`, which validates it, reads the game and writes it back unchanged
   with the move's conditional UPDATE: what any saved move costs before rules, dead-end
   check and board), at each concurrency. A virtual player is one thread with one
   keep-alive connection; a move is a POST to /game/<id>/ with `HX-Request: true` and the
   current ply, chosen from the `data-card`/`data-targets` of the board it was last sent
   (Klondike also turns the stock, `d`, and the waste back over, `r`). Stuck: undo. A game
   that is won or reaches --ply-cap: the player goes on with its next game;
5. reads each gunicorn worker's CPU time (utime + stime from /proc/<pid>/stat) before and
   after each phase, and the same for the PostgreSQL backends serving the bench database
   (pids from pg_stat_activity), and divides by the requests served. The load generator is
   this process, so its CPU is not in the server's figure (it is printed on its own);
6. with --think (default 1 s), runs each variant once more at the top concurrency with
   players pausing between moves, as people do (each arriving at a random moment of the first
   pause): the latency of a busy but not saturated site;
7. prints the table, the ratios and the targets, and stops gunicorn (also on error).
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import random
import re
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_bench"
SETTINGS = "bench.hello.settings"
CLK_TCK = os.sysconf("SC_CLK_TCK")
HOST = "127.0.0.1"
CONN_MAX_AGE = 3600  # seconds: longer than any run
CORES = os.cpu_count() or 1

TARGET_RATIO = 3.0
TARGET_P99_MS = 100.0
TARGET_PARTIAL = 12 * 1024

KLONDIKE_QUERY = "?draw=1&scoring=standard"
PILE_RE = re.compile(r'data-pile="([a-z0-9]+)"')
CARD_RE = re.compile(r'data-card="([0-9A-Z]{2})" data-targets="([^"]*)"')
PLY_RE = re.compile(r'id="board"[^>]*data-ply="(\d+)"')
ACTION_RE = re.compile(r'id="board"[^>]*data-action="(/game/\d+/)"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class BenchError(Exception):
    """Something the bench cannot go on without."""


# -- processes and CPU ---------------------------------------------------------------------------


def cpu_ticks(pid: int) -> int | None:
    """utime + stime of a process (all its threads), in clock ticks; None if it is gone."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            text = f.read().decode()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()
    return int(fields[11]) + int(fields[12])


def children(pid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", "rb") as f:
                text = f.read().decode()
        except OSError:
            continue
        if int(text[text.rindex(")") + 2 :].split()[1]) == pid:
            found.append(int(entry))
    return sorted(found)


def machine_ticks() -> tuple[int, int]:
    """(busy, total) clock ticks of the whole machine since boot, from /proc/stat."""
    with open("/proc/stat") as f:
        values = [int(v) for v in f.readline().split()[1:]]
    idle = values[3] + values[4]  # idle + iowait
    return sum(values[:8]) - idle, sum(values[:8])


class PgBackends:
    """CPU of the PostgreSQL backends connected to the bench database (not this monitor's)."""

    def __init__(self, url: str) -> None:
        import psycopg

        self.dbname = urllib.parse.urlparse(url).path.lstrip("/")
        self.conn = psycopg.connect(pg_conninfo(url), autocommit=True)

    def pids(self) -> list[int]:
        rows = self.conn.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()",
            [self.dbname],
        ).fetchall()
        return [row[0] for row in rows]

    def snapshot(self) -> dict[int, int]:
        return {pid: ticks for pid in self.pids() if (ticks := cpu_ticks(pid)) is not None}

    def close(self) -> None:
        self.conn.close()


def spent(before: dict[int, int], after: dict[int, int]) -> float:
    """CPU seconds between two snapshots; a pid that appeared in between counts from zero."""
    return sum(ticks - before.get(pid, 0) for pid, ticks in after.items()) / CLK_TCK


# -- database and server -------------------------------------------------------------------------


def pg_conninfo(url: str, dbname: str | None = None) -> str:
    parts = urllib.parse.urlparse(url)
    info = {
        "host": parts.hostname or "127.0.0.1",
        "port": str(parts.port or 5432),
        "user": urllib.parse.unquote(parts.username or "postgres"),
        "dbname": dbname or parts.path.lstrip("/"),
    }
    if parts.password:
        info["password"] = urllib.parse.unquote(parts.password)
    return " ".join(f"{k}={v}" for k, v in info.items())


def ensure_database(url: str, fresh: bool) -> None:
    import psycopg
    from psycopg import sql

    if urllib.parse.urlparse(url).scheme not in ("postgres", "postgresql", "pgsql"):
        raise BenchError(f"DATABASE_URL must be PostgreSQL for this bench, not {url!r}")
    name = urllib.parse.urlparse(url).path.lstrip("/")
    with psycopg.connect(pg_conninfo(url, "postgres"), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and fresh:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
            exists = None
        if not exists:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            print(f"created database {name}")


def site_env(url: str, static_root: str) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        DJANGO_SETTINGS_MODULE=SETTINGS,
        DATABASE_URL=url,
        DEBUG="0",
        SECRET_KEY="bench-" + secrets.token_urlsafe(32),
        DEAL_KEY="bench-" + secrets.token_urlsafe(16),
        HTTPS="0",
        ALLOWED_HOSTS=HOST,
        CONN_MAX_AGE=str(CONN_MAX_AGE),
        BENCH_STATIC_ROOT=static_root,
        PYTHONPATH=str(ROOT) + os.pathsep + env.get("PYTHONPATH", ""),
    )
    return env


def manage(env: dict[str, str], *args: str) -> None:
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
        text=True, timeout=300,
    )  # fmt: skip
    if done.returncode:
        raise BenchError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


class Server:
    """gunicorn in its own process group, stopped by stop() whatever happened."""

    def __init__(self, env: dict[str, str], threads: int, workers: int, log: Path) -> None:
        self.port = free_port()
        self.log = log
        command = [
            sys.executable, "-m", "gunicorn", "yukon_site.wsgi:application",
            "--bind", f"{HOST}:{self.port}", "--worker-class", "gthread",
            "--workers", str(workers), "--threads", str(threads), "--chdir", str(ROOT),
            "--log-level", "warning", "--error-logfile", "-",
        ]  # fmt: skip
        self.logfile = open(log, "wb")  # closed in stop()
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self.logfile, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def wait_ready(self, seconds: float = 30.0) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise BenchError(f"gunicorn exited:\n{self.log.read_text()[-3000:]}")
            try:
                conn = http.client.HTTPConnection(HOST, self.port, timeout=5)
                conn.request("GET", "/hello/")
                if conn.getresponse().status == 200:
                    conn.close()
                    return
            except OSError:
                pass
            time.sleep(0.2)
        raise BenchError(f"gunicorn did not answer in {seconds:.0f} s")

    def workers(self) -> list[int]:
        return children(self.proc.pid)

    def stop(self) -> None:
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGTERM)
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=5)
            except ProcessLookupError:
                pass
        self.logfile.close()


# -- virtual players -----------------------------------------------------------------------------


@dataclass
class Game:
    variant: str
    action: str  # /game/<id>/
    ply: int
    html: str


@dataclass
class Sample:
    kind: str  # hello, move, undo, open
    status: int
    seconds: float
    size: int


@dataclass
class Board:
    """What a player needs from a board: the legal card moves and the stock's button."""

    moves: list[tuple[str, str]] = field(default_factory=list)  # (card, target)
    home: list[tuple[str, str]] = field(default_factory=list)  # to a foundation
    flips: list[tuple[str, str]] = field(default_factory=list)  # uncover a face-down card
    back: list[tuple[str, str]] = field(default_factory=list)  # off a foundation
    stock: str | None = None  # "d" or "r" when the stock button does something
    won: bool = False


def read_board(html: str) -> Board:
    board = Board(won='data-testid="result"' in html)
    starts = [(m.start(), m[1]) for m in PILE_RE.finditer(html)]
    for i, (start, pile) in enumerate(starts):
        chunk = html[start : starts[i + 1][0] if i + 1 < len(starts) else len(html)]
        cards = CARD_RE.findall(chunk)
        down = chunk.count('class="card down"') if pile.startswith("t") else 0
        for k, (card, targets) in enumerate(cards):
            for target in targets.split():
                move = (card, target)
                board.moves.append(move)
                if pile.startswith("f"):
                    board.back.append(move)
                elif target.startswith("f"):
                    board.home.append(move)
                elif k == 0 and down:
                    board.flips.append(move)
        if pile == "stock":
            if 'value="d"' in chunk:
                board.stock = "d"
            elif 'value="r"' in chunk:
                board.stock = "r"
        if pile == "waste" and not cards and board.stock == "r":
            board.stock = None  # nothing to turn back over
    return board


def choose(board: Board, rng: random.Random) -> str | None:
    """A move as text, a little greedy so games get somewhere; None when there is none."""
    if board.home and rng.random() < 0.8:
        card, target = rng.choice(board.home)
    elif board.flips and rng.random() < 0.8:
        card, target = rng.choice(board.flips)
    else:
        forward = [m for m in board.moves if m not in board.back] or board.moves
        if board.stock and (not forward or rng.random() < 0.35):
            return board.stock
        if not forward:
            return None
        card, target = rng.choice(forward)
    return f"{card}-{target}"


class Player:
    """One virtual player: a cookie jar, one keep-alive connection, its games."""

    def __init__(self, port: int, seed: int, ply_cap: int) -> None:
        self.port = port
        self.rng = random.Random(seed)
        self.ply_cap = ply_cap
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}
        self.csrf = ""
        self.games: dict[str, list[Game]] = {"yukon": [], "klondike": []}
        self.samples: list[Sample] = []
        self.errors: list[str] = []
        self.partials: dict[str, list[int]] = {"yukon": [], "klondike": []}
        self.largest: dict[str, bytes] = {"yukon": b"", "klondike": b""}

    def _send(self, method: str, path: str, body: str | None, headers: dict[str, str]):
        for attempt in (1, 2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
            try:
                self.conn.request(method, path, body=body, headers=headers)
                response = self.conn.getresponse()
                data = response.read()
                break
            except (http.client.HTTPException, ConnectionError, OSError):
                # Keep-alive closed by the server: once more on a new connection (a repeated
                # move carries the same ply, so the server would not apply it twice).
                self.conn.close()
                self.conn = None
                if attempt == 2:
                    raise
        for header in response.msg.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        if response.getheader("Connection", "").lower() == "close":
            self.conn.close()
            self.conn = None
        return response.status, data

    def request(self, kind: str, method: str, path: str, form: dict | None = None) -> bytes:
        headers = {"Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items())}
        body = None
        if form is not None:
            body = urllib.parse.urlencode(form)
            headers.update({
                "Content-Type": "application/x-www-form-urlencoded",
                "HX-Request": "true", "HX-Target": "board", "X-CSRFToken": self.csrf,
            })  # fmt: skip
        start = time.perf_counter()
        try:
            status, data = self._send(method, path, body, headers)
        except Exception as error:  # counted and reported, never hidden
            self.errors.append(f"{kind} {path}: {error!r}")
            self.samples.append(Sample(kind, 0, time.perf_counter() - start, 0))
            return b""
        self.samples.append(Sample(kind, status, time.perf_counter() - start, len(data)))
        if status != 200:
            self.errors.append(f"{kind} {path}: HTTP {status} {data[:200]!r}")
        return data

    def hello(self) -> None:
        self.request("hello", "GET", "/hello/")

    def floor(self) -> None:
        """The move's POST, with the same form, to the bench's save-only view: the floor."""
        games = self.games["yukon"]
        if not games:
            games.append(self.open_game("yukon", "open"))
        game = games[0]
        move = choose(read_board(game.html), self.rng) or "d"
        game_id = game.action.strip("/").split("/")[-1]
        form = {"action": "move", "move": move, "ply": game.ply}
        self.request("floor", "POST", f"/bench/floor/{game_id}/", form)

    def open_game(self, variant: str, kind: str = "open") -> Game:
        number = self.rng.randint(1, 2**31 - 1)
        query = KLONDIKE_QUERY if variant == "klondike" else ""
        html = self.request(kind, "GET", f"/{variant}/{number}/{query}").decode()
        action, ply, csrf = ACTION_RE.search(html), PLY_RE.search(html), CSRF_RE.search(html)
        if not (action and ply and csrf):
            raise BenchError(f"no game board in the page for {variant} #{number}")
        self.csrf = csrf[1]
        return Game(variant, action[1], int(ply[1]), html)

    def play(self, variant: str) -> None:
        """One POST on the player's current game of this variant."""
        games = self.games[variant]
        if not games:
            games.append(self.open_game(variant, "open"))
            return
        game = games[0]
        board = read_board(game.html)
        if board.won or game.ply >= self.ply_cap:
            games.pop(0)
            self.play(variant)
            return
        move = choose(board, self.rng)
        if move is None:
            form, kind = {"action": "undo", "ply": game.ply}, "undo"
        else:
            form, kind = {"action": "move", "move": move, "ply": game.ply}, "move"
        body = self.request(kind, "POST", game.action, form)
        html = body.decode()
        ply = PLY_RE.search(html)
        if ply is None:  # an error page: start this game's board over from the full page
            games.pop(0)
            return
        if 'role="alert"' in html:
            self.errors.append(f"{kind} {move} refused on {game.action} ply {game.ply}")
        game.ply, game.html = int(ply[1]), html
        self.partials[variant].append(len(body))
        if len(body) > len(self.largest[variant]):
            self.largest[variant] = body


# -- phases --------------------------------------------------------------------------------------


@dataclass
class PhaseResult:
    name: str
    players: int
    seconds: float
    samples: list[Sample]
    errors: list[str]
    server_cpu: float  # gunicorn workers, CPU seconds
    pg_cpu: float
    client_cpu: float
    machine_busy: float  # share of all cores busy during the phase, 0..1
    pg_gone: int = 0  # backends that exited during the phase: their CPU is not counted

    @property
    def requests(self) -> int:
        return len(self.samples)

    def latency_ms(self, q: float) -> float:
        times = sorted(s.seconds for s in self.samples)
        return 1000 * times[min(len(times) - 1, int(q * len(times)))] if times else 0.0

    @property
    def others_busy(self) -> float:
        """Share of the machine's cores busy with anything but this bench, 0..1."""
        ours = (self.server_cpu + self.pg_cpu + self.client_cpu) / (self.seconds * CORES)
        return max(0.0, self.machine_busy - ours)

    def per_request_ms(self, cpu: float) -> float:
        return 1000 * cpu / self.requests if self.requests else 0.0


def run_phase(name, players, action, seconds, max_requests, server, pg) -> PhaseResult:
    """Every player runs `action` in a loop until the time or the request budget is spent."""
    stop = threading.Event()
    budget = iter(range(max_requests))
    lock = threading.Lock()
    barrier = threading.Barrier(len(players) + 1)
    marks = [len(p.samples) for p in players], [len(p.errors) for p in players]

    def loop(player: Player) -> None:
        barrier.wait()
        while not stop.is_set():
            with lock:
                if next(budget, None) is None:
                    return
            try:
                action(player)
            except Exception as error:  # counted and reported
                player.errors.append(f"{name}: {error!r}")

    threads = [threading.Thread(target=loop, args=(p,), daemon=True) for p in players]
    for thread in threads:
        thread.start()
    workers = server.workers()
    cpu0 = {pid: cpu_ticks(pid) or 0 for pid in workers}
    pg0 = pg.snapshot()
    own0 = os.times()
    busy0, total0 = machine_ticks()
    barrier.wait()
    start = time.perf_counter()
    deadline = start + seconds
    for thread in threads:
        thread.join(max(0.0, deadline - time.perf_counter()))
    stop.set()
    for thread in threads:
        thread.join(60)
    elapsed = time.perf_counter() - start
    own1 = os.times()
    busy1, total1 = machine_ticks()
    cpu1 = {pid: cpu_ticks(pid) or 0 for pid in workers}
    pg1 = pg.snapshot()
    if server.workers() != workers:
        raise BenchError("a gunicorn worker was replaced during the phase")
    samples = [s for p, mark in zip(players, marks[0], strict=True) for s in p.samples[mark:]]
    errors = [e for p, mark in zip(players, marks[1], strict=True) for e in p.errors[mark:]]
    return PhaseResult(
        name, len(players), elapsed, samples, errors,
        server_cpu=spent(cpu0, cpu1), pg_cpu=spent(pg0, pg1),
        client_cpu=(own1.user + own1.system) - (own0.user + own0.system),
        machine_busy=(busy1 - busy0) / max(1, total1 - total0),
        pg_gone=len(set(pg0) - set(pg1)),
    )  # fmt: skip


def setup_players(port: int, count: int, games_each: int, ply_cap: int, seed: int):
    """Players with their games already open (untimed), opened 16 at a time."""
    players = [Player(port, seed * 1000 + i, ply_cap) for i in range(count)]
    pages: list[int] = []

    def open_all(player: Player) -> None:
        for variant in ("yukon", "klondike"):
            for _ in range(games_each):
                game = player.open_game(variant)
                player.games[variant].append(game)
                pages.append(len(game.html.encode()))

    for i in range(0, count, 16):
        batch = [threading.Thread(target=open_all, args=(p,)) for p in players[i : i + 16]]
        for thread in batch:
            thread.start()
        for thread in batch:
            thread.join(120)
    errors = [e for p in players for e in p.errors]
    if errors:
        raise BenchError("opening games failed: " + "; ".join(errors[:3]))
    return players, pages


# -- report --------------------------------------------------------------------------------------


def report(results: list[PhaseResult], players: list[Player], pages: list[int]) -> None:
    head = (
        f"{'phase':<16}{'players':>8}{'requests':>9}{'req/s':>8}{'p50 ms':>8}{'p99 ms':>8}"
        f"{'max ms':>8}{'web CPU':>9}{'PG CPU':>8}{'client':>8}{'machine':>9}{'others':>8}"
        f"{'errors':>7}"
    )
    print()
    print("per request: web CPU = gunicorn workers, PG CPU = PostgreSQL backends, client = the")
    print("load generator (this process), all in ms of CPU per request; machine = share of both")
    print("cores busy during the phase, everything on the machine included; others = the part")
    print("of it that was neither gunicorn, PostgreSQL's bench backends nor the load generator")
    print(head)
    print("-" * len(head))
    for r in results:
        kinds = Counter(s.kind for s in r.samples)
        mix = "" if len(kinds) == 1 else "  mix " + dict(kinds).__repr__()
        print(
            f"{r.name:<16}{r.players:>8}{r.requests:>9}{r.requests / r.seconds:>8.0f}"
            f"{r.latency_ms(0.50):>8.1f}{r.latency_ms(0.99):>8.1f}{r.latency_ms(1.0):>8.1f}"
            f"{r.per_request_ms(r.server_cpu):>9.2f}{r.per_request_ms(r.pg_cpu):>8.2f}"
            f"{r.per_request_ms(r.client_cpu):>8.2f}{100 * r.machine_busy:>8.0f}%"
            f"{100 * r.others_busy:>7.0f}%{len(r.errors):>7}{mix}"
        )
    by = {(r.name, r.players): r for r in results}
    print()
    verdicts = []
    for n in sorted({r.players for r in results}):
        hello = by.get(("hello", n))
        if not hello:
            continue
        base = hello.per_request_ms(hello.server_cpu)
        base_all = hello.per_request_ms(hello.server_cpu + hello.pg_cpu)
        for variant in ("yukon", "klondike"):
            move = by.get((f"{variant} move", n))
            if not move:
                continue
            ratio = move.per_request_ms(move.server_cpu) / base
            ratio_all = move.per_request_ms(move.server_cpu + move.pg_cpu) / base_all
            verdicts.append(ratio <= TARGET_RATIO)
            print(
                f"CPU move/hello, {variant:<8} at {n:>2} players: {ratio:5.1f}x gunicorn only, "
                f"{ratio_all:5.1f}x with PostgreSQL  (target <= {TARGET_RATIO:.0f}x: "
                f"{'met' if ratio <= TARGET_RATIO else 'NOT met'})"
            )
        floor = by.get(("save floor", n))
        if floor:
            ratio = floor.per_request_ms(floor.server_cpu) / base
            ratio_all = floor.per_request_ms(floor.server_cpu + floor.pg_cpu) / base_all
            print(
                f"CPU floor/hello,          at {n:>2} players: {ratio:5.1f}x gunicorn only, "
                f"{ratio_all:5.1f}x with PostgreSQL  (the move's POST, one SELECT and one "
                "UPDATE: no rules, no check, no board)"
            )
    top = max((r.players for r in results), default=0)
    for name in ("yukon move", "klondike move", "yukon paced", "klondike paced"):
        move = by.get((name, top))
        if move:
            p99 = move.latency_ms(0.99)
            pace = " (pausing between moves)" if "paced" in name else " (no pauses)"
            print(
                f"p99 {name:<14} at {top} players: {p99:6.1f} ms{pace:<24}(target < "
                f"{TARGET_P99_MS:.0f} ms: {'met' if p99 < TARGET_P99_MS else 'NOT met'})"
            )
            if "paced" not in name:
                # A closed loop: each player waits for its answer, then asks again at once, so
                # the mean wait is players / throughput (Little's law), whatever the server does.
                rate = move.requests / move.seconds
                print(
                    f"    players who never pause: mean latency = {top} / {rate:.0f} req/s = "
                    f"{1000 * top / rate:.0f} ms; under {TARGET_P99_MS:.0f} ms needs more than "
                    f"{1000 * top / TARGET_P99_MS:.0f} moves/s"
                )
    for variant in ("yukon", "klondike"):
        sizes = sorted(n for p in players for n in p.partials[variant])
        if not sizes:
            continue
        biggest = max((p.largest[variant] for p in players), key=len)
        print(
            f"board partial {variant:<8}: median {int(statistics.median(sizes))} B, p95 "
            f"{sizes[int(0.95 * (len(sizes) - 1))]} B, max {sizes[-1]} B "
            f"({len(gzip.compress(biggest))} B gzipped) over {len(sizes)} responses  "
            f"(target <= {TARGET_PARTIAL} B: {'met' if sizes[-1] <= TARGET_PARTIAL else 'NOT met'})"
        )
    if pages:
        print(f"full game page (setup GETs): median {int(statistics.median(pages))} B, "
              f"max {max(pages)} B before compression")  # fmt: skip
    gone = sum(r.pg_gone for r in results)
    if gone:
        print(f"note: {gone} PostgreSQL backends exited during phases; their CPU is missing")
    errors = [e for r in results for e in r.errors]
    if errors:
        print(f"\n{len(errors)} errors, the first ones:")
        for line in errors[:5]:
            print("  " + line[:300])


# -- main ----------------------------------------------------------------------------------------


def stop_after(seconds: int) -> None:
    """The whole run ends with a BenchError after `seconds`, and SIGTERM stops it cleanly: in
    both cases the `finally` that stops gunicorn still runs. `signal.alarm(0)` disarms it."""

    def out_of_time(signum, frame):
        raise BenchError(f"the whole run took more than {seconds} s")

    def terminated(signum, frame):
        raise SystemExit(f"stopped by signal {signum}")

    signal.signal(signal.SIGALRM, out_of_time)
    signal.signal(signal.SIGTERM, terminated)
    signal.alarm(seconds)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="time per phase (max)")
    parser.add_argument("--max-requests", type=int, default=20000, help="requests per phase")
    parser.add_argument("--players", default="16,64", help="concurrencies, e.g. 16,64")
    parser.add_argument("--threads", type=int, default=8, help="gthread threads per worker")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--ply-cap", type=int, default=200, help="moves before a new game")
    parser.add_argument("--games", type=int, default=2, help="games opened per player/variant")
    parser.add_argument("--warmup", type=float, default=3.0, help="seconds of untimed warm-up")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--variants", default="yukon,klondike")
    parser.add_argument(
        "--think", type=float, default=1.0,
        help="also run each variant at the top concurrency with players pausing about this many "
        "seconds between moves (0: skip); the phases above never pause",
    )  # fmt: skip
    parser.add_argument(
        "--no-floor", dest="floor", action="store_false",
        help="skip the save-floor phases (the move's POST, one SELECT and one UPDATE, no more)",
    )  # fmt: skip
    parser.add_argument("--fresh-db", action="store_true", help="drop and recreate the database")
    parser.add_argument("--time-limit", type=int, default=900, help="whole run, seconds")
    args = parser.parse_args()
    levels = sorted(int(n) for n in args.players.split(","))
    variants = [v for v in args.variants.split(",") if v]

    stop_after(args.time_limit)

    url = os.environ.get("DATABASE_URL") or DEFAULT_DB
    ensure_database(url, args.fresh_db)
    workdir = Path(tempfile.mkdtemp(prefix="bench-move-"))
    env = site_env(url, str(workdir / "static"))
    manage(env, "migrate", "--noinput")
    manage(env, "collectstatic", "--noinput")
    server = Server(env, args.threads, args.workers, workdir / "gunicorn.log")
    pg = None
    try:
        server.wait_ready()
        pg = PgBackends(url)
        load = os.getloadavg()
        print(
            f"gunicorn gthread {args.workers} workers x {args.threads} threads on "
            f"{HOST}:{server.port}, pids {server.workers()}; DEBUG=0, CONN_MAX_AGE={CONN_MAX_AGE}; "
            f"database {urllib.parse.urlparse(url).path.lstrip('/')}; {os.cpu_count()} cores, "
            f"load average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f} at start"
        )
        print(f"phases: {args.seconds:.0f} s or {args.max_requests} requests each, "
              f"players {levels}, ply cap {args.ply_cap}")  # fmt: skip
        started = time.perf_counter()
        players, pages = setup_players(
            server.port, max(levels), args.games, args.ply_cap, args.seed
        )
        print(f"opened {len(pages)} games for {len(players)} players in "
              f"{time.perf_counter() - started:.1f} s")  # fmt: skip

        def phase(name, n, action, seconds=args.seconds):
            return run_phase(name, players[:n], action, seconds, args.max_requests, server, pg)

        for variant in variants:  # warm every thread, connection and template cache
            phase("warm-up", max(levels), lambda p, v=variant: p.play(v), args.warmup)
        phase("warm-up", max(levels), Player.hello, args.warmup)

        results = []
        for n in levels:
            results.append(phase("hello", n, Player.hello))
            print(f"  hello at {n}: {results[-1].requests} requests", flush=True)
            for variant in variants:
                results.append(phase(f"{variant} move", n, lambda p, v=variant: p.play(v)))
                print(f"  {variant} at {n}: {results[-1].requests} requests", flush=True)
            if args.floor:
                results.append(phase("save floor", n, Player.floor))
                print(f"  save floor at {n}: {results[-1].requests} requests", flush=True)
        if args.think > 0:
            for variant in variants:
                arrived: set[int] = set()

                def paced(player: Player, v: str = variant, arrived: set[int] = arrived) -> None:
                    # People do not all click at the same instant: each player's first move
                    # comes somewhere in the first pause, not on the phase's starting gun
                    # (which would time one burst of every player at once, not the site).
                    if id(player) not in arrived:
                        arrived.add(id(player))
                        time.sleep(player.rng.uniform(0.0, 1.5) * args.think)
                    player.play(v)
                    time.sleep(player.rng.uniform(0.5, 1.5) * args.think)

                results.append(phase(f"{variant} paced", max(levels), paced))
                print(f"  {variant} paced at {max(levels)}: {results[-1].requests} requests")
        report(results, players, pages)
        load = os.getloadavg()
        print(f"\nload average at the end {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}")
        return 0
    except BenchError as error:
        print(f"bench failed: {error}", file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        if pg:
            pg.close()
        server.stop()


if __name__ == "__main__":
    sys.exit(main())
