"""The site as deployed, for the operator's slow tests: gunicorn instances and db_workers (each
its own process group, so a test can SIGKILL one), optionally behind HAProxy
(tests/ops/haproxy.py), on a PostgreSQL database of the test's own; and players who speak HTTP
as the page's script does, reading the board as a player's eye does. The page-load browser
test starts its site here too.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import html
import http.client
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import django
import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1"
# A fixed deal key, so a test knows its deals (production's rules: 32 bytes or more).
DEAL_KEY = "worker-kill-test-deal-key-0123456789abcdef"


PILE_RE = re.compile(r'data-pile="([a-z0-9]+)"')
CARD_RE = re.compile(r'data-card="([0-9A-Z]{2})" data-targets="([^"]*)"')
PLY_RE = re.compile(r'id="board"[^>]*data-ply="(\d+)"')
# the deal's address until the first action starts the game, then /game/<slug>/; HTML-escaped
ACTION_RE = re.compile(r'id="board"[^>]*data-action="([^"]+)"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


@dataclass
class Board:
    """Where a board's actions go, its ply, the form token (full pages only), and its moves
    (card, target): all, those home, those that uncover a face-down card, those off a
    foundation; the stock's button ("d" or "r") when it does something."""

    action: str | None = None
    ply: int | None = None
    csrf: str | None = None
    moves: list[tuple[str, str]] = field(default_factory=list)
    home: list[tuple[str, str]] = field(default_factory=list)
    flips: list[tuple[str, str]] = field(default_factory=list)
    back: list[tuple[str, str]] = field(default_factory=list)
    stock: str | None = None


def read_board(text: str) -> Board:
    action, ply, csrf = ACTION_RE.search(text), PLY_RE.search(text), CSRF_RE.search(text)
    board = Board(action=html.unescape(action[1]) if action else None,
                  ply=int(ply[1]) if ply else None, csrf=csrf[1] if csrf else None)  # fmt: skip
    starts = [(m.start(), m[1]) for m in PILE_RE.finditer(text)] + [(len(text), "")]
    for (start, pile), (end, _) in zip(starts, starts[1:], strict=False):
        chunk = text[start:end]
        down = pile.startswith("t") and 'class="card down"' in chunk
        for k, (card, targets) in enumerate(CARD_RE.findall(chunk)):
            for move in ((card, target) for target in targets.split()):
                board.moves.append(move)
                if pile.startswith("f"):
                    board.back.append(move)
                elif move[1].startswith("f"):
                    board.home.append(move)
                elif k == 0 and down:
                    board.flips.append(move)
        if pile == "stock":
            board.stock = "d" if 'value="d"' in chunk else "r" if 'value="r"' in chunk else None
        if pile == "waste" and board.stock == "r" and not CARD_RE.search(chunk):
            board.stock = None  # nothing to turn back over
    return board


def choose(board: Board, rng: random.Random) -> str | None:
    """A move as text, a little greedy so games get somewhere; None when there is none."""
    if board.home and rng.random() < 0.8:
        return "-".join(rng.choice(board.home))
    if board.flips and rng.random() < 0.8:
        return "-".join(rng.choice(board.flips))
    forward = [m for m in board.moves if m not in board.back] or board.moves
    if board.stock and (not forward or rng.random() < 0.35):
        return board.stock
    return "-".join(rng.choice(forward)) if forward else None


def site_env(url: str, **extra: str) -> dict[str, str]:
    """Production settings (tests/ops/site_settings.py: the site's, the static files collected
    outside the tree), throwaway keys unless given."""
    return {
        **os.environ, "DJANGO_SETTINGS_MODULE": "tests.ops.site_settings", "DATABASE_URL": url,
        "DEBUG": "0", "SECRET_KEY": "test-" + secrets.token_urlsafe(32), "HTTPS": "0",
        "DEAL_KEY": "test-" + secrets.token_urlsafe(32), "ALLOWED_HOSTS": f"{HOST},testserver",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]), **extra,
    }  # fmt: skip


def prepare_database(url: str, fresh: bool = False, template: str | None = None) -> None:
    """Creates the PostgreSQL database of `url` if missing, or anew (`fresh`), as a copy of
    the database `template` names if one is given; not SQLite's."""
    parts = urllib.parse.urlparse(url)
    if parts.scheme.startswith("sqlite"):
        return
    name = parts.path.lstrip("/")
    create = sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name))
    if template:
        create += sql.SQL(" TEMPLATE {}").format(sql.Identifier(template))
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and fresh:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
        if not exists or fresh:
            conn.execute(create)


