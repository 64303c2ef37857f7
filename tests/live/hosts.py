"""Live hosts as the compose file runs them: its `live` service's command (uvicorn running the
site's ASGI application) with the production settings, each on a socket bound here, so that a
connection made before the server is up waits for it (no port race, no polling)."""

from __future__ import annotations

import json
import socket
import subprocess
import sys
from pathlib import Path

from tests.ops.cluster import HOST, ROOT, site_env

REDIS = "redis://127.0.0.1:6379/0"


def live_command(fd: int) -> list[str]:
    """The compose file's `live` command, on the socket `fd` instead of its port."""
    compose = (ROOT / "docker-compose.yml").read_text()
    service = compose.split("\n  live:\n", 1)[1].split("\n\n", 1)[0]
    (line,) = [line for line in service.splitlines() if line.strip().startswith("command:")]
    command = json.loads(line.split("command:", 1)[1])
    at = command.index("--host")
    assert command[at : at + 4] == ["--host", "0.0.0.0", "--port", "8001"], command
    assert command[:2] == ["uvicorn", "yukon_site.asgi:application"], command
    return [sys.executable, "-m", *command[:at], "--fd", str(fd), *command[at + 4 :]]


class LiveHosts:
    """uvicorn processes sharing one Redis under `prefix`; close() stops them all."""

    def __init__(self, folder: Path, prefix: str) -> None:
        self.folder, self.prefix = folder, prefix
        self.processes: dict[str, subprocess.Popen] = {}

    def start(self, name: str, **env: str) -> int:
        """Starts host `name` (production settings unless `env` says otherwise); returns its
        port, which takes connections at once."""
        env = site_env(f"sqlite:///{self.folder / 'unused.sqlite3'}", LIVE_URL=REDIS,
                       LIVE_PREFIX=self.prefix, **env)  # fmt: skip
        with socket.socket() as listener, open(self.folder / f"{name}.log", "wb") as log:
            listener.bind((HOST, 0))
            listener.listen(64)
            fd = listener.fileno()
            self.processes[name] = subprocess.Popen(
                live_command(fd), cwd=ROOT, env=env, stdout=log, stderr=log, pass_fds=[fd]
            )
            return listener.getsockname()[1]

    def close(self) -> None:
        for process in self.processes.values():
            process.terminate()
        for process in self.processes.values():
            process.wait(timeout=15)

    def logs(self) -> str:
        return "\n".join(
            f"{path.name}:\n{path.read_text(errors='replace')[-2000:]}"
            for path in sorted(self.folder.glob("*.log"))
        )


def read_block(response) -> list[str]:
    """The stream's lines up to the next blank line."""
    lines = []
    while (line := response.readline().decode()) not in ("\n", ""):
        lines.append(line.rstrip("\n"))
    return lines
