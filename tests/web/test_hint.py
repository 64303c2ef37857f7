"""The hint action: one move of a winning line from here, counted, and never a hidden card."""

from __future__ import annotations

import pytest

from games.models import Game

from .deals import EASY_YUKON, easy_yukon
from .html import one, parse, refusal, text, text_of

pytestmark = pytest.mark.django_db


def test_a_hint_shows_a_move_that_wins_and_is_counted(alice):
    easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    page = parse(alice.act(game, action="hint"))
    hint = one(page, "[data-hint]")
    assert hint["data-hint"].startswith("AS-f")
    assert text(hint) == "Hint: move ♠A to a foundation."
    assert [card["data-card"] for card in page.select("[data-card].hinted")] == ["AS"]
    game.refresh_from_db()
    assert (game.hints, game.ply) == (1, 0)


def test_a_hint_on_a_stale_board_resends_the_board_and_counts_nothing(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    page = parse(alice.act(game, ply=0, action="hint"))
    assert text_of(page, "[data-testid=note]").startswith("The table had changed")
    assert not page.select("[data-hint]")
    assert Game.objects.get(pk=game.pk).hints == 0


def test_a_hint_on_a_finished_game_is_refused(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    alice.act(game, action="resign")
    page = parse(alice.act(game, action="hint"))
    assert refusal(page) == "This game is over" and not page.select("[data-hint]")
    assert Game.objects.get(pk=game.pk).hints == 0
