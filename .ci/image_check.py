"""The image's file set, proven without a container engine: what `docker build` would copy is
copied into an empty folder, installed and built there as the Dockerfile says, and the site is
started from it, as the image starts it, on a fresh PostgreSQL database.

1. The build context: the tree less .dockerignore, by Docker's rules (`*` and `?` within one
   path element, `**` across any, a folder's pattern leaves out all in it, `!` takes a path
   back, the last matching line wins).
2. The Dockerfile: ENV applied, `COPY . .`, each RUN in the copy with a fresh virtualenv first
   on PATH; the steps that change the machine (apt-get, useradd, apt's lists) are left to the
   image, and pip keeps its cache here (`--no-cache-dir` dropped).
3. `migrate` on a fresh database and `check --deploy --fail-level WARNING`, in production.
4. The CMD, bound to a free port on 127.0.0.1, and one move played over HTTP as a browser
   behind the TLS proxy would; then the compose file's `live` command: a stream opens.

    python .ci/image_check.py [--database-url postgres://postgres@127.0.0.1:5432/yukon_image]

Prints each step and the seconds the whole check took; exits non-zero on the first failure.
"""

from __future__ import annotations

import argparse
import fnmatch
import http.client
import json
import os
import re
import secrets
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_image"
START = time.monotonic()
GRACEFUL = 20  # seconds; gunicorn itself waits 30 before its SIGKILL, so a hang shows here
# Steps of a RUN line that install or remove system packages or users: the image's business,
# never this machine's.
SYSTEM_COMMANDS = ("apt-get", "apt", "useradd", "groupadd", "rm -rf /var/lib/apt/lists")


class CheckFailed(Exception):
    """A step of the check failed; its message says which and how."""


# -- .dockerignore ------------------------------------------------------------------------------


def read_patterns(text: str) -> list[tuple[bool, list[str]]]:
    """(exception?, path elements) for each pattern line; comments and blanks dropped."""
    patterns = []
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        exception = line.startswith("!")
        pattern = os.path.normpath(line[1:].strip() if exception else line).lstrip("/")
        if pattern in ("", "."):
            continue
        patterns.append((exception, pattern.split("/")))
    return patterns


def _match(pattern: list[str], parts: list[str]) -> bool:
    """Does the pattern match the whole of `parts` (path elements)?"""
    if not pattern:
        return not parts
    if pattern[0] == "**":
        return any(_match(pattern[1:], parts[i:]) for i in range(len(parts) + 1))
    return (
        bool(parts) and fnmatch.fnmatchcase(parts[0], pattern[0]) and _match(pattern[1:], parts[1:])
    )


def ignored(path: str, patterns: list[tuple[bool, list[str]]]) -> bool:
    """Is `path` (relative, with /) left out of the context? A pattern matching one of its
    parent folders leaves it out too; the last pattern that matches decides."""
    parts = path.split("/")
    verdict = False
    for exception, pattern in patterns:
        if any(_match(pattern, parts[:n]) for n in range(1, len(parts) + 1)):
            verdict = not exception
    return verdict


def build_context(root: Path, patterns: list[tuple[bool, list[str]]]) -> list[str]:
    """Every file of the tree that the build context holds (relative paths, sorted)."""
    kept = []
    for folder, dirs, files in os.walk(root):
        here = Path(folder).relative_to(root).as_posix()
        prefix = "" if here == "." else here + "/"
        # A folder left out is only walked when a later `!` pattern could take part of it back.
        if not any(exception for exception, _ in patterns):
            dirs[:] = [d for d in dirs if not ignored(prefix + d, patterns)]
        kept += [prefix + f for f in files if not ignored(prefix + f, patterns)]
    return sorted(kept)


