"""Issue 13 in Chromium, by axe-core (WCAG 2.0-2.2 A and AA): every page and state at 1280 px
and at 360 px with touch, Klondike and a win, the dead-end banner, the dark theme and forced
colours."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games.engine.deal import deal
from tests.web.deals import easy_yukon, store

from . import accessibility
from .accessibility import DEAD_END_DEAL, INTO_THE_DEAD_END, KLONDIKE, NUMBER, until_jump_back
from .axe import assert_clean, rule_results
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.browser


WIDTHS = {"desktop": {"viewport": DESKTOP}, "phone": {"viewport": PHONE, "has_touch": True}}


# Fixtures defined once in accessibility.py, bound here so that pytest finds them.
worked_example = accessibility.worked_example
klondike_deal = accessibility.klondike_deal


def post_actions(tab, moves: list[str]) -> None:
    """Play `moves` with the page's own form fields (its cookie and CSRF token), quicker than
    tapping, then reload the page."""
    page = tab.page
    action = tab.board.get_attribute("data-action")
    token = page.locator("#play input[name=csrfmiddlewaretoken]").input_value()
    for ply, move in enumerate(moves, start=tab.ply):
        response = page.request.post(
            tab.base_url + action,
            form={"csrfmiddlewaretoken": token, "ply": str(ply), "move": move},
            headers={"HX-Request": "true"},
        )
        assert response.ok and f'data-ply="{ply + 1}"' in response.text(), move
    page.reload()
    expect(tab.board).to_have_attribute("data-ply", str(tab.ply))


# -- axe on every page and state ---------------------------------------------------------------


def test_label_in_name_is_checked_on_every_card_and_passes(open_tab, worked_example):
    """WCAG 2.5.3: each card's name holds the rank it shows (`K`, `10`), court cards and aces
    too. axe runs the rule (experimental, so asked for by name in every run of axe.py) on
    every face-up card of a Yukon deal, and fails none."""
    tab = open_tab(f"/yukon/{NUMBER}/")
    found = rule_results(tab.page, "label-content-name-mismatch")
    cards = tab.page.locator("#board a.card").count()
    assert not found["violations"], found["violations"]
    assert len([n for n in found["passes"] if "card" in n]) == cards == 31, found


@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_nothing_on_any_page_or_state_of_yukon(open_tab, worked_example, width):
    options = WIDTHS[width]
    tab = open_tab("/", **options)
    assert_clean(tab.page, f"the lobby at {width}")
    for path in (
        "/rules/yukon/", "/rules/klondike/", "/records/", "/stats/", "/daily/", "/daily/klondike/",
        f"/leaderboard/yukon/{NUMBER}/", "/accounts/signup/", "/accounts/login/",
        "/accounts/password_reset/", "/no-such-page/",
    ):  # fmt: skip
        tab.page.goto(tab.base_url + path)
        assert_clean(tab.page, f"{path} at {width}")

    tab.open(f"/yukon/{NUMBER}/")
    assert_clean(tab.page, f"a Yukon deal at {width}")
    tab.tap("9S")
    expect(tab.page.locator("#selection-bar")).to_be_visible()
    assert_clean(tab.page, f"a picked-up stack at {width}")
    tab.tap_pile("t6")
    expect(tab.alert).to_have_text("♠9 goes on a red 10")
    assert_clean(tab.page, f"a refusal at {width}")

    tab.page.locator("#board summary[aria-label=Menu]").click()
    expect(tab.page.locator("#board .menu-panel")).to_be_visible()
    expect(tab.page.locator("#board .tableau")).to_have_attribute("inert", "")
    assert_clean(tab.page, f"the open menu at {width}")
    tab.page.locator("#board button[value=ask-resign]").click()
    confirm = tab.page.get_by_test_id("confirm-resign")
    expect(confirm).to_be_visible()
    assert_clean(tab.page, f"the resign question at {width}")
    confirm.get_by_role("button", name="Resign").click()
    expect(tab.page.get_by_role("dialog", name="Game over")).to_be_visible()
    assert_clean(tab.page, f"the resigned dialog at {width}")

    tab.open(tab.page.get_by_test_id("replay-link").get_attribute("href"))
    assert_clean(tab.page, f"a replay at {width}")
    tab.open("/records/")
    assert_clean(tab.page, f"the records with a game at {width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_nothing_on_klondike_its_waste_fan_and_a_win(open_tab, klondike_deal, width):
    options = WIDTHS[width]
    tab = open_tab(f"/klondike/{KLONDIKE}/?draw=3&scoring=vegas", **options)
    assert_clean(tab.page, f"a Klondike deal at {width}")
    tab.play("d")
    expect(tab.page.locator("#board .waste .covered")).to_have_count(2)
    assert_clean(tab.page, f"a draw-3 waste fan at {width}")

    won, line = easy_yukon()
    tab.open(f"/yukon/{won.number}/")
    post_actions(tab, line)
    tab.finish_button.click()
    dialog = tab.page.get_by_role("dialog", name="You won!")
    expect(dialog).to_be_visible()
    assert_clean(tab.page, f"the win dialog at {width}")
    tab.open(dialog.get_by_test_id("replay-link").get_attribute("href"))
    assert_clean(tab.page, f"the replay of a win at {width}")
    tab.open("/stats/")  # the chart and table of the game just won
    expect(tab.page.locator("svg[role=img]")).to_be_visible()
    assert_clean(tab.page, f"the statistics with a win at {width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_nothing_on_the_dead_end_banner(open_tab, width):
    store(deal("yukon", DEAD_END_DEAL, b"test-key"), DEAD_END_DEAL)
    tab = open_tab(f"/yukon/{DEAD_END_DEAL}/", **WIDTHS[width])
    post_actions(tab, INTO_THE_DEAD_END)
    banner = tab.page.get_by_test_id("dead-end")
    until_jump_back(tab.page)
    expect(banner).to_be_in_viewport()
    assert_clean(tab.page, f"the dead-end banner at {width}")


def test_axe_finds_nothing_in_the_dark_theme_or_forced_colours(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/", color_scheme="dark")
    assert_clean(tab.page, "a Yukon deal in the dark theme")
    tab.tap("9S")
    assert_clean(tab.page, "a picked-up stack in the dark theme")
    for path in ("/", "/rules/yukon/", "/records/", "/stats/", "/daily/", "/no-such-page/"):
        tab.page.goto(tab.base_url + path)
        assert_clean(tab.page, f"{path} in the dark theme")
    tab.page.emulate_media(forced_colors="active")
    tab.open(f"/yukon/{NUMBER}/")
    assert_clean(tab.page, "a Yukon deal in forced colours")
