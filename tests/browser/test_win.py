"""Whole games in Chromium: a proven-winnable deal played to the result card by tapping the
solver's winning line, the finish flying home (and skipped), and the record it leaves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine.moves import Move
from games.views.replay import describe_move

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


def record_row(table, game: str):
    """The game's row in the records table (not in the list of recent games)."""
    rows = table.page.locator("tr", has=table.page.get_by_test_id("best-moves"))
    return rows.filter(has=table.page.get_by_role("link", name=game, exact=True))


def finish_and_skip_the_flight(table) -> int:
    """Press the finish button with motion on; the cards fly home until a key is pressed.
    Returns how many cards flew."""
    page = table.page
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate(FREEZE)
    table.finish_button.click()
    expect(page.get_by_test_id("result")).to_be_visible()
    flying = page.evaluate(FLYING)
    page.keyboard.press("Shift")
    assert page.evaluate(FLYING) == 0, "a key press skips the flight"
    return flying


def test_a_winnable_yukon_deal_tapped_to_the_result_card_becomes_a_record_and_a_replay(
    open_table,
):
    deal, line = winnable("yukon", YUKON)
    table = open_table(f"/yukon/{YUKON}/")

    table.play_line(line)
    if table.finish_button.count():
        assert finish_and_skip_the_flight(table) > 0

    result = table.page.get_by_test_id("result")
    expect(result).to_be_visible()
    expect(result.get_by_role("heading")).to_have_text("You won!")
    moves = table.page.get_by_test_id("result-moves").inner_text()
    assert moves == table.counter.inner_text()
    assert 0 < int(moves) <= len(line)
    expect(table.page.get_by_test_id("new-record")).to_be_visible()
    expect(result.get_by_role("link", name=f"Share game #{YUKON}")).to_be_visible()
    assert table.page.locator("#board .foundation").evaluate_all(
        "piles => piles.map(p => p.getAttribute('aria-label'))"
    ) == [f"Foundation {i}, 13 cards" for i in range(1, 5)]

    replay_url = table.page.get_by_test_id("replay-link").get_attribute("href")

    result.get_by_role("link", name="My records").click()  # the dialog is modal
    row = record_row(table, f"Yukon #{YUKON}")
    expect(row).to_be_visible()
    expect(row.get_by_test_id("best-moves")).to_have_text(moves)

    # Anyone with the link watches the replay, stepping with the keys.
    watcher = open_table(replay_url).page
    watcher.get_by_test_id("watch").click()  # watching ends the watcher's own first attempt
    expect(watcher.get_by_test_id("replay-result")).to_have_text(f"Won in {moves} moves")
    expect(watcher.get_by_test_id("moves")).to_have_text(moves)
    watcher.keyboard.press("ArrowLeft")
    expect(watcher.get_by_test_id("moves")).to_have_text(str(int(moves) - 1))
    watcher.keyboard.press("Home")
    expect(watcher.get_by_test_id("moves")).to_have_text("0")
    expect(watcher.get_by_test_id("action")).to_have_text("The deal")
    watcher.keyboard.press("ArrowRight")
    expect(watcher.get_by_test_id("action")).to_have_text(describe_move(Move.parse(line[0])))
    watcher.keyboard.press("End")
    expect(watcher.get_by_test_id("moves")).to_have_text(moves)


@pytest.mark.parametrize(("draw", "number"), [(1, KLONDIKE_1), (3, KLONDIKE_3)])
def test_a_winnable_klondike_deal_clicked_to_the_result_card(open_table, draw, number):
    deal, line = winnable("klondike", number, draw=draw)
    table = open_table(f"/klondike/{number}/?draw={draw}&scoring=standard")

    table.play_line(line)
    if table.finish_button.count():
        table.finish_button.click()

    expect(table.page.get_by_test_id("result")).to_be_visible()
    table_moves = table.counter.inner_text()
    assert table.page.get_by_test_id("result-moves").inner_text() == table_moves
    table.open("/records/")
    row = record_row(table, f"Klondike #{number}")
    expect(row).to_contain_text(f"Draw {draw}")
    expect(row.get_by_test_id("best-moves")).to_have_text(table_moves)
