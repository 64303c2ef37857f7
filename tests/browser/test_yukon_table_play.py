"""The Yukon table in Chromium, on the seed's worked example: tap, refusal, the five-card move
with its flip, undo, the selection bar, restart, double-tap, drag, keys, no JavaScript, a
phone, and what a screen reader (and nobody else) learns about the cards."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import one_tab, yukon_table
from .conftest import ACTION_ADDRESS, PHONE
from .yukon_table import HIDDEN_FLIP, NUMBER, STACK

pytestmark = pytest.mark.browser


# The deal, a fixture defined once in yukon_table.py, bound here so that pytest finds it.
worked_example = yukon_table.worked_example
# One tab for the module, a new player in it for each test (one_tab.py).
module_page = one_tab.module_page
fresh_tab = one_tab.fresh_tab


@pytest.fixture
def tab(fresh_tab, worked_example):
    return fresh_tab(f"/yukon/{NUMBER}/")


def test_tapping_nine_of_spades_lifts_five_cards_and_lights_only_column_five(tab):
    tab.tap("9S")

    assert tab.lifted() == STACK
    assert tab.lit() == ["t5"]
    expect(tab.page.locator("#selection-bar")).to_be_visible()


def test_tapping_column_six_is_refused_in_the_seeds_words_and_nothing_moves(tab):
    tab.tap("9S")
    tab.tap_pile("t6")

    expect(tab.alert).to_have_text("♠9 goes on a red 10")
    expect(tab.counter).to_have_text("0")
    assert tab.column(3) == STACK
    assert tab.column(6)[-1] == "TC"
    assert tab.ply == 0


def test_tapping_column_five_lands_the_five_cards_flips_the_hidden_card_and_counts_one(tab):
    assert tab.card(HIDDEN_FLIP).count() == 0

    tab.tap("9S")
    tab.tap_pile("t5")

    expect(tab.counter).to_have_text("1")
    assert tab.column(5)[-6:] == ["TH", *STACK]
    assert tab.column(3) == [HIDDEN_FLIP]
    expect(tab.alert).to_have_count(0)


def test_one_undo_reverts_the_move_and_its_flip(tab):
    tab.play("9S-t5")
    assert tab.column(3) == [HIDDEN_FLIP]

    tab.act("undo")

    expect(tab.counter).to_have_text("0")
    assert tab.column(3) == STACK
    assert tab.column(5)[-1] == "TH"
    expect(tab.card(HIDDEN_FLIP)).to_have_count(0)
    assert tab.page.locator("#board [data-pile=t3] .card.down").count() == 2


def test_plus_and_minus_take_one_card_more_or_less_and_relight_the_targets(tab):
    bar = tab.page.locator("#selection-bar")
    tab.tap("4D")
    assert tab.lifted() == STACK[1:]
    assert tab.lit() == ["t4"]  # ♣5
    expect(bar.locator(".selection-text")).to_have_text("4 of diamonds and 3 cards on it")

    bar.locator("button.more").click()
    assert tab.lifted() == STACK
    assert tab.lit() == ["t5"]  # ♥10
    expect(bar.locator("button.more")).to_be_disabled()  # ♠9 is the column's lowest face-up

    bar.locator("button.less").click()
    bar.locator("button.less").click()
    assert tab.lifted() == STACK[2:]
    assert tab.lit() == ["t7"]  # ♣J goes on ♥Q

    tab.tap_pile("t7")
    expect(tab.counter).to_have_text("1")
    assert tab.column(7)[-4:] == ["QH", *STACK[2:]]
    assert tab.column(3) == STACK[:2]


def test_escape_and_the_cross_put_the_stack_down_and_escape_closes_the_menu(tab):
    tab.tap("9S")
    tab.page.keyboard.press("Escape")
    assert tab.lifted() == [] and tab.lit() == []
    expect(tab.page.locator("#selection-bar")).to_be_hidden()

    tab.tap("9S")
    tab.page.locator("#selection-bar button.cancel").click()
    assert tab.lifted() == [] and tab.lit() == []

    menu = tab.page.locator("#board details.menu")
    menu.locator("summary").click()
    expect(menu.get_by_role("link", name="Rules")).to_be_visible()
    tab.page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    menu.locator("summary").click()
    tab.tap("TC")  # a tap elsewhere on the table closes it too
    expect(menu).not_to_have_attribute("open", "")


def test_double_tap_sends_a_card_to_the_foundation(tab):
    tab.card("AS").dblclick(position={"x": 6, "y": 5})

    expect(tab.counter).to_have_text("1")
    expect(tab.page.locator("#board .foundation [data-card=AS]")).to_have_count(1)
    assert tab.column(1) == []


def test_dragging_a_stack_onto_a_glowing_column_moves_it(tab):
    mouse = tab.page.mouse
    source = tab.card("9S").bounding_box()
    mouse.move(source["x"] + 8, source["y"] + 6)
    mouse.down()
    mouse.move(source["x"] + 30, source["y"] + 30, steps=3)
    expect(tab.page.locator(".drag-ghost [data-card]")).to_have_count(5)
    assert tab.lit() == ["t5"]
    target = tab.card("TH").bounding_box()
    mouse.move(target["x"] + target["width"] / 2, target["y"] + 20, steps=6)
    mouse.up()

    expect(tab.counter).to_have_text("1")
    assert tab.column(3) == [HIDDEN_FLIP]
    assert tab.column(5)[-5:] == STACK
    expect(tab.page.locator(".drag-ghost")).to_have_count(0)


def test_restart_goes_back_to_the_deal_and_can_itself_be_undone(tab):
    tab.play("9S-t5")
    tab.play("AS-f")
    tab.page.locator("#board summary[aria-label=Menu]").click()
    with tab.page.expect_response(ACTION_ADDRESS):
        tab.page.get_by_role("button", name="Restart this deal").click()

    expect(tab.counter).to_have_text("0")
    assert tab.column(3) == STACK
    assert tab.column(1) == ["AS"]

    tab.act("undo")
    expect(tab.counter).to_have_text("2")
    assert tab.column(3) == [HIDDEN_FLIP]


def test_keyboard_alone_plays_moves_and_takes_them_back(tab):
    page = tab.page
    focused = "document.activeElement.dataset.card || document.activeElement.dataset.pile"
    for _ in range(15):  # Tab from the top of the page to the first card on the table
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.dataset.card"):
            break
    assert page.evaluate(focused) == "AS"

    page.keyboard.press("Enter")  # pick ♠A up
    assert tab.lifted() == ["AS"]
    page.keyboard.press("ArrowLeft")  # from column one round to the last foundation
    assert page.evaluate(focused) == "f4"
    page.keyboard.press("Enter")
    tab.wait_ply(1)
    expect(page.locator("#board [data-pile=f4] [data-card=AS]")).to_have_count(1)
    assert page.evaluate(focused) == "AS", "focus stays with the card after the swap"

    for _ in range(3):
        page.keyboard.press("ArrowRight")  # f4 → column one (empty) → two → three
    assert page.evaluate(focused) == "6S"
    for _ in range(4):
        page.keyboard.press("ArrowUp")
    assert page.evaluate(focused) == "9S"
    page.keyboard.press(" ")  # Space picks up too
    assert tab.lifted() == STACK
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "TH"
    page.keyboard.press("Enter")
    tab.wait_ply(2)
    assert tab.column(3) == [HIDDEN_FLIP]

    page.keyboard.press("Control+z")
    expect(tab.counter).to_have_text("1")
    assert tab.column(3) == STACK
    page.keyboard.press("u")
    expect(tab.counter).to_have_text("0")
    assert tab.column(1) == ["AS"]


# Counts, in the page and as they are sent, the POSTs of the table, and how many were on their


def test_without_javascript_a_card_link_and_a_pile_button_make_the_move(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/", java_script_enabled=False)
    tab.card("9S").click(position={"x": 6, "y": 5})
    expect(tab.page).to_have_url(re.compile(r"\?select=9S$"))
    assert tab.lit() == ["t5"]

    tab.pile("t5").locator("button[name=to]").click()

    expect(tab.counter).to_have_text("1")
    assert tab.column(3) == [HIDDEN_FLIP]
    assert tab.column(5)[-5:] == STACK


def test_cards_are_announced_by_name_and_face_down_cards_say_nothing(tab, worked_example):
    expect(tab.card("9S")).to_have_attribute("aria-label", "9 of spades")
    expect(tab.card("TH")).to_have_attribute("aria-label", "10 of hearts")
    expect(tab.card("QH")).to_have_attribute("aria-label", "Q♥, queen of hearts")
    expect(tab.card("AS")).to_have_attribute("aria-label", "A♠, ace of spades")
    downs = tab.page.locator("#board .card.down")
    assert downs.count() == 21
    assert set(downs.evaluate_all("cards => cards.map(c => c.outerHTML)")) == {
        '<span class="card down"></span>'
    }
    html = tab.page.content()
    for column in worked_example.tableau:
        for card in column.down:
            for trace in (f'"{card.code}"', f"={card.code}", card.label, card.spoken):
                assert trace not in html, f"{card.code} is face down but the page shows {trace}"


def test_a_phone_plays_by_touch_with_readable_ranks(open_tab, worked_example):
    """Touch, not clicks (sideways scroll on a phone: test_accessibility_phones_and_colours)."""
    tab = open_tab(f"/yukon/{NUMBER}/", viewport=PHONE, has_touch=True)
    rank = tab.card("9S").locator("b")
    assert float(rank.evaluate("b => parseFloat(getComputedStyle(b).fontSize)")) >= 14

    tab.card("9S").tap(position={"x": 6, "y": 5})
    assert tab.lit() == ["t5"]
    tab.pile("t5").tap(position={"x": 8, "y": 8})
    expect(tab.counter).to_have_text("1")

    tab.open("/klondike/7/?draw=3")
    tab.tap_pile("stock")
    expect(tab.pile("waste").locator("[data-card]")).to_have_count(3)


def test_a_tap_while_cards_glide_lands_and_skips_the_glide(tab):
    page = tab.page
    page.emulate_media(reduced_motion="no-preference")
    # Freeze the FLIP animations where they start, so the tap surely comes mid-flight.
    page.evaluate(
        "document.addEventListener('htmx:afterSwap',"
        " () => document.getAnimations().forEach(a => a.pause()))"
    )
    before = tab.card("9S").bounding_box()
    tab.tap("9S")
    tab.tap_pile("t5")
    tab.wait_ply(1)
    assert page.evaluate("document.getAnimations().length") >= 5
    assert tab.card("9S").bounding_box()["x"] == pytest.approx(before["x"], abs=6)

    corner = tab.card("AS").bounding_box()
    page.mouse.click(corner["x"] + 6, corner["y"] + 5)

    glides = "document.getAnimations().filter(a => !(a instanceof CSSAnimation)).length"
    assert page.evaluate(glides) == 0  # (the lit foundations' glow is a CSS animation)
    assert tab.card("9S").bounding_box()["x"] == pytest.approx(
        tab.pile("t5").bounding_box()["x"], abs=2
    )
    assert tab.lifted() == ["AS"]
    tab.tap_pile("f1")
    expect(tab.counter).to_have_text("2")
