"""Issue 13 in Chromium, by axe-core (WCAG 2.0-2.2 A and AA): every page and state at 1280 px
and at 360 px with touch, Klondike and a win, the dead-end banner. Issue 23: at 1280 px each
state again in the dark scheme (its colour contrast included), and screenshots of each state
in both schemes at both sizes (tests/browser/screenshots.py). The pages no sweep reaches,
and forced colours: test_accessibility_dark.py."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine.deal import deal
from tests.web.deals import easy_yukon, store

from . import accessibility, screenshots
from .accessibility import (
    DAILY,
    DEAD_END_DEAL,
    INTO_THE_DEAD_END,
    KLONDIKE,
    NUMBER,
    until_jump_back,
)
from .axe import assert_clean, rule_results
from .conftest import PHONE

pytestmark = pytest.mark.browser


# At the screenshots' sizes (1280×800, 360×740), so a shot needs no resize. Both in one tab
# of a touch screen, resized between them (no stylesheet or script of the site reads whether
# the screen takes touch: the phone is a width), each width by a new player.
WIDTHS = {"desktop": screenshots.SIZES["desktop"], "phone": PHONE}


def at_each_width(open_tab, path: str):
    """The tab at `path` at each width in turn, as a new player at each: (width, tab)."""
    tab = open_tab(path, viewport=WIDTHS["desktop"], has_touch=True)
    for width, size in WIDTHS.items():
        if width != "desktop":
            tab.page.context.clear_cookies()
            tab.page.set_viewport_size(size)
            tab.open(path)
        yield width, tab


# Fixtures defined once in accessibility.py, bound here so that pytest finds them.
worked_example = accessibility.worked_example
klondike_deal = accessibility.klondike_deal
todays_daily = accessibility.todays_daily


def post_actions(tab, moves: list[str]) -> None:
    """Play `moves` without tapping, then reload the page (PlayerTab.post_actions)."""
    tab.post_actions(moves)


# -- axe on every page and state ---------------------------------------------------------------


def test_label_in_name_is_checked_on_every_card_and_passes(open_tab, worked_example):
    """WCAG 2.5.3: each card's name holds the index it shows as words ("Q♥, queen of
    hearts", "10 of hearts"), court cards and aces too: since axe-core 4.14 the rule compares
    word by word, so the `Q` in "queen" no longer counts. axe runs the rule (experimental, so
    asked for by name in every run of axe.py) on every face-up card of a Yukon deal, with
    its court cards and ace, and fails none."""
    tab = open_tab(f"/yukon/{NUMBER}/")
    found = rule_results(tab.page, "label-content-name-mismatch")
    cards = tab.page.locator("#board a.card").count()
    assert tab.page.locator('#board a.card[data-card^="Q"], #board a.card[data-card^="A"]').count()
    assert not found["violations"], found["violations"]
    assert len([n for n in found["passes"] if "card" in n]) == cards == 31, found


PAGES = {
    "lobby": "/", "rules-yukon": "/rules/yukon/", "rules-klondike": "/rules/klondike/",
    "records": "/records/", "stats": "/stats/", "daily": "/daily/",
    "daily-klondike": "/daily/klondike/", "leaderboard": f"/leaderboard/yukon/{DAILY}/",
    "signup": "/accounts/signup/", "login": "/accounts/login/",
    "password-reset": "/accounts/password_reset/", "not-found": "/no-such-page/",
    "ratings": "/ratings/yukon/",
}  # fmt: skip


def test_axe_finds_nothing_on_any_page_or_state_of_yukon(open_tab, worked_example, todays_daily):
    for width, tab in at_each_width(open_tab, "/"):
        expect(tab.page.get_by_test_id("lobby-daily")).to_be_visible()
        if width == "desktop":
            every_page_at_each_width(tab)
        sweep_yukon(tab, width)


def every_page_at_each_width(tab) -> None:
    """The pages, each loaded once and checked at each width (resized), the tab left at the
    first width."""
    for name, path in PAGES.items():
        tab.page.goto(tab.base_url + path)
        for width, size in WIDTHS.items():
            tab.page.set_viewport_size(size)
            assert_clean(tab.page, f"{name} at {width}", dark=width == "desktop")
    tab.page.set_viewport_size(WIDTHS["desktop"])


def sweep_yukon(tab, width: str) -> None:
    dark = width == "desktop"
    tab.open(f"/yukon/{NUMBER}/")
    assert_clean(tab.page, f"yukon deal at {width}", dark=dark)
    tab.tap("9S")
    expect(tab.page.locator("#selection-bar")).to_be_visible()
    assert_clean(tab.page, f"yukon picked up at {width}", dark=dark)
    tab.tap_pile("t6")
    expect(tab.alert).to_have_text("♠9 goes on a red 10")
    assert_clean(tab.page, f"yukon refusal at {width}", dark=dark)

    tab.page.locator("#board summary[aria-label=Menu]").click()
    expect(tab.page.locator("#board .menu-panel")).to_be_visible()
    expect(tab.page.locator("#board .tableau")).to_have_attribute("inert", "")
    assert_clean(tab.page, f"yukon menu at {width}", dark=dark)
    tab.page.locator("#board button[value=ask-resign]").click()
    confirm = tab.page.get_by_test_id("confirm-resign")
    expect(confirm).to_be_visible()
    assert_clean(tab.page, f"yukon resign question at {width}", dark=dark)
    confirm.get_by_role("button", name="Resign").click()
    expect(tab.page.get_by_role("dialog", name="Game over")).to_be_visible()
    assert_clean(tab.page, f"yukon resigned at {width}", dark=dark)

    tab.open(tab.page.get_by_test_id("replay-link").get_attribute("href"))
    assert_clean(tab.page, f"replay at {width}", dark=dark)
    tab.open("/records/")
    assert_clean(tab.page, f"records with a game at {width}", dark=dark)


def test_axe_finds_nothing_on_klondike_its_waste_fan_and_a_win(
    open_tab, klondike_deal, todays_daily
):
    won, line = easy_yukon()
    for width, tab in at_each_width(open_tab, f"/klondike/{KLONDIKE}/?draw=3&scoring=vegas"):
        sweep_klondike_and_a_win(tab, width, won, line)


def sweep_klondike_and_a_win(tab, width: str, won, line: list[str]) -> None:
    dark = width == "desktop"
    assert_clean(tab.page, f"klondike deal at {width}", dark=dark)
    tab.play("d")
    expect(tab.page.locator("#board .waste .covered")).to_have_count(2)
    assert_clean(tab.page, f"klondike draw-3 waste fan at {width}", dark=dark)
    tab.open("/")  # the Klondike game, begun, waits under Continue
    expect(tab.page.get_by_test_id("continue-game")).to_have_count(1)
    assert_clean(tab.page, f"lobby with a game to continue at {width}", dark=dark)

    tab.open(f"/yukon/{won.number}/")
    post_actions(tab, line)
    tab.finish_button.click()
    dialog = tab.page.get_by_role("dialog", name="You won!")
    expect(dialog).to_be_visible()
    assert_clean(tab.page, f"win at {width}", dark=dark)
    tab.open(dialog.get_by_test_id("replay-link").get_attribute("href"))
    assert_clean(tab.page, f"replay of a win at {width}", dark=dark)
    tab.open("/stats/")  # the chart and table of the game just won
    expect(tab.page.locator("svg[role=img]")).to_be_visible()
    assert_clean(tab.page, f"stats with a win at {width}", dark=dark)


def test_axe_finds_nothing_on_the_dead_end_banner(open_tab):
    """One game into the dead end (its proofs are the worker's, the slow part), the banner
    checked at each width in the same tab."""
    store(deal("yukon", DEAD_END_DEAL, b"test-key"), DEAD_END_DEAL)
    tab = open_tab(f"/yukon/{DEAD_END_DEAL}/", viewport=WIDTHS["desktop"], has_touch=True)
    post_actions(tab, INTO_THE_DEAD_END)
    banner = tab.page.get_by_test_id("dead-end")
    until_jump_back(tab.page)
    for width, size in WIDTHS.items():
        tab.page.set_viewport_size(size)
        expect(banner).to_be_in_viewport()
        assert_clean(tab.page, f"dead-end banner at {width}", dark=width == "desktop")
