"""Whole games in Chromium: a proven-winnable deal played to the result card by tapping the
solver's winning line (its last stretch: conftest.tapped_stretch; the moves before it are
posted), the finish flying home (and skipped), its Share button, and the record
it leaves."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.engine.moves import Move
from play.views.replay import describe_move
from tests.web.deals import EASY_YUKON, easy_yukon

from .conftest import ACTION_ADDRESS, PHONE, tapped_stretch, winnable

pytestmark = pytest.mark.browser

YUKON = 2_100_000_101
KLONDIKE_1 = 2_100_000_102
KLONDIKE_3 = 2_100_000_103
DESKTOP_800 = {"width": 1280, "height": 800}

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
    """Press the finish button with motion on; the cards fly home until a key is pressed,
    and the result card waits for them. Returns how many cards flew."""
    page = tab.page
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate(FREEZE)
    with page.expect_response(ACTION_ADDRESS):
        tab.finish_button.click()
    # The answer is on the board, its cards frozen in flight. (A function: a bare expression
    # polled is evaluated by eval, which the page's CSP refuses once it polls.)
    page.wait_for_function(f"() => {FLYING}")
    flying = page.evaluate(FLYING)
    expect(page.get_by_test_id("result")).to_be_hidden()
    page.keyboard.press("Shift")
    assert page.evaluate(FLYING) == 0, "a key press skips the flight"
    expect(page.get_by_test_id("result")).to_be_visible()
    return flying


def test_a_winnable_yukon_deal_tapped_to_the_result_card_becomes_a_record_and_a_replay(
    open_tab,
):
    deal, line = winnable("yukon", YUKON)
    tab = open_tab(f"/yukon/{YUKON}/")
    start = tapped_stretch(deal, line)
    tab.post_actions(line[:start])

    # Tapped until the Auto-finish button shows: before the last card, at the latest.
    tab.play_line(line[start:])
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
    # It opens at the deal (issue 37), its Play button ready to play the game from there.
    expect(watcher.get_by_test_id("moves")).to_have_text("0")
    expect(watcher.get_by_test_id("action")).to_have_text("The deal")
    press("ArrowRight")
    expect(watcher.get_by_test_id("action")).to_have_text(describe_move(Move.parse(line[0])))
    press("End")
    expect(watcher.get_by_test_id("moves")).to_have_text(moves)
    press("ArrowLeft")
    expect(watcher.get_by_test_id("moves")).to_have_text(str(int(moves) - 1))
    press("Home")
    expect(watcher.get_by_test_id("moves")).to_have_text("0")


def test_a_winnable_klondike_deal_clicked_to_the_result_card_in_draw_one_and_three(open_tab):
    tab, shown = None, {}
    for draw, number in [(1, KLONDIKE_1), (3, KLONDIKE_3)]:  # one tab, one game after the other
        deal, line = winnable("klondike", number, draw=draw)
        path = f"/klondike/{number}/?draw={draw}&scoring=standard"
        tab = tab.open(path) if tab else open_tab(path)
        # In draw 1, every kind of Klondike move is tapped (in draw 3, its last stretch).
        start = tapped_stretch(deal, line, draw, every_kind=draw == 1)
        tab.post_actions(line[:start])

        tab.play_line(line[start:])  # stops at the Finish button
        expect(tab.finish_button, f"draw {draw}").to_have_text("Finish")
        tab.finish_button.click()

        expect(tab.page.get_by_test_id("result"), f"draw {draw}").to_be_visible()
        shown[draw, number] = tab.counter.inner_text()
        moves = tab.page.get_by_test_id("result-moves").inner_text()
        assert moves == shown[draw, number], f"draw {draw}"
    tab.open("/records/")  # both wins on it
    for (draw, number), moves in shown.items():
        row = record_row(tab, f"Klondike #{number}")
        expect(row, f"draw {draw}").to_contain_text(f"Draw {draw}")
        expect(row.get_by_test_id("best-moves"), f"draw {draw}").to_have_text(moves)


# Every frame from the finish on: whether card animations were running and whether the result
# card was open at the same time.
WATCH_THE_WIN = """window.win = {flights: 0, overlap: 0};
(function watch() {
  const flying = document.getAnimations().filter(a => !(a instanceof CSSAnimation)
    && a.playState === "running").length;
  const open = document.querySelector("dialog.result")?.open;
  if (flying) window.win.flights = Math.max(window.win.flights, flying);
  if (flying && open) window.win.overlap++;
  requestAnimationFrame(watch);
})();"""


def finished_by_hand(open_tab, **options):
    """A Yukon deal four kings from its win, the finish button on the page; its line."""
    won, line = easy_yukon()
    tab = open_tab(f"/yukon/{won.number}/", **options)
    tab.post_actions(line)
    return tab, line


def again_by_hand(tab, line: list[str]) -> None:
    """The same deal again in the same tab (a won game leaves the deal's address to a new
    one), four kings from its win."""
    tab.open(f"/yukon/{EASY_YUKON}/")
    tab.post_actions(line)


# The cascade frozen once it is under way: only the player's key or tap ends it.
FREEZE_THE_CASCADE = (
    "requestAnimationFrame(function again() { if (!document.querySelector('.cascade'))"
    " return requestAnimationFrame(again);"
    " document.getAnimations().forEach(a => a.pause()); })"
)


def test_the_result_card_waits_for_the_flight_and_cascade_which_a_key_or_a_tap_ends(open_tab):
    # One tab with motion on, three wins of the same deal: the whole celebration watched,
    # then one ended by a key, then one by a tap.
    tab, line = finished_by_hand(open_tab, reduced_motion="no-preference")
    page = tab.page
    page.evaluate(WATCH_THE_WIN)
    tab.finish_button.click()
    expect(page.locator(".cascade .card").first).to_be_attached()  # the celebration plays
    expect(page.get_by_test_id("result")).to_be_hidden()
    expect(page.get_by_role("dialog", name="You won!")).to_be_visible(timeout=10_000)
    win = page.evaluate("window.win")
    assert win["flights"] >= 52, f"the flight and the cascade ran: {win}"
    assert win["overlap"] == 0, f"the result card was open over {win['overlap']} frames of them"
    assert page.evaluate(FLYING) == 0
    expect(page.locator(".cascade")).to_have_count(0)

    for skip in ("key", "tap"):
        again_by_hand(tab, line)
        page.evaluate(FREEZE_THE_CASCADE)
        tab.finish_button.click()
        expect(page.locator(".cascade .card").first, f"by {skip}").to_be_attached()
        expect(page.get_by_test_id("result"), f"by {skip}").to_be_hidden()
        if skip == "key":
            page.keyboard.press("Shift")
        else:
            page.mouse.click(5, 5)
        result = page.get_by_role("dialog", name="You won!")
        expect(result, f"ended by a {skip}").to_be_visible()
        assert page.evaluate(FLYING) == 0, f"ended by a {skip}"
        expect(page.locator(".cascade"), f"ended by a {skip}").to_have_count(0)
        expect(result.get_by_role("link", name="New game"), f"by {skip}").to_be_visible()


def test_with_reduced_motion_the_result_card_opens_with_the_answer_and_its_replay_fits(
    open_tab,
):
    tab, _ = finished_by_hand(open_tab, viewport=PHONE)  # reduced motion: conftest's default
    page = tab.page
    page.evaluate(
        "document.addEventListener('htmx:afterSwap', () => window.modal ="
        " document.querySelector('dialog.result')?.matches(':modal'))"
    )
    tab.finish_button.click()
    page.wait_for_function("() => window.modal !== undefined")
    assert page.evaluate("window.modal") is True, "open in the same task as the new board"
    expect(page.get_by_role("dialog", name="You won!")).to_be_visible()
    assert page.evaluate("document.getAnimations().length") == 0
    expect(page.locator(".cascade")).to_have_count(0)

    # The replay opens at the deal with its controls in one row, on a phone and a desktop.
    link = page.get_by_test_id("replay-link")
    expect(link, "on a phone").to_be_visible()
    page.set_viewport_size(DESKTOP_800)
    expect(link, "on a desktop").to_be_visible()
    replay = link.get_attribute("href")
    for viewport in (PHONE, DESKTOP_800):
        page.set_viewport_size(viewport)
        tab.open(replay)
        the_replay_fits(tab, viewport)


def the_replay_fits(tab, viewport: dict) -> None:
    page, size = tab.page, f"{viewport['width']} px wide"
    expect(page.get_by_test_id("replay-counter"), size).to_have_text("Move 0 of 52")
    expect(page.get_by_test_id("action"), size).to_have_text("The deal")
    expect(page.get_by_test_id("play"), size).to_be_visible()
    row = page.locator(".replay-nav")
    controls = row.locator(".button, select, .replay-counter")
    assert controls.count() == 7, size  # Play, the speed, First, Previous, where, Next, Last
    boxes = controls.evaluate_all("els => els.map(e => e.getBoundingClientRect().toJSON())")
    tallest = max(b["height"] for b in boxes)
    assert row.bounding_box()["height"] <= tallest + 2, f"more than one row, {size}"
    assert all(b["right"] <= viewport["width"] for b in boxes), (size, boxes)
    tab.no_horizontal_scroll(viewport["width"])
    page.keyboard.press("ArrowRight")  # the row stays one row, the player in it, as it steps
    expect(page.get_by_test_id("replay-counter"), size).to_have_text("Move 1 of 52")
    expect(row.get_by_test_id("play"), size).to_be_visible()
