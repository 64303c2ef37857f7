"""The hint action: one move of a winning line from here, counted, and never a hidden card."""

from __future__ import annotations

import re

import pytest

from games.models import Game

from .deals import EASY_YUKON, easy_yukon

pytestmark = pytest.mark.django_db


def test_a_hint_shows_a_move_that_wins_and_is_counted(alice):
    easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    html = alice.act(game, action="hint").content.decode()
    found = re.search(r'data-hint="([^"]+)"', html)
    assert found and found[1].startswith("AS-f"), html[-2000:]
    assert "Hint: move ♠A to a foundation." in html
    assert 'class="card up black hinted" data-card="AS"' in html
    game.refresh_from_db()
    assert (game.hints, game.ply) == (1, 0)


def test_a_hint_on_a_stale_board_resends_the_board_and_counts_nothing(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    html = alice.act(game, ply=0, action="hint").content.decode()
    assert "The table had changed" in html
    assert Game.objects.get(pk=game.pk).hints == 0


def test_a_hint_on_a_finished_game_is_refused(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    alice.act(game, action="resign")
    html = alice.act(game, action="hint").content.decode()
    assert "This game is over" in html
    assert Game.objects.get(pk=game.pk).hints == 0
