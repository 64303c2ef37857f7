"""A move's answer reads what is known of where it led, and of where it was made from, with
the statement that saves the move (play.actions._save, games.rows.save_reading): on
PostgreSQL the save and that read are one statement, so a move on a known position sends
its game's read and that one statement, and its dead-end banner shows what is known. An
action onto an unknown position still asks for its check."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.steps import current
from solver.deadends.models import CheckRequest, position_key
from solver.search.verdict import Verdict
from tests.deadends.test_check_path import player, post, start
from tests.deadends.test_deadends import make_deal
from tests.worker import work

pytestmark = pytest.mark.django_db


def test_a_redo_onto_a_known_position_reads_its_verdict_with_its_save():
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    assert work() == [Verdict.WIN]
    post(alice, game, action="undo")  # back at the deal: its own check is asked for
    work()
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as sent:
        answer = alice.post(f"/game/{game.slug}/", {"ply": game.ply, "action": "redo"},
                            HTTP_HX_REQUEST="true")  # fmt: skip
    html = answer.content.decode()
    assert 'data-state="win"' in html and 'data-testid="dead-end"' not in html
    # What the move sends, the rate limit's count apart (in the database here, without Redis)
    statements = [q["sql"] for q in sent.captured_queries if "visitors_ratecount" not in q["sql"]]
    assert sum("solver_positionverdict" in s for s in statements) == 1, statements
    if connection.vendor == "postgresql":  # the game's read, then its save with that read
        assert len(statements) == 2, [s[:70] for s in statements]
        assert statements[1].startswith("WITH saved AS (UPDATE") and "games_game" in statements[1]
    assert not CheckRequest.objects.exists()  # known: nothing asked


def test_an_undo_onto_an_unknown_position_still_asks_for_its_check():
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    game.refresh_from_db()
    with CaptureQueriesContext(connection) as sent:
        answer = alice.post(f"/game/{game.slug}/", {"ply": game.ply, "action": "undo"},
                            HTTP_HX_REQUEST="true")  # fmt: skip
    html = answer.content.decode()
    assert 'data-state="pending"' in html
    game.refresh_from_db()
    assert CheckRequest.objects.get().key == position_key(current(game).position)
    statements = [query["sql"] for query in sent.captured_queries]
    assert sum("solver_positionverdict" in s for s in statements) == 1, statements
