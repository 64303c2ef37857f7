"""Metrics count right across processes (issue 21): players move against gunicorn with two
worker processes, and every scrape, whichever process answers it, counts every move once;
the solver worker's own endpoint counts its checks and their move-to-verdict latency."""

from __future__ import annotations

import random
import urllib.request
from pathlib import Path

import psutil
import pytest

from ops.management.commands.db_worker import SEARCH_NICENESS

from .cluster import HOST, Cluster, Player, choose, database_url, free_port, wait_for
from .test_metrics import value

pytestmark = [pytest.mark.slow, pytest.mark.django_db]
TOKEN = "metrics-token-for-the-gunicorn-test-0123456789"


def scrape(bind: str, token: str | None = TOKEN) -> str:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    request = urllib.request.Request(f"http://{bind}/metrics", headers=headers)
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.read().decode()


def niceness(pid: int) -> list[int]:
    """The niceness of each of the process's threads (Linux: each thread has its own)."""
    return [psutil.Process(int(task.name)).nice() for task in Path(f"/proc/{pid}/task").iterdir()]


def writers(folder) -> set[str]:
    """The processes that wrote counters (prometheus_client names the files by pid)."""
    return {path.stem.split("_", 1)[1] for path in folder.glob("counter_*.db")}


def test_every_worker_process_counts_into_one_scrape(tmp_path):
    url = database_url("metrics")
    folder = tmp_path / "metrics"
    cluster = Cluster(url, tmp_path, METRICS_TOKEN=TOKEN)
    worker_metrics = f"{HOST}:{free_port()}"
    try:
        site = cluster.web("web", workers=2, PROMETHEUS_MULTIPROC_DIR=str(folder))
        cluster.worker("worker", WORKER_METRICS_BIND=worker_metrics)
        rng, moves = random.Random(21), 0
        # Players until both of gunicorn's processes have answered some (each request comes
        # on a connection of its own, taken by whichever process accepts it first).
        for number in range(1, 16):
            player = Player(site)
            player.open(f"/yukon/{number}/")
            for _ in range(4):
                move = choose(player.board, rng)
                if move is None:
                    break
                status, _ = player.post_move(move)
                assert status == 200
                moves += 1
            if len(writers(folder)) == 2 and moves >= 20:
                break
        assert len(writers(folder)) == 2, "both worker processes answered"
        for _ in range(4):  # any process may answer a scrape: each adds up every file
            text = scrape(site)
            assert value(text, "yukon_actions_total", action="move") == moves
            posts = sum(value(text, "yukon_request_seconds_count", view=view, method="POST",
                              status="200") for view in ("game", "game_action"))  # fmt: skip
            assert posts == moves
        with pytest.raises(urllib.error.HTTPError, match="401"):
            scrape(site, token="wrong")

        def checked() -> bool:
            worker = scrape(worker_metrics, token=None)
            return value(worker, "yukon_check_verdict_seconds_count", verdict="win") > 0

        wait_for(checked, "the worker's metrics to count a verdict", cluster.log("worker"))
        worker = scrape(worker_metrics, token=None)
        assert value(worker, "yukon_checks_total", outcome="win") > 0
        # Its searches give way to the web's answers: every thread of the worker (the one
        # that searched, its lease's, its metrics') runs nicer than the web's processes.
        gunicorn = psutil.Process(cluster.processes["web"].pid).children()
        searcher = cluster.processes["worker"].pid
        web, searching = {each.nice() for each in gunicorn}, niceness(searcher)
        assert len(searching) >= 3, "the worker's threads"
        assert set(searching) == {web.pop() + SEARCH_NICENESS}, searching
        autogroup = Path(f"/proc/{searcher}/autogroup")  # it leads its session (cluster)
        if autogroup.exists():
            assert autogroup.read_text().split()[-1] == str(SEARCH_NICENESS), autogroup.read_text()
        assert value(worker, "yukon_check_search_seconds_total", check="quick", outcome="win") > 0
        assert not cluster.tracebacks(), cluster.tracebacks()
    finally:
        cluster.close()