# The databases database_url made, copies of a migrated template: a Cluster on one need not
# migrate it again.
MIGRATED: set[str] = set()


def migrated_template(url: str) -> str:
    """The name of a database next to `url`'s with every migration applied, made once for
    every test of every run (migrating takes seconds of PostgreSQL's time) and again only when
    a migration or Django changes. Copying it (CREATE DATABASE ... TEMPLATE) is quicker."""
    digest = hashlib.sha256(django.__version__.encode())
    for path in sorted(ROOT.glob("*/migrations/*.py")):
        digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    parts = urllib.parse.urlparse(url)
    name = f"{parts.path.strip('/')[:30]}_migrated_{digest.hexdigest()[:12]}"
    partial = f"{name}_partial"
    with open(Path(tempfile.gettempdir()) / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one migrates, the others wait for it
        made = "SELECT 1 FROM pg_database WHERE datname = %s"
        admin = parts._replace(path="/postgres").geturl()
        with psycopg.connect(admin, autocommit=True) as conn:
            if conn.execute(made, [name]).fetchone():
                return name
        partial_url = parts._replace(path=f"/{partial}").geturl()
        prepare_database(partial_url, fresh=True)
        manage(site_env(partial_url, DEAL_KEY=DEAL_KEY), "migrate", "--noinput")
        with psycopg.connect(admin, autocommit=True) as conn:  # whole, or not there at all
            conn.execute(sql.SQL("ALTER DATABASE {} RENAME TO {}").format(
                sql.Identifier(partial), sql.Identifier(name)))  # fmt: skip
    return name


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)  # fmt: skip
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def database_url(name: str) -> str:
    """A fresh PostgreSQL database for one test, migrated: DATABASE_URL's server (the local one
    when it names none, or SQLite), its name suffixed with `name`."""
    base = os.environ.get("DATABASE_URL", "")
    if not base.startswith("postgres"):
        base = "postgres://postgres@127.0.0.1:5432/yukon"
    parts = urllib.parse.urlparse(base)
    url = parts._replace(path=f"{parts.path.rstrip('/')}_{name}").geturl()
    prepare_database(url, fresh=True, template=migrated_template(base))
    MIGRATED.add(url)
    return url


def collected_static(env: dict[str, str]) -> Path:
    """The static files as collectstatic leaves them for production (hashed and compressed),
    collected once for every test of the run (it takes a while) and again only when a static
    file or Django changes."""
    digest = hashlib.sha256(django.__version__.encode())
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + path.read_bytes())
    folder = Path(tempfile.gettempdir()) / f"yukon-static-{digest.hexdigest()[:16]}"
    with open(f"{folder}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one collector at a time, the others wait for it
        if not (folder / "staticfiles.json").exists():
            partial = Path(tempfile.mkdtemp(prefix="yukon-static-"))
            manage({**env, "TEST_STATIC_ROOT": str(partial)}, "collectstatic", "--noinput")
            shutil.rmtree(folder, ignore_errors=True)
            partial.rename(folder)
    return folder


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def query(url: str, sql: str, *args) -> list[tuple]:
    with psycopg.connect(url, autocommit=True) as conn:
        return conn.execute(sql, args).fetchall()


class Cluster:
    """Processes on one database; all of them stopped by close()."""

    def __init__(self, url: str, folder: Path, **env: str) -> None:
        self.url, self.folder = url, folder
        self.env = site_env(url, DEAL_KEY=DEAL_KEY, CONN_MAX_AGE="60", **env)
        self.env["TEST_STATIC_ROOT"] = str(collected_static(self.env))
        self.processes: dict[str, subprocess.Popen] = {}
        if url not in MIGRATED:
            manage(self.env, "migrate", "--noinput")

    def _start(self, name: str, command: list[str], **env: str) -> subprocess.Popen:
        with open(self.folder / f"{name}.log", "ab") as log:
            process = subprocess.Popen(command, cwd=ROOT, env={**self.env, **env}, stdout=log,
                                       stderr=log, start_new_session=True)  # fmt: skip
        self.processes[name] = process
        return process

    def web(self, name: str, workers: int = 1, threads: int = 4, **env: str) -> str:
        """A gunicorn instance as the Dockerfile starts it; returns its host:port once it
        answers /healthz."""
        bind = f"{HOST}:{free_port()}"
        process = self._start(name, [
            sys.executable, "-m", "gunicorn", "yukon_site.wsgi", "--config", "gunicorn.conf.py",
            "--bind", bind, "--worker-class", "gthread", "--workers", str(workers),
            "--threads", str(threads), "--keep-alive", "5", "--log-level", "warning",
        ], **env)  # fmt: skip
        wait_for(lambda: process.poll() is None and get_status(bind, "/healthz") == 200,
                 f"{name} to answer", self.log(name))  # fmt: skip
        return bind

    def worker(self, worker_id: str, **env: str) -> subprocess.Popen:
        return self._start(worker_id, [
            sys.executable, "manage.py", "db_worker", "--no-reload", "--no-startup-delay",
            "--interval", "0.05", "--worker-id", worker_id,
        ], **env)  # fmt: skip

    def kill(self, name: str) -> None:
        """SIGKILL: no clean-up of any kind, as when a machine dies."""
        process = self.processes[name]
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)

    def log(self, name: str) -> callable:
        return lambda: (self.folder / f"{name}.log").read_text(errors="replace")[-3000:]

    def close(self) -> None:
        for process in self.processes.values():
            if process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes.values():
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)

    def tracebacks(self) -> str:
        """The first traceback any process logged (a server error is a finding)."""
        for log in sorted(self.folder.glob("*.log")):
            text = log.read_text(errors="replace")
            if "Traceback" in text:
                return f"{log.name}:\n{text[text.index('Traceback') :][:3000]}"
        return ""


