"""A check survives its worker (issue 21): SIGKILL the db_worker while it searches a player's
position, start another, and the waiting player's page gets its verdict within seconds: the
dead worker's lease runs out, the new worker puts its task back on the queue and takes the
check over. Before leases, the page still said "checking" minutes later, the task RUNNING
until the retention sweep's orphan rule (RETENTION_ORPHAN_MINUTES).

Prints the delay, from the new worker's start to the verdict on the player's page.
"""

from __future__ import annotations

import time

import psycopg
import pytest

from solver.deadends import lease

from .cluster import Cluster, Player, database_url, query, wait_for

pytestmark = [pytest.mark.slow, pytest.mark.django_db]

# A position its quick check wins (in about a thousand nodes): its search is far shorter
# than a poll, so the killed worker is held by a lock on the verdict table: it searches, then
# waits to store what it found, and dies there; the worker after it decides it at once.
NUMBER, MOVE = 76, "9D-t5"


def leased(url: str, worker: str) -> bool:
    return bool(query(url, "SELECT 1 FROM solver_workerlease WHERE worker = %s", worker))


def test_a_check_whose_worker_was_killed_is_answered_within_seconds(tmp_path):
    url = database_url("worker_killed")
    cluster = Cluster(url, tmp_path)
    try:
        site = cluster.web("web")
        player = Player(site)
        player.open(f"/yukon/{NUMBER}/")
        cluster.worker("doomed")
        # Its lease taken, the worker is up and claims what comes (db_worker renews the lease
        # before its first claim): the check comes to it.
        wait_for(lambda: leased(url, "doomed"), "its lease", cluster.log("doomed"))
        with psycopg.connect(url) as hold:  # a transaction of its own, open until the kill
            hold.execute("LOCK TABLE solver_positionverdict IN EXCLUSIVE MODE")  # reads pass
            status, board = player.post_move(MOVE)
            assert status == 200 and board.ply == 1
            slug = board.action.split("/")[2]

            def claimed() -> bool:
                rows = query(
                    url, "SELECT worker FROM solver_checkrequest WHERE started IS NOT NULL"
                )
                return rows == [("doomed",)]

            wait_for(claimed, "the worker to claim the check", cluster.log("doomed"), seconds=20)
            cluster.kill("doomed")
            # Its machine gone, its connections go too: else PostgreSQL, not told the client
            # died, lets the killed worker's write wait on and go through once let go.
            hold.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            hold.rollback()
        assert not query(url, "SELECT 1 FROM solver_positionverdict"), "killed mid-search"
        assert player.verdict(slug) == "pending"

        cluster.worker("next")
        started = time.monotonic()
        wait_for(lambda: player.verdict(slug) != "pending", "the verdict on the player's page",
                 cluster.log("next"))  # fmt: skip
        delay = time.monotonic() - started
        print(f"\nverdict on the player's page {delay:.1f} s after the new worker started "
              f"(lease {lease.LEASE.total_seconds():.0f} s)")  # fmt: skip
        assert player.verdict(slug) == "win"
        # Taken over through the lease, not the claim's retry window (which would leave the
        # killed task RUNNING and answer the check from another task): the new worker put
        # the killed task back on the queue and ran it, and the dead lease is gone.
        tasks = query(url, "SELECT worker_ids FROM django_tasks_database_dbtaskresult")
        assert ["doomed", "next"] in [ids for (ids,) in tasks], "the killed task, taken again"
        assert not leased(url, "doomed")
        assert not query(url, "SELECT 1 FROM solver_checkrequest")
        assert not cluster.tracebacks(), cluster.tracebacks()
    finally:
        cluster.close()