# -- the Dockerfile -----------------------------------------------------------------------------


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) in order, continuation lines joined and comments dropped."""
    lines, current = [], ""
    for raw in text.splitlines():
        stripped = raw.strip()
        if not current and (not stripped or stripped.startswith("#")):
            continue
        if current and stripped.startswith("#"):
            continue  # a comment inside a continued instruction
        if stripped.endswith("\\"):
            current += stripped[:-1] + " "
            continue
        lines.append(current + stripped)
        current = ""
    if current:
        lines.append(current)
    return [(word.upper(), rest.strip()) for word, _, rest in (s.partition(" ") for s in lines)]


def split_and(command: str) -> list[str]:
    """A shell command split at its top-level `&&` (not inside quotes or braces)."""
    parts, current, quote, depth, i = [], "", "", 0, 0
    while i < len(command):
        c = command[i]
        if quote:
            quote = "" if c == quote else quote
        elif c in "'\"":
            quote = c
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
        elif command.startswith("&&", i) and depth == 0:
            parts.append(current.strip())
            current, i = "", i + 2
            continue
        current += c
        i += 1
    parts.append(current.strip())
    return [p for p in parts if p]


def site_steps(run: str) -> tuple[list[str], list[str]]:
    """A RUN line's steps: (those run here, those left to the image)."""
    steps = [(step.startswith(SYSTEM_COMMANDS), step) for step in split_and(run)]
    kept = [re.sub(r"\s--no-cache-dir\b", "", step) for system, step in steps if not system]
    return kept, [step for system, step in steps if system]


# -- running it ---------------------------------------------------------------------------------


def say(message: str) -> None:
    print(f"image-check [{time.monotonic() - START:5.1f} s] {message}", flush=True)


def run(command: list[str], cwd: Path, env: dict[str, str], what: str) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True)
    if done.returncode:
        raise CheckFailed(f"{what} failed (exit {done.returncode}):\n{done.stdout[-3000:]}\n"
                          f"{done.stderr[-3000:]}")  # fmt: skip
    return done.stdout


def fresh_database(url: str) -> None:
    parts = urllib.parse.urlparse(url)
    name = parts.path.lstrip("/")
    if not re.fullmatch(r"[a-z0-9_]+", name):
        raise CheckFailed(f"database name {name!r}: lower-case letters, digits and _ only")
    admin = parts._replace(path="/postgres").geturl()
    for statement in (f"DROP DATABASE IF EXISTS {name} WITH (FORCE)", f"CREATE DATABASE {name}"):
        run(["psql", admin, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement], ROOT, dict(os.environ),
            statement)  # fmt: skip


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def machine_env() -> dict[str, str]:
    """What a process needs from this machine (paths, locale, pip's own configuration), and
    none of the site's variables: the image starts with none but its own ENV lines."""
    keep = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR", "XDG_CACHE_HOME", "XDG_CONFIG_HOME")
    return {k: v for k, v in os.environ.items() if k in keep or k.startswith("PIP_")}


class Browser:
    """Enough of one for a move: cookies kept by hand (Secure ones, on a plain connection)."""

    def __init__(self, port: int) -> None:
        self.port, self.cookies = port, {}
        self.headers = {"Host": f"127.0.0.1:{port}", "X-Forwarded-Proto": "https"}

    def request(self, method: str, path: str, body: str = "", **headers) -> tuple[int, str]:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        cookie = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        all_headers = {**self.headers, **({"Cookie": cookie} if cookie else {}), **headers}
        connection.request(method, path, body=body.encode() or None, headers=all_headers)
        response = connection.getresponse()
        for header, value in response.getheaders():
            if header.lower() == "set-cookie":
                name, _, rest = value.partition("=")
                self.cookies[name] = rest.split(";", 1)[0]
        text = response.read().decode(errors="replace")
        connection.close()
        return response.status, text


