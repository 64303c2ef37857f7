"""Issue 37 items 13 and 9 in Chromium: the lobby as a front page. At 360x740 every link,
button and choice on it is a touch target of at least 44 px; axe finds nothing at 1280 and
360, light and dark; the segmented choices deal in the mode chosen, with no script needed.
And the result card's three buttons stand on one line at 1280."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.web.deals import easy_yukon

from . import accessibility
from .axe import assert_clean
from .conftest import DESKTOP, PHONE
from .test_accessibility_axe import post_actions

pytestmark = pytest.mark.browser

worked_example = accessibility.worked_example
todays_daily = accessibility.todays_daily

# Every control in the lobby's main part (the header menu is another helper's), with its box.
TARGETS = """() => [...document.querySelectorAll(
  "main a, main button, main summary, main label:has(input)")].map((el) => {
    const box = el.getBoundingClientRect();
    return [el.textContent.trim().slice(0, 40), Math.round(box.width), Math.round(box.height)];
})"""


def test_every_control_is_a_44px_touch_target_on_a_phone(open_tab, todays_daily):
    tab = open_tab("/", viewport=PHONE, has_touch=True)
    expect(tab.page.get_by_test_id("lobby-daily")).to_be_visible()
    targets = tab.page.evaluate(TARGETS)
    assert len(targets) > 15
    small = [t for t in targets if t[1] < 44 or t[2] < 44]
    assert not small, small


def test_axe_finds_nothing_on_the_new_lobby_and_a_segmented_choice_deals_in_its_mode(
    open_tab, todays_daily
):
    """One tab through the lobby at 1280 and 360, light and dark (the page loaded afresh
    at each size), then the Klondike tile's segmented choices at 1280."""
    tab = open_tab("/")
    for viewport in ({"width": 1280, "height": 800}, PHONE):
        tab.page.set_viewport_size(viewport)
        tab.open("/")
        for scheme in ("light", "dark"):
            tab.page.emulate_media(color_scheme=scheme)
            expect(tab.page.get_by_test_id("tile-klondike")).to_be_visible()
            assert_clean(tab.page, f"lobby at {viewport['width']} {scheme}")

    tab.page.set_viewport_size(DESKTOP)
    tab.page.emulate_media(color_scheme="light")
    tab.open("/")
    tile = tab.page.get_by_test_id("tile-klondike")
    tile.get_by_role("radio", name="Draw 3").check()
    tile.get_by_role("radio", name="Vegas").check()
    tab.page.get_by_test_id("play-klondike").click()
    expect(tab.page).to_have_url(re.compile(r"draw=3&scoring=vegas"))


def test_the_result_cards_three_buttons_share_one_line_at_1280(open_tab):
    """Issue 37 item 9: "Watch the replay" no longer wraps onto a line of its own."""
    won, line = easy_yukon()
    tab = open_tab(f"/yukon/{won.number}/", viewport={"width": 1280, "height": 800})
    post_actions(tab, line)
    tab.finish_button.click()
    dialog = tab.page.get_by_role("dialog", name="You won!")
    expect(dialog).to_be_visible()  # once the win has played out
    tops = dialog.locator(".actions .button").evaluate_all(
        "buttons => buttons.map((b) => Math.round(b.getBoundingClientRect().top))"
    )
    assert len(tops) == 3 and len(set(tops)) == 1, tops
    expect(dialog.get_by_role("link", name=f"Share game #{won.number}")).to_be_visible()
