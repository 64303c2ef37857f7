"""A move rewrites its game's row in place on PostgreSQL (a HOT update): no index holds a
column a move changes, and the table leaves room on each page for the row's next version
(games migration 0012). Otherwise every move adds a row's worth to the table and an entry to
each of its indexes until vacuum comes by."""

from __future__ import annotations

import pytest
from django.db import connection, transaction

from games.models import Game

from .deals import WORKED_EXAMPLE, worked_example

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="HOT updates are PostgreSQL's (CI runs it)"
    ),
]


def counts() -> tuple[int, int]:
    """This transaction's updates of games_game so far: all, and those made in place."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT n_tup_upd, n_tup_hot_upd FROM pg_stat_xact_user_tables WHERE relname = %s",
            [Game._meta.db_table],
        )
        return cursor.fetchone()


@pytest.mark.django_db(transaction=True)
def test_moves_undos_and_redos_rewrite_the_game_in_place(alice):
    # The six updates are counted in one transaction (pg_stat_xact_*), so none of their row
    # versions can be pruned before it ends: all of them must fit on the row's page. The
    # earlier tests' rolled-back rows are vacuumed away first, so that the page is the one a
    # game's row finds on a live site (where each move commits and the page prunes itself),
    # not one the rest of the suite has happened to fill.
    with connection.cursor() as cursor:
        cursor.execute(f"VACUUM {Game._meta.db_table}")
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    with transaction.atomic():
        updates, in_place = counts()
        for action in ("9S-t5", "undo", "redo", "undo", "9S-t5", "undo"):
            fields = {"action": "move", "move": action} if "-" in action else {"action": action}
            assert alice.act(game, htmx=True, **fields).status_code == 200
        after, after_in_place = counts()
    assert after - updates == 6  # each action is one UPDATE of the game
    assert after_in_place - in_place == 6  # and each was made in place


def test_the_table_leaves_room_on_each_page():
    with connection.cursor() as cursor:
        cursor.execute("SELECT reloptions FROM pg_class WHERE relname = %s", [Game._meta.db_table])
        assert cursor.fetchone()[0] == ["fillfactor=70"]
