"""On PostgreSQL a connection prepares the statements it keeps sending (yukon_site.env,
DATABASE_PREPARE_AFTER): after a few moves, a move's own statements run prepared, parsed and
planned once for the connection rather than once a move."""

from __future__ import annotations

import pytest
from django.db import connection

from .deals import WORKED_EXAMPLE, worked_example

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(
        connection.vendor != "postgresql", reason="prepared statements are PostgreSQL's"
    ),
]


def prepared() -> list[str]:
    """The statements this connection has prepared, as PostgreSQL holds them."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def test_a_move_runs_its_statements_prepared_once_they_repeat(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    for action in ("9S-t5", "undo") * 6:  # each more often than it runs unprepared (5)
        fields = {"action": "move", "move": action} if "-" in action else {"action": action}
        assert alice.act(game, htmx=True, **fields).status_code == 200
    statements = prepared()
    # The game's own read and its conditional UPDATE, sent by every action, are among them,
    # with their values apart from the text ($1, $2, ...), never spelled into it. The UPDATE
    # of a game that goes on comes with the read of its position's verdict (games.rows).
    assert any(s.startswith("WITH saved AS (UPDATE") and "games_game" in s for s in statements)
    assert any(s.startswith("SELECT") and "games_game" in s for s in statements), statements
    assert all(game.slug not in s for s in statements)
