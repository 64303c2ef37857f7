"""Klondike's stock and waste in Chromium: one card or a fan of three per tap, only the fan's
top card plays, the empty stock turns the waste back, and undo, redo and their keys."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine import rules
from games.engine.moves import Move
from tests.web.deals import dealt, store

from . import one_tab

pytestmark = pytest.mark.browser

# One tab for the module, a new player in it for each test (one_tab.py).
module_page = one_tab.module_page
fresh_tab = one_tab.fresh_tab

NUMBER = 2_100_000_201
COLUMNS = [
    "AS",
    "? | 2H",
    "? ? | 8C",
    "? ? ? | 7D",
    "? ? ? ? | 6S",
    "? ? ? ? ? | 5H",
    "? ? ? ? ? ? | 4C",
]


def stock_deal(draw: int):
    position = dealt("klondike", COLUMNS, draw=draw)
    store(position, NUMBER)
    return position


def waste(tab) -> list[str]:
    return (
        tab.pile("waste")
        .locator("[data-card]")
        .evaluate_all("cards => cards.map(c => c.dataset.card)")
    )


def stock_label(tab) -> str:
    return tab.pile("stock").locator("button").get_attribute("aria-label")


def test_draw_1_turns_one_card_per_tap(fresh_tab):
    position = stock_deal(draw=1)
    tab = fresh_tab(f"/klondike/{NUMBER}/?draw=1")
    assert waste(tab) == []
    assert stock_label(tab) == "Stock, 24 cards: turn 1"

    tab.tap_pile("stock")
    expect(tab.counter).to_have_text("1")
    turned = rules.apply(position, Move.parse("d"))
    assert waste(tab) == [card.code for card in turned.waste]
    assert len(waste(tab)) == 1
    assert stock_label(tab) == "Stock, 23 cards: turn 1"

    tab.tap_pile("stock")
    expect(tab.counter).to_have_text("2")
    twice = rules.apply(turned, Move.parse("d"))
    assert waste(tab) == [twice.waste[-1].code], "draw 1 shows the waste's top card"


def test_draw_3_fans_three_cards_and_only_the_top_one_plays(fresh_tab):
    position = stock_deal(draw=3)
    tab = fresh_tab(f"/klondike/{NUMBER}/?draw=3")

    tab.tap_pile("stock")
    expect(tab.counter).to_have_text("1")
    turned = rules.apply(position, Move.parse("d"))
    fan = [card.code for card in turned.waste[-3:]]
    assert waste(tab) == fan
    expect(tab.pile("waste")).to_have_class("pile waste fan3")
    lefts = [tab.card(code).bounding_box()["x"] for code in fan]
    assert lefts[0] < lefts[1] < lefts[2], "the three are fanned, the top one rightmost"
    assert tab.targets(fan[0]) == tab.targets(fan[1]) == []
    top = turned.waste[-1]
    assert tab.targets(fan[2]) == list(rules.targets(turned).get(top, ()))

    tab.tap(fan[0])
    assert tab.lit() == []
    assert stock_label(tab) == "Stock, 21 cards: turn 3"


def test_tapping_the_empty_stock_turns_the_waste_back_over(fresh_tab):
    stock_deal(draw=3)
    tab = fresh_tab(f"/klondike/{NUMBER}/?draw=3")
    for ply in range(1, 9):  # 24 cards, three a tap
        tab.tap_pile("stock")
        tab.wait_ply(ply)
    assert stock_label(tab) == "Empty stock: turn the waste back over"
    assert len(waste(tab)) == 3

    tab.tap_pile("stock")
    tab.wait_ply(9)
    assert stock_label(tab) == "Stock, 24 cards: turn 3"
    assert waste(tab) == []


def test_undo_redo_and_their_keys(fresh_tab):
    stock_deal(draw=1)
    tab = fresh_tab(f"/klondike/{NUMBER}/?draw=1")
    redo = tab.page.locator("#board button[value=redo]")
    expect(redo).to_be_disabled()
    tab.play("d")
    tab.play("d")
    after_two = waste(tab)

    tab.act("undo")
    expect(tab.counter).to_have_text("1")
    expect(redo).to_be_enabled()
    tab.act("redo")
    expect(tab.counter).to_have_text("2")
    assert waste(tab) == after_two
    expect(redo).to_be_disabled()

    keys = tab.page.keyboard
    keys.press("Control+z")
    expect(tab.counter).to_have_text("1")
    keys.press("Control+Shift+z")
    expect(tab.counter).to_have_text("2")
    keys.press("Control+z")
    expect(tab.counter).to_have_text("1")
    keys.press("Control+y")
    expect(tab.counter).to_have_text("2")
    assert waste(tab) == after_two

    keys.press("Control+z")
    expect(tab.counter).to_have_text("1")
    tab.play("d")  # a new move after an undo: nothing left to redo
    expect(redo).to_be_disabled()


def test_a_quick_tap_on_a_card_just_moved_picks_it_up_rather_than_sending_it_home(fresh_tab):
    stock_deal(draw=1)
    tab = fresh_tab(f"/klondike/{NUMBER}/?draw=1")
    tab.play("AS-t2")  # ♠A onto ♥2: two taps, the first of them on ♠A
    tab.tap("AS")  # at once: a new pick-up, not the second tap of a double-tap
    # Nothing is on its way: a tap that sends a move marks the board busy in its click
    # handler, before the tap returns, and the board stays so until the answer replaces it.
    expect(tab.page.locator("#board[data-busy]")).to_have_count(0)

    assert tab.lifted() == ["AS"]
    assert sorted(tab.lit()) == ["f1", "f2", "f3", "f4"]
    expect(tab.counter).to_have_text("1")
    assert tab.ply == 1 and tab.column(2) == ["2H", "AS"]