def play_one_move(port: int) -> str:
    browser = Browser(port)
    status, page = browser.request("GET", "/yukon/1/")
    if status != 200:
        raise CheckFailed(f"GET /yukon/1/ answered {status}:\n{page[:2000]}")
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)
    action = re.search(r'id="board"[^>]*data-action="([^"]+)"', page)
    card = re.search(r'data-card="([0-9A-Z]{2})" data-targets="([^" ]+)', page)
    if not (csrf and action and card):
        raise CheckFailed("the deal's page has no board to play on")
    move = f"{card[1]}-{card[2]}"
    form = urllib.parse.urlencode({"action": "move", "move": move, "ply": 0})
    status, board = browser.request(
        "POST", action[1].replace("&amp;", "&"), form, **{
            "Content-Type": "application/x-www-form-urlencoded", "HX-Request": "true",
            "X-CSRFToken": csrf[1], "Origin": f"https://127.0.0.1:{port}",
        },
    )  # fmt: skip
    ply = re.search(r'id="board"[^>]*data-ply="(\d+)"', board)
    if status != 200 or not ply or ply[1] != "1":
        raise CheckFailed(f"the move {move} answered {status}, ply {ply and ply[1]}:\n"
                          f"{board[:2000]}")  # fmt: skip
    return move


def stop(gunicorn: subprocess.Popen) -> None:
    """Stop the site as `docker stop` does: SIGTERM, gunicorn's graceful shutdown. Not SIGINT:
    gunicorn 27's quick shutdown takes the thread pool's lock in a signal handler, and deadlocks
    when the signal lands while that lock is held (a keep-alive connection closing then)."""
    started = time.monotonic()
    gunicorn.send_signal(signal.SIGTERM)
    try:
        gunicorn.wait(timeout=GRACEFUL)
    except subprocess.TimeoutExpired:
        os.killpg(gunicorn.pid, signal.SIGKILL)
        gunicorn.wait()
        raise CheckFailed(f"gunicorn was still running {GRACEFUL} s after SIGTERM") from None
    say(f"gunicorn stopped {time.monotonic() - started:.1f} s after SIGTERM")


def live_command(port: int) -> list[str]:
    """The compose file's `live` service's command, bound to 127.0.0.1:`port`."""
    compose = (ROOT / "docker-compose.yml").read_text()
    service = compose.split("\n  live:\n", 1)[1].split("\n\n", 1)[0]
    line = next(line for line in service.splitlines() if line.strip().startswith("command:"))
    command = json.loads(line.split("command:", 1)[1])
    command[command.index("--host") + 1] = "127.0.0.1"
    command[command.index("--port") + 1] = str(port)
    return command


