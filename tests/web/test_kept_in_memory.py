"""What never changes once known stays in each web process's memory while a crowd plays:
a game's deal and its grade are read once, not on every move, however many other games the
process serves (settings.CACHES; at Django's default of 300 entries a crowd of 300 players
pushed each other's out)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import deals
from games.models import Deal
from solver.pool import grades

from .deals import EASY_YUKON, easy_yukon

pytestmark = pytest.mark.django_db

OTHER_GAMES = 1_000  # a crowd's games, each keeping its deal and its grade


def test_a_move_reads_no_deal_or_grade_while_a_crowd_plays(alice):
    deal, moves = easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    for move in moves[:2]:  # this game's deal and grade are read, and kept
        alice.move(game, move)
    others = Deal.objects.bulk_create(
        Deal(variant="yukon", number=n, cards=deal.cards) for n in range(1, OTHER_GAMES + 1)
    )
    for other in others:  # what every other game's moves keep, in the same process
        deals.deal_by_id(other.pk)
        grades.grade(other.pk, None, None)
    with CaptureQueriesContext(connection) as queries:
        answer = alice.move(game, moves[2], htmx=True)
    assert answer.status_code == 200 and 'data-testid="moves">3<' in answer.content.decode()
    statements = " ".join(query["sql"] for query in queries.captured_queries)
    assert "games_deal" not in statements  # the deal, kept
    assert "solver_dealverdict" not in statements  # its grade, kept
    assert "games_game" in statements  # the game itself is read and written every time


def test_a_move_on_a_game_outside_races_and_ratings_reads_neither(alice):
    """A game is dealt rated or in a race once and for all, with its row there: a move on
    any other game asks neither table (ratings.services.outcomes.of, races.referee)."""
    deal, moves = easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    alice.move(game, moves[0])
    with CaptureQueriesContext(connection) as queries:
        answer = alice.move(game, moves[1], htmx=True)
    assert answer.status_code == 200 and 'data-testid="moves">2<' in answer.content.decode()
    statements = " ".join(query["sql"] for query in queries.captured_queries)
    assert "games_game" in statements
    assert "races_racer" not in statements
    assert "ratings_ratedgame" not in statements
