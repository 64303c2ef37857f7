"""The one site launcher of the benches (and of the page-load browser test): the site as shipped
(DEBUG=0, gunicorn gthread, whitenoise's compressed static files) on PostgreSQL or a SQLite file,
with `db_worker` processes, started and always stopped. Also the benches' shared helpers.

    with Site("postgres://postgres@127.0.0.1:5432/yukon_bench", db_workers=2) as site:
        site.url, site.web_processes(), site.db_backends(), site.workers
"""

import contextlib
import math
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from pathlib import Path

import psutil
import psycopg
from psycopg import sql

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/yukon_bench"
SETTINGS = "bench.hello.settings"  # the site plus /hello/ and /bench/floor/<slug>/
HOST = "127.0.0.1"


def site_env(url: str, **extra: str) -> dict[str, str]:
    """Production settings, throwaway keys unless given, connections kept for the whole run (no
    PostgreSQL backend, and its CPU time, goes away in the middle of a phase)."""
    return {
        **os.environ, "DJANGO_SETTINGS_MODULE": SETTINGS, "DATABASE_URL": url, "DEBUG": "0",
        "SECRET_KEY": "bench-" + secrets.token_urlsafe(32), "HTTPS": "0", "CONN_MAX_AGE": "3600",
        "DEAL_KEY": "bench-" + secrets.token_urlsafe(32), "ALLOWED_HOSTS": f"{HOST},testserver",
        "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]), **extra,
    }  # fmt: skip


def prepare_database(url: str, fresh: bool = False) -> None:
    """Creates the PostgreSQL database of `url` if missing, or anew (`fresh`); not SQLite's."""
    parts = urllib.parse.urlparse(url)
    if parts.scheme.startswith("sqlite"):
        return
    name = parts.path.lstrip("/")
    with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists and fresh:
            conn.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
        if not exists or fresh:
            conn.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))


def manage(env: dict[str, str], *args: str, timeout: float | None = 600) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)  # fmt: skip
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def loadavg() -> str:
    return f"{' '.join(f'{x:.2f}' for x in os.getloadavg())} ({psutil.cpu_count()} cores)"


def pct(values: list[float], q: float) -> float:  # nearest rank; q=1: the largest
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q * len(ordered)) - 1)] if ordered else math.nan


def spread(values: list[float], digits: int = 2) -> str:  # p50/p95/max
    return "/".join("-" if not values else f"{pct(values, q):.{digits}f}" for q in (0.5, 0.95, 1))


def free_bind() -> str:
    """An address on HOST with a port nobody listens on."""
    with socket.socket() as free:
        free.bind((HOST, 0))
        return f"{HOST}:{free.getsockname()[1]}"


def gunicorn_command(app: str, bind: str, workers: int, threads: int) -> list[str]:
    """gunicorn as the benches run a site: gthread workers, keep-alive as shipped (it
    outlasts a player's pause)."""
    return [
        sys.executable, "-m", "gunicorn", app, "--bind", bind, "--worker-class", "gthread",
        "--workers", str(workers), "--threads", str(threads), "--log-level", "warning",
        "--keep-alive", "5",
    ]  # fmt: skip


def cpu_seconds(processes: list[psutil.Process]) -> dict[int, float]:  # user + system, by pid
    seconds = {}
    for process in processes:
        with contextlib.suppress(psutil.Error):
            seconds[process.pid] = sum(process.cpu_times()[:2])
    return seconds


def spent(before: dict[int, float], after: dict[int, float]) -> float:  # new ones count from 0
    return sum(value - before.get(pid, 0.0) for pid, value in after.items())


class Site:
    """Migrates, collects static files, starts `web_workers` gunicorn workers (0: none) and
    `db_workers` db_workers; stops them all on leaving. `env` adds to the site's environment."""

    def __init__(self, url: str = DEFAULT_DB, *, web_workers: int = 2, threads: int = 8,
                 db_workers: int = 0, fresh: bool = False, worker_nice: int = 0,
                 **env: str) -> None:  # fmt: skip
        self.db_url, self.fresh, self.worker_nice = url, fresh, worker_nice
        self.web_workers, self.threads, self.db_workers = web_workers, threads, db_workers
        self.db_name = urllib.parse.urlparse(url).path.lstrip("/")
        self.folder = Path(tempfile.mkdtemp(prefix="bench-site-"))
        self.env = site_env(url, BENCH_STATIC_ROOT=str(self.folder / "static"), **env)
        self.url, self.processes, self.workers = "", [], []  # Popen, psutil.Process

    def _start(self, name: str, command: list[str]) -> subprocess.Popen:
        with open(self.folder / f"{name}.log", "wb") as log:  # the child holds its own copy
            process = subprocess.Popen(command, cwd=ROOT, env=self.env, stdout=log, stderr=log,
                                       start_new_session=True)  # fmt: skip
        self.processes.append(process)
        return process

    def __enter__(self) -> "Site":
        signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))  # runs close()
        try:
            prepare_database(self.db_url, self.fresh)
            manage(self.env, "migrate", "--noinput")
            if self.web_workers:
                manage(self.env, "collectstatic", "--noinput")
                self._start_web()
            # The workers poll for tasks as shipped (`./dev run`, the compose file): each poll
            # costs ~2 ms of CPU, so at 0.05 s two idle workers alone took 0.08 of a core.
            worker = [sys.executable, "manage.py", "db_worker", "--no-startup-delay",
                      "--no-reload", "--interval", "0.1"]  # fmt: skip
            for i in range(self.db_workers):
                self.workers.append(psutil.Process(self._start(f"worker{i}", worker).pid))
                self.workers[-1].nice(self.worker_nice)
        except BaseException:
            self.close()
            raise
        return self

    def _start_web(self) -> None:
        bind = free_bind()
        self.url = f"http://{bind}"
        command = gunicorn_command("yukon_site.wsgi:application", bind, self.web_workers,
                                   self.threads)  # fmt: skip
        gunicorn = self._start("gunicorn", command)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and gunicorn.poll() is None:
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(self.url + "/hello/", timeout=5) as answer:
                    if answer.status == 200 and len(self.web_processes()) == self.web_workers:
                        return
            time.sleep(0.2)
        log = (self.folder / "gunicorn.log").read_text(errors="replace")[-3000:]
        raise RuntimeError(f"gunicorn did not answer within 60 s:\n{log}")

    def web_processes(self) -> list[psutil.Process]:  # gunicorn's workers, not its arbiter
        return psutil.Process(self.processes[0].pid).children() if self.url else []

    def db_backends(self) -> list[psutil.Process]:  # the site database's, not this query's
        query = "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()"
        with psycopg.connect(self.db_url, autocommit=True) as conn:
            pids = conn.execute(query, [self.db_name]).fetchall()
        return [psutil.Process(pid) for (pid,) in pids if psutil.pid_exists(pid)]

    def close(self, *exc) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)  # a worker ends its check, then leaves
        for process in self.processes:
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=5)
        for log in sorted(self.folder.glob("*.log")):  # a server error is a finding: show it
            text = log.read_text(errors="replace")
            if "Traceback" in text:
                first = text[text.index("Traceback") :][:4000]
                print(f"{log.name} holds tracebacks; the first:\n{first}", file=sys.stderr)
        shutil.rmtree(self.folder, ignore_errors=True)

    __exit__ = close
