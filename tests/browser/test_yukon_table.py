"""The Yukon table in Chromium, on the seed's worked example: tap, refusal, the five-card move
with its flip, undo, the selection bar, restart, double-tap, drag, keys, no JavaScript, and
what a screen reader (and nobody else) learns about the cards."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.deals import dealt, store

from .conftest import PHONE

pytestmark = pytest.mark.browser

NUMBER = 2_100_000_001
STACK = ["9S", "4D", "JC", "2H", "6S"]  # column three, bottom to top
HIDDEN_FLIP = "KD"  # column three's top face-down card


@pytest.fixture
def worked_example(transactional_db):
    """Column three shows ♠9 ♦4 ♣J ♥2 ♠6 over two hidden cards (♦K on top of them), column
    five ends in ♥10 and column six in ♣10. ♠A sits alone in column one; ♣5 tops column four
    (a place for ♦4) and ♥Q column seven (a place for ♣J)."""
    position = dealt(
        "yukon",
        [
            "AS",
            "? | ? ? ? ? 3D",
            f"? {HIDDEN_FLIP} | {' '.join(STACK)}",
            "? ? ? | ? ? ? ? 5C",
            "? ? ? ? | ? ? ? ? TH",
            "? ? ? ? ? | ? ? ? ? TC",
            "? ? ? ? ? ? | ? ? ? ? QH",
        ],
    )
    store(position, NUMBER)
    return position


@pytest.fixture
def table(open_table, worked_example):
    return open_table(f"/yukon/{NUMBER}/")


def test_tapping_nine_of_spades_lifts_five_cards_and_lights_only_column_five(table):
    table.tap("9S")

    assert table.lifted() == STACK
    assert table.lit() == ["t5"]
    expect(table.page.locator("#selection-bar")).to_be_visible()


def test_tapping_column_six_is_refused_in_the_seeds_words_and_nothing_moves(table):
    table.tap("9S")
    table.tap_pile("t6")

    expect(table.alert).to_have_text("♠9 goes on a red 10")
    expect(table.counter).to_have_text("0")
    assert table.column(3) == STACK
    assert table.column(6)[-1] == "TC"
    assert table.ply == 0


def test_tapping_column_five_lands_the_five_cards_flips_the_hidden_card_and_counts_one(table):
    assert table.card(HIDDEN_FLIP).count() == 0

    table.tap("9S")
    table.tap_pile("t5")

    expect(table.counter).to_have_text("1")
    assert table.column(5)[-6:] == ["TH", *STACK]
    assert table.column(3) == [HIDDEN_FLIP]
    expect(table.alert).to_have_count(0)


def test_one_undo_reverts_the_move_and_its_flip(table):
    table.play("9S-t5")
    assert table.column(3) == [HIDDEN_FLIP]

    table.act("undo")

    expect(table.counter).to_have_text("0")
    assert table.column(3) == STACK
    assert table.column(5)[-1] == "TH"
    expect(table.card(HIDDEN_FLIP)).to_have_count(0)
    assert table.page.locator("#board [data-pile=t3] .card.down").count() == 2


def test_plus_and_minus_take_one_card_more_or_less_and_relight_the_targets(table):
    bar = table.page.locator("#selection-bar")
    table.tap("4D")
    assert table.lifted() == STACK[1:]
    assert table.lit() == ["t4"]  # ♣5
    expect(bar.locator(".selection-text")).to_have_text("4 of diamonds and 3 cards on it")

    bar.locator("button.more").click()
    assert table.lifted() == STACK
    assert table.lit() == ["t5"]  # ♥10
    expect(bar.locator("button.more")).to_be_disabled()  # ♠9 is the column's lowest face-up

    bar.locator("button.less").click()
    bar.locator("button.less").click()
    assert table.lifted() == STACK[2:]
    assert table.lit() == ["t7"]  # ♣J goes on ♥Q

    table.tap_pile("t7")
    expect(table.counter).to_have_text("1")
    assert table.column(7)[-4:] == ["QH", *STACK[2:]]
    assert table.column(3) == STACK[:2]


def test_escape_and_the_cross_put_the_stack_down_and_escape_closes_the_menu(table):
    table.tap("9S")
    table.page.keyboard.press("Escape")
    assert table.lifted() == [] and table.lit() == []
    expect(table.page.locator("#selection-bar")).to_be_hidden()

    table.tap("9S")
    table.page.locator("#selection-bar button.cancel").click()
    assert table.lifted() == [] and table.lit() == []

    menu = table.page.locator("#board details.menu")
    menu.locator("summary").click()
    expect(menu.get_by_role("link", name="Rules")).to_be_visible()
    table.page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    menu.locator("summary").click()
    table.tap("TC")  # a tap elsewhere on the table closes it too
    expect(menu).not_to_have_attribute("open", "")


def test_double_tap_sends_a_card_to_the_foundation(table):
    table.card("AS").dblclick(position={"x": 6, "y": 5})

    expect(table.counter).to_have_text("1")
    expect(table.page.locator("#board .foundation [data-card=AS]")).to_have_count(1)
    assert table.column(1) == []


def test_dragging_a_stack_onto_a_glowing_column_moves_it(table):
    mouse = table.page.mouse
    source = table.card("9S").bounding_box()
    mouse.move(source["x"] + 8, source["y"] + 6)
    mouse.down()
    mouse.move(source["x"] + 30, source["y"] + 30, steps=3)
    expect(table.page.locator(".drag-ghost [data-card]")).to_have_count(5)
    assert table.lit() == ["t5"]
    target = table.card("TH").bounding_box()
    mouse.move(target["x"] + target["width"] / 2, target["y"] + 20, steps=6)
    mouse.up()

    expect(table.counter).to_have_text("1")
    assert table.column(3) == [HIDDEN_FLIP]
    assert table.column(5)[-5:] == STACK
    expect(table.page.locator(".drag-ghost")).to_have_count(0)


def test_restart_goes_back_to_the_deal_and_can_itself_be_undone(table):
    table.play("9S-t5")
    table.play("AS-f")
    table.page.locator("#board summary[aria-label=Menu]").click()
    with table.page.expect_response(re.compile(r"/game/\d+/$")):
        table.page.get_by_role("button", name="Restart this deal").click()

    expect(table.counter).to_have_text("0")
    assert table.column(3) == STACK
    assert table.column(1) == ["AS"]

    table.act("undo")
    expect(table.counter).to_have_text("2")
    assert table.column(3) == [HIDDEN_FLIP]


def test_keyboard_alone_plays_moves_and_takes_them_back(table):
    page = table.page
    focused = "document.activeElement.dataset.card || document.activeElement.dataset.pile"
    for _ in range(15):  # Tab from the top of the page to the first card on the table
        page.keyboard.press("Tab")
        if page.evaluate("!!document.activeElement.dataset.card"):
            break
    assert page.evaluate(focused) == "AS"

    page.keyboard.press("Enter")  # pick ♠A up
    assert table.lifted() == ["AS"]
    page.keyboard.press("ArrowLeft")  # from column one round to the last foundation
    assert page.evaluate(focused) == "f4"
    page.keyboard.press("Enter")
    table.wait_ply(1)
    expect(page.locator("#board [data-pile=f4] [data-card=AS]")).to_have_count(1)
    assert page.evaluate(focused) == "AS", "focus stays with the card after the swap"

    for _ in range(3):
        page.keyboard.press("ArrowRight")  # f4 → column one (empty) → two → three
    assert page.evaluate(focused) == "6S"
    for _ in range(4):
        page.keyboard.press("ArrowUp")
    assert page.evaluate(focused) == "9S"
    page.keyboard.press(" ")  # Space picks up too
    assert table.lifted() == STACK
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert page.evaluate(focused) == "TH"
    page.keyboard.press("Enter")
    table.wait_ply(2)
    assert table.column(3) == [HIDDEN_FLIP]

    page.keyboard.press("Control+z")
    expect(table.counter).to_have_text("1")
    assert table.column(3) == STACK
    page.keyboard.press("u")
    expect(table.counter).to_have_text("0")
    assert table.column(1) == ["AS"]


def test_without_javascript_a_card_link_and_a_pile_button_make_the_move(open_table, worked_example):
    table = open_table(f"/yukon/{NUMBER}/", java_script_enabled=False)
    table.card("9S").click(position={"x": 6, "y": 5})
    expect(table.page).to_have_url(re.compile(r"\?select=9S$"))
    assert table.lit() == ["t5"]

    table.pile("t5").locator("button[name=to]").click()

    expect(table.counter).to_have_text("1")
    assert table.column(3) == [HIDDEN_FLIP]
    assert table.column(5)[-5:] == STACK


def test_cards_are_announced_by_name_and_face_down_cards_say_nothing(table, worked_example):
    expect(table.card("9S")).to_have_attribute("aria-label", "9 of spades")
    expect(table.card("TH")).to_have_attribute("aria-label", "10 of hearts")
    downs = table.page.locator("#board .card.down")
    assert downs.count() == 21
    assert set(downs.evaluate_all("cards => cards.map(c => c.outerHTML)")) == {
        '<span class="card down" aria-hidden="true"></span>'
    }
    html = table.page.content()
    for column in worked_example.tableau:
        for card in column.down:
            for trace in (f'"{card.code}"', f"={card.code}", card.label, card.spoken):
                assert trace not in html, f"{card.code} is face down but the page shows {trace}"


def test_a_phone_plays_without_horizontal_scrolling(open_table, worked_example):
    table = open_table(f"/yukon/{NUMBER}/", viewport=PHONE, has_touch=True)
    table.no_horizontal_scroll(PHONE["width"])
    rank = table.card("9S").locator("b")
    assert float(rank.evaluate("b => parseFloat(getComputedStyle(b).fontSize)")) >= 14

    table.card("9S").tap(position={"x": 6, "y": 5})
    assert table.lit() == ["t5"]
    table.no_horizontal_scroll(PHONE["width"])
    table.pile("t5").tap(position={"x": 8, "y": 8})
    expect(table.counter).to_have_text("1")
    table.no_horizontal_scroll(PHONE["width"])

    table.open("/klondike/7/?draw=3")
    table.tap_pile("stock")
    expect(table.pile("waste").locator("[data-card]")).to_have_count(3)
    table.no_horizontal_scroll(PHONE["width"])
    for page in ("/", "/records/", "/rules/yukon/"):
        table.open(page)
        table.no_horizontal_scroll(PHONE["width"])


def test_a_tap_while_cards_glide_lands_and_skips_the_glide(table):
    page = table.page
    page.emulate_media(reduced_motion="no-preference")
    # Freeze the FLIP animations where they start, so the tap surely comes mid-flight.
    page.evaluate(
        "document.addEventListener('htmx:afterSwap',"
        " () => document.getAnimations().forEach(a => a.pause()))"
    )
    before = table.card("9S").bounding_box()
    table.tap("9S")
    table.tap_pile("t5")
    table.wait_ply(1)
    assert page.evaluate("document.getAnimations().length") >= 5
    assert table.card("9S").bounding_box()["x"] == pytest.approx(before["x"], abs=6)

    corner = table.card("AS").bounding_box()
    page.mouse.click(corner["x"] + 6, corner["y"] + 5)

    glides = "document.getAnimations().filter(a => !(a instanceof CSSAnimation)).length"
    assert page.evaluate(glides) == 0  # (the lit foundations' glow is a CSS animation)
    assert table.card("9S").bounding_box()["x"] == pytest.approx(
        table.pile("t5").bounding_box()["x"], abs=2
    )
    assert table.lifted() == ["AS"]
    table.tap_pile("f1")
    expect(table.counter).to_have_text("2")