def open_stream(port: int) -> str:
    """The first lines of a stream, read once it has opened."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Host": f"127.0.0.1:{port}", "X-Forwarded-Proto": "https"}  # behind Caddy
        connection.request("GET", "/live/image-check/", headers=headers)
        response = connection.getresponse()
        if response.status != 200:
            raise CheckFailed(f"GET /live/image-check/ answered {response.status}")
        opening = response.readline() + response.readline()
    finally:
        connection.close()
    if opening != b"retry: 2000\n: live\n":
        raise CheckFailed(f"the stream opened with {opening!r}")
    return opening.decode().replace("\n", " ").strip()


def serve(command: list[str], app: Path, env: dict[str, str], log_path: Path, port: int,
          name: str) -> subprocess.Popen:  # fmt: skip
    """A server of the image, once it answers /healthz on `port` (CheckFailed if it exits or
    takes over 60 s)."""
    log = open(log_path, "wb")  # noqa: SIM115 (closed with the folder)
    server = subprocess.Popen(command, cwd=app, env=env, stdout=log, stderr=log,
                              start_new_session=True)  # fmt: skip
    deadline = time.monotonic() + 60
    while True:
        try:
            if Browser(port).request("GET", "/healthz")[0] == 200:
                return server
        except OSError:
            pass
        if server.poll() is not None or time.monotonic() > deadline:
            os.killpg(server.pid, signal.SIGKILL)  # its whole group: nothing holds it yet
            server.wait()
            raise CheckFailed(f"{name} did not answer /healthz:\n" + log_path.read_text()[-3000:])
        time.sleep(0.2)


def check(database_url: str, keep: bool = False) -> float:
    started = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="image-check-"))
    app = folder / "app"
    gunicorn = live = None
    try:
        files = build_context(ROOT, read_patterns((ROOT / ".dockerignore").read_text()))
        for name in files:
            (app / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, app / name)
        say(f"build context: {len(files)} files (the tree less .dockerignore)")

        venv = folder / "venv"
        run([sys.executable, "-m", "venv", str(venv)], folder, machine_env(), "python -m venv")
        env = machine_env()
        env.update(PATH=f"{venv / 'bin'}{os.pathsep}{env.get('PATH', '')}", VIRTUAL_ENV=str(venv))
        cmd = None
        for instruction, arguments in instructions((ROOT / "Dockerfile").read_text()):
            if instruction == "ENV":
                env.update(item.split("=", 1) for item in shlex.split(arguments))
            elif instruction == "COPY":
                if shlex.split(arguments) != [".", "."]:
                    raise CheckFailed(f"COPY {arguments}: only `COPY . .` is mirrored here")
            elif instruction == "RUN":
                kept, skipped = site_steps(arguments)
                for step in skipped:
                    say(f"left to the image: {step[:70]}")
                if kept:
                    say(f"RUN {' && '.join(kept)[:100]}")
                    run(["sh", "-ec", " && ".join(kept)], app, env, f"RUN {kept[0][:60]}")
            elif instruction == "CMD":
                cmd = json.loads(arguments)
            elif instruction not in ("FROM", "WORKDIR", "USER", "EXPOSE", "LABEL"):
                raise CheckFailed(f"{instruction}: not mirrored here; teach .ci/image_check.py")
        if not cmd:
            raise CheckFailed("the Dockerfile has no CMD in exec form")

        fresh_database(database_url)
        site = {
            **env, "DATABASE_URL": database_url, "ALLOWED_HOSTS": "127.0.0.1",
            "SECRET_KEY": secrets.token_urlsafe(50), "DEAL_KEY": secrets.token_urlsafe(50),
            "SECURE_PROXY_SSL_HEADER": "1",
        }  # fmt: skip
        python = str(venv / "bin" / "python")
        run([python, "manage.py", "migrate", "--noinput"], app, site, "migrate")
        say("migrate: done on a fresh database")
        run([python, "manage.py", "check", "--deploy", "--fail-level", "WARNING"], app, site,
            "check --deploy")  # fmt: skip
        say("check --deploy --fail-level WARNING: clean")

        port = free_port()
        command = list(cmd)
        command[command.index("--bind") + 1] = f"127.0.0.1:{port}"
        say(f"CMD {' '.join(command)}")
        gunicorn = serve(command, app, site, folder / "gunicorn.log", port, "gunicorn")
        move = play_one_move(port)
        say(f"played {move} on /yukon/1/ over HTTP: the board moved to ply 1")

        live_port = free_port()
        command = live_command(live_port)
        say(f"live: {' '.join(command)}")
        live = serve(command, app, site, folder / "live.log", live_port, "the live service")
        say(f"live: a stream opened with {open_stream(live_port)!r}")
    finally:
        if live is not None and live.poll() is None:
            live.terminate()
            live.wait(timeout=GRACEFUL)
        if gunicorn is not None and gunicorn.poll() is None:
            stop(gunicorn)
        if keep:
            say(f"kept {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    return time.monotonic() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--database-url", default=DEFAULT_DB, help="a database to create anew")
    parser.add_argument("--keep", action="store_true", help="keep the folder, to look inside")
    args = parser.parse_args()
    try:
        seconds = check(args.database_url, keep=args.keep)
    except CheckFailed as failure:
        print(f"image-check: FAILED: {failure}", file=sys.stderr)
        return 1
    say(f"the image's file set starts and plays: {seconds:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