def wait_for(condition, what: str, log=lambda: "", seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with contextlib.suppress(OSError, http.client.HTTPException):
            if condition():
                return
        time.sleep(0.1)
    raise AssertionError(f"waited {seconds} s for {what}\n{log()}")


def get_status(bind: str, path: str) -> int:
    host, port = bind.rsplit(":", 1)
    connection = http.client.HTTPConnection(host, int(port), timeout=5)
    try:
        connection.request("GET", path)
        return connection.getresponse().status
    finally:
        connection.close()


class Player:
    """One browser: its cookies, the board it was last sent, one connection per request (so a
    proxy in front balances every request)."""

    def __init__(self, bind: str) -> None:
        self.host, port = bind.rsplit(":", 1)
        self.port, self.cookies, self.csrf = int(port), {}, ""
        self.board = Board()
        self.served_by: list[str] = []  # the X-Served-By header of each answer, if any

    def request(self, method: str, path: str, form: dict | None = None,
                **headers: str) -> tuple[int, str, dict]:  # fmt: skip
        connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
        body = urllib.parse.urlencode(form).encode() if form is not None else None
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        sent = {"Connection": "close", **({"Cookie": cookie} if cookie else {}), **headers}
        if form is not None:
            sent |= {"Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
                     "X-CSRFToken": self.csrf}  # fmt: skip
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            text = response.read().decode(errors="replace")
        finally:
            connection.close()
        answer = {k.lower(): v for k, v in response.getheaders()}
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        if "x-served-by" in answer:
            self.served_by.append(answer["x-served-by"])
        return response.status, text, answer

    def open(self, path: str) -> Board:
        status, text, _ = self.request("GET", path)
        assert status == 200, f"GET {path}: {status}\n{text[:500]}"
        self.board = read_board(text)
        self.csrf = self.board.csrf or self.csrf
        return self.board

    def post_move(self, move: str) -> tuple[int, Board]:
        """POST a move on the board's ply as htmx does; the new board on a 200."""
        form = {"action": "move", "move": move, "ply": self.board.ply}
        status, text, _ = self.request("POST", self.board.action, form)
        if status == 200:
            board = read_board(text)
            if board.ply is not None:
                self.board = board
        return status, self.board

    def verdict(self, slug: str) -> str:
        """The dead-end banner's state, as the page polls for it ("pending" while checked)."""
        failures = []
        while True:  # as the page does, a failed poll is polled again
            try:
                status, text, _ = self.request("GET", f"/game/{slug}/verdict/?ply={self.board.ply}")
            except (OSError, http.client.HTTPException) as error:
                status, text = type(error).__name__, ""
            if status == 200:
                break
            failures.append(status)
            assert len(failures) < 20, f"verdict polls failed: {failures}"
            time.sleep(0.25)
        found = text.split('data-state="', 1)
        return found[1].split('"', 1)[0] if len(found) == 2 else ""
