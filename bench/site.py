"""The load test's site, as shipped: DEBUG=0, gunicorn gthread with gunicorn.conf.py, whitenoise's
compressed static files, on PostgreSQL (and Redis when REDIS_URL is set), with `db_worker`s that
each serve their Prometheus metrics, and uvicorn for the live streams when asked (`live`); all
stopped on leaving. The tests start theirs in
tests/ops/cluster.py: a bench is not a test, and neither imports the other."""

import contextlib
import os
import secrets
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
HOST = "127.0.0.1"


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True)  # fmt: skip
    if done.returncode:
        raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
    return done.stdout


def free_bind() -> str:
    with socket.socket() as free:
        free.bind((HOST, 0))
        return f"{HOST}:{free.getsockname()[1]}"


def cpu_seconds(processes: list[psutil.Process]) -> dict[int, float]:  # user + system, by pid
    seconds = {}
    for process in processes:
        with contextlib.suppress(psutil.Error):
            seconds[process.pid] = sum(process.cpu_times()[:2])
    return seconds


class Site:
    """Creates the database (anew if `fresh`), migrates, collects the static files, starts
    gunicorn serving `app` and `db_workers` workers. `env` adds to the site's environment."""

    def __init__(
        self, url: str, app: str, *, db_workers: int, fresh: bool, live: bool = False, **env: str
    ) -> None:
        self.db_url, self.app, self.db_workers, self.fresh = url, app, db_workers, fresh
        self.live, self.live_url = live, ""  # live: uvicorn serving the streams (/live/)
        self.env = {
            **os.environ, "DATABASE_URL": url, "DEBUG": "0", "HTTPS": "0", "CONN_MAX_AGE": "3600",
            "DJANGO_SETTINGS_MODULE": "yukon_site.settings", "ALLOWED_HOSTS": HOST,
            "SECRET_KEY": secrets.token_urlsafe(32), "DEAL_KEY": secrets.token_urlsafe(32),
            "PYTHONPATH": str(ROOT), **env,
        }  # fmt: skip
        self.folder = Path(tempfile.mkdtemp(prefix="bench-site-"))
        self.url, self.processes, self.workers, self.metrics = "", [], [], []

    def _start(self, name: str, command: list[str], **env: str) -> subprocess.Popen:
        with open(self.folder / f"{name}.log", "wb") as log:
            process = subprocess.Popen(command, cwd=ROOT, env={**self.env, **env}, stdout=log,
                                       stderr=log, start_new_session=True)  # fmt: skip
        self.processes.append(process)
        return process

    def __enter__(self) -> "Site":
        signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped by SIGTERM"))  # runs close()
        try:
            self._create_database()
            manage(self.env, "migrate", "--noinput")
            manage(self.env, "collectstatic", "--noinput")
            bind = free_bind()
            self.url = f"http://{bind}"
            web = self._start("gunicorn", [
                sys.executable, "-m", "gunicorn", self.app, "--config", "gunicorn.conf.py",
                "--bind", bind, "--worker-class", "gthread", "--workers", "2", "--threads", "8",
                "--keep-alive", "5", "--log-level", "warning",
            ])  # fmt: skip
            self._wait(web, self.url + "/healthz", lambda: len(self.web_processes()) == 2)
            if self.live:  # the streams, as the compose file's `live` service serves them
                bind = free_bind()
                host, port = bind.rsplit(":", 1)
                self.live_url = f"http://{bind}"
                live = self._start("uvicorn", [
                    sys.executable, "-m", "uvicorn", "yukon_site.asgi:application", "--host",
                    host, "--port", port, "--log-level", "warning",
                ])  # fmt: skip
                self._wait(live, self.live_url + "/healthz")
            for i in range(self.db_workers):  # polling as shipped (./dev run, compose file)
                bind = free_bind()
                worker = self._start(f"worker{i}", [
                    sys.executable, "manage.py", "db_worker", "--no-startup-delay",
                    "--no-reload", "--interval", "0.1",
                ], WORKER_METRICS_BIND=bind)  # fmt: skip
                self.workers.append(psutil.Process(worker.pid))
                self.metrics.append(f"http://{bind}/metrics")
                self._wait(worker, self.metrics[-1])
        except BaseException:
            self.close()
            raise
        return self

    def _create_database(self) -> None:
        parts = urllib.parse.urlparse(self.db_url)
        name = parts.path.lstrip("/")
        with psycopg.connect(parts._replace(path="/postgres").geturl(), autocommit=True) as db:
            exists = db.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
            if exists and self.fresh:
                db.execute(sql.SQL("DROP DATABASE {} WITH (FORCE)").format(sql.Identifier(name)))
            if not exists or self.fresh:
                db.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))

    def _wait(self, process: subprocess.Popen, url: str, ready=lambda: True) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and process.poll() is None:
            with contextlib.suppress(OSError):
                with urllib.request.urlopen(url, timeout=5) as answer:
                    if answer.status == 200 and ready():
                        return
            time.sleep(0.2)
        raise RuntimeError(f"{process.args} did not answer {url} within 60 s (logs: {self.folder})")

    def web_processes(self) -> list[psutil.Process]:  # gunicorn's workers, not its arbiter
        return psutil.Process(self.processes[0].pid).children()

    def db_backends(self) -> list[psutil.Process]:  # the site database's, not this query's
        query = "SELECT pid FROM pg_stat_activity WHERE datname = %s AND pid <> pg_backend_pid()"
        name = urllib.parse.urlparse(self.db_url).path.lstrip("/")
        with psycopg.connect(self.db_url, autocommit=True) as db:
            pids = db.execute(query, [name]).fetchall()
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
                print(f"{log.name}: {text[text.index('Traceback') :][:4000]}", file=sys.stderr)

    __exit__ = close
