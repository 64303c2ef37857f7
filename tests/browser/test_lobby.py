"""Issue 23 part 1 in Chromium: the lobby's countdown ticks, and Continue leads back to the
game where the player left it."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from . import accessibility
from .accessibility import NUMBER

pytestmark = pytest.mark.browser

worked_example = accessibility.worked_example
todays_daily = accessibility.todays_daily


def test_the_countdown_ticks_and_continue_leads_back_to_the_game(
    open_tab, worked_example, todays_daily
):
    tab = open_tab(f"/yukon/{NUMBER}/")
    tab.play("9S-t5")
    tab.open("/")
    timer = tab.page.get_by_test_id("daily-time-left")
    expect(timer).to_have_text(re.compile(r"^\d+:\d\d:\d\d left$"))  # the script's form
    before = timer.inner_text()
    expect(timer).not_to_have_text(before)  # a second later
    tab.page.get_by_test_id("continue-game").click()
    expect(tab.board).to_be_visible()
    expect(tab.counter).to_have_text("1")
    assert tab.column(5)[-5:] == ["9S", "4D", "JC", "2H", "6S"]
