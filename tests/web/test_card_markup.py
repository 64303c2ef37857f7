"""A card is written once: the game page's board and a replay draw the same position with the
same card and pile markup (play/templatetags/board_tags.py), a playable card a link and a
replay's a picture, everything else alike."""

from __future__ import annotations

import pytest

from games import deals
from games.models import Game

from .deals import easy_yukon
from .html import parse
from .test_replay import page

pytestmark = pytest.mark.django_db


def card_markup(document) -> dict[str, tuple]:
    """Each face-up card by its code: its class, name and everything inside it."""
    return {
        card["data-card"]: (card["class"], card["aria-label"], card.decode_contents())
        for card in document.select("[data-pile] [data-card]")
    }


def pile_markup(document) -> dict[str, tuple]:
    """Each pile by its name: its class, name and how many face-down cards it holds (all the
    same empty span)."""
    return {
        pile["data-pile"]: (
            pile["class"],
            pile.get("aria-label"),
            [str(back) for back in pile.select(".card.down")],
        )
        for pile in document.select(".foundations [data-pile], .tableau [data-pile]")
    }


def board_and_replay(alice, deal, actions: list[str], **mode):
    """Alice's game page after `actions`, and the replay of the same game once resigned there
    (resigning moves no card), at its last step: both parsed."""
    game = alice.game_at(deal, actions, **mode)
    board = parse(alice.client.get(f"/game/{game.slug}/"))
    alice.act(game, action="resign")
    game = Game.objects.get(pk=game.pk)
    return board, parse(page(alice, game, len(actions)))


def test_a_yukon_board_and_its_replay_write_each_card_and_pile_alike(alice):
    deal, line = easy_yukon()
    board, replay = board_and_replay(alice, deal, line[:20])  # a few cards home by then
    cards = card_markup(board)
    assert len(cards) > 20 and any(code[0] in "JQK" for code in cards)
    assert board.select(".foundations [data-card]")
    assert card_markup(replay) == cards
    assert pile_markup(replay) == pile_markup(board)
    playable = board.select("#board a[data-card]")
    assert playable and not replay.select("a[data-card]")  # nothing in a replay is picked up


def test_a_klondike_waste_fan_is_written_alike_covered_cards_included(alice):
    deal = deals.deal_for("klondike", 7)
    board, replay = board_and_replay(alice, deal, ["d"], draw=3, scoring="standard")
    waste = [card["data-card"] for card in board.select("[data-pile=waste] [data-card]")]
    assert len(waste) == 3
    cards = card_markup(board)
    assert all("covered" in cards[code][0] for code in waste[:2])
    assert card_markup(replay) == cards
    assert pile_markup(replay) == pile_markup(board)
