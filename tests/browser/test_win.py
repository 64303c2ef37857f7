"""Whole games in Chromium: a proven-winnable deal played to the result card by tapping the
solver's winning line, the finish flying home (and skipped), its Share button, and the record
it leaves."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.engine.moves import Move
from play.views.replay import describe_move

from .conftest import winnable

pytestmark = pytest.mark.browser

YUKON = 2_100_000_101
KLONDIKE_1 = 2_100_000_102
KLONDIKE_3 = 2_100_000_103

# Freeze the animations each board swap starts, so that the test surely sees them in flight.
FREEZE = (
    "document.addEventListener('htmx:afterSwap',"
    " () => document.getAnimations().forEach(a => a.pause()))"
)
FLYING = "document.getAnimations().filter(a => !(a instanceof CSSAnimation)).length"


def record_row(tab, game: str):
    """The game's row in the records table (not in the list of recent games)."""
    rows = tab.page.locator("tr", has=tab.page.get_by_test_id("best-moves"))
    return rows.filter(has=tab.page.get_by_role("link", name=game, exact=True))


def finish_and_skip_the_flight(tab) -> int:
    """Press the finish button with motion on; the cards fly home until a key is pressed.
    Returns how many cards flew."""
    page = tab.page
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate(FREEZE)
    tab.finish_button.click()
    expect(page.get_by_test_id("result")).to_be_visible()
    flying = page.evaluate(FLYING)
    page.keyboard.press("Shift")
    assert page.evaluate(FLYING) == 0, "a key press skips the flight"
    return flying


def test_a_winnable_yukon_deal_tapped_to_the_result_card_becomes_a_record_and_a_replay(
    open_tab,
):
    deal, line = winnable("yukon", YUKON)
    tab = open_tab(f"/yukon/{YUKON}/")

    tab.play_line(line)  # stops at the Auto-finish button: before the last card, at the latest
    expect(tab.finish_button).to_have_text("Auto-finish")
    assert finish_and_skip_the_flight(tab) > 0

    result = tab.page.get_by_test_id("result")
    expect(result).to_be_visible()
    expect(result.get_by_role("heading")).to_have_text("You won!")
    moves = tab.page.get_by_test_id("result-moves").inner_text()
    assert moves == tab.counter.inner_text()
    assert 0 < int(moves) <= len(line)
    expect(tab.page.get_by_test_id("new-record")).to_be_visible()
    share = result.get_by_role("link", name=f"Share game #{YUKON}")
    address, words = share.get_attribute("data-share"), share.get_attribute("data-share-text")
    assert "/challenge/" in address  # the result's page, whose preview is the result
    assert words.startswith(f"Yukon #{YUKON} in {moves} moves")
    # Without a share sheet (none here, whatever this Chromium has), Share copies the result's
    # words and its address, and says so, on the page.
    tab.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    tab.page.evaluate("delete Navigator.prototype.share")
    share.click()
    expect(result.get_by_role("link", name="Link copied")).to_be_visible()
    assert tab.page.evaluate("navigator.clipboard.readText()") == f"{words} {address}"
    labels = tab.page.locator("#board .foundation").evaluate_all(
        "piles => piles.map(p => p.getAttribute('aria-label'))"
    )
    suits = [
        re.fullmatch(rf"Foundation {i}, (\w+), 13 cards", label)
        for i, label in enumerate(labels, 1)
    ]
    assert all(suits) and sorted(s[1] for s in suits) == ["clubs", "diamonds", "hearts", "spades"]

    replay_url = tab.page.get_by_test_id("replay-link").get_attribute("href")

    result.locator("summary").click()  # the links beyond the three buttons are one tap away
    result.get_by_role("link", name="My records").click()  # the dialog is modal
    row = record_row(tab, f"Yukon #{YUKON}")
    expect(row).to_be_visible()
    expect(row.get_by_test_id("best-moves")).to_have_text(moves)

    # Anyone with the link watches the replay, stepping with the keys.
    watcher = open_tab(replay_url).page

    def press(key: str) -> None:
        # The keys work once the replay's module has run (before DOMContentLoaded).
        watcher.wait_for_load_state("domcontentloaded")
        watcher.keyboard.press(key)

    with watcher.expect_navigation():
        watcher.get_by_test_id("watch").click()  # watching ends the watcher's first attempt
    expect(watcher.get_by_test_id("replay-result")).to_have_text(f"Won in {moves} moves")
    expect(watcher.get_by_test_id("moves")).to_have_text(moves)
    press("ArrowLeft")
    expect(watcher.get_by_test_id("moves")).to_have_text(str(int(moves) - 1))
    press("Home")
    expect(watcher.get_by_test_id("moves")).to_have_text("0")
    expect(watcher.get_by_test_id("action")).to_have_text("The deal")
    press("ArrowRight")
    expect(watcher.get_by_test_id("action")).to_have_text(describe_move(Move.parse(line[0])))
    press("End")
    expect(watcher.get_by_test_id("moves")).to_have_text(moves)


@pytest.mark.parametrize(("draw", "number"), [(1, KLONDIKE_1), (3, KLONDIKE_3)])
def test_a_winnable_klondike_deal_clicked_to_the_result_card(open_tab, draw, number):
    deal, line = winnable("klondike", number, draw=draw)
    tab = open_tab(f"/klondike/{number}/?draw={draw}&scoring=standard")

    tab.play_line(line)  # stops at the Finish button: before the last card, at the latest
    expect(tab.finish_button).to_have_text("Finish")
    tab.finish_button.click()

    expect(tab.page.get_by_test_id("result")).to_be_visible()
    shown_moves = tab.counter.inner_text()
    assert tab.page.get_by_test_id("result-moves").inner_text() == shown_moves
    tab.open("/records/")
    row = record_row(tab, f"Klondike #{number}")
    expect(row).to_contain_text(f"Draw {draw}")
    expect(row.get_by_test_id("best-moves")).to_have_text(shown_moves)
