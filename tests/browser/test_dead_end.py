"""Issue 6 in Chromium: a game steered into a proven dead end shows the banner, without a
reload, and "jump back" takes the player to the last winnable move."""

from __future__ import annotations

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.engine.deal import deal
from tests.browser.conftest import store

pytestmark = pytest.mark.browser

NUMBER = 6
# Yukon deal 6 under the test key: after 7S-t7 the deal is still winnable; KC-t1 then leaves a
# single legal move (4D-t6), after which nothing moves at all: a dead end the solver proves.
INTO_THE_DEAD_END = ["7S-t7", "KC-t1"]


# Counts the page's verdict polls that came back (and were swapped in).
COUNT_POLLS = """() => {
  window.verdictPolls = 0;
  document.addEventListener("htmx:afterRequest", (event) => {
    if (event.detail.xhr.responseURL.includes("/verdict/")) window.verdictPolls += 1;
  });
}"""


def run_worker() -> None:
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def test_a_lost_line_shows_the_banner_and_jump_back_restores_the_last_winnable_move(open_tab):
    store(deal("yukon", NUMBER, b"test-key"), NUMBER)
    tab = open_tab(f"/yukon/{NUMBER}/")
    for move in INTO_THE_DEAD_END:
        tab.play(move)
    banner = tab.page.get_by_test_id("dead-end")
    jump = tab.page.get_by_test_id("jump-back")
    # The worker proves the loss, then (asked by the page's poll) the positions before it.
    # Each round runs the worker and waits, not for a time, but for the page's next poll to
    # come back, or for the jump-back button, once the page has it and stops polling.
    tab.page.evaluate(COUNT_POLLS)
    for _ in range(10):
        polls = tab.page.evaluate("window.verdictPolls")
        run_worker()
        tab.page.wait_for_function(
            "n => document.querySelector('[data-testid=jump-back]') || window.verdictPolls > n",
            arg=polls,
        )
        if jump.count():
            break
    expect(banner).to_contain_text("This line is lost")
    expect(jump).to_have_text("Jump back to move 1, the last winnable one")
    expect(banner.locator("button[value=undo]")).to_be_visible()
    expect(banner.get_by_role("button", name="Resign…")).to_be_visible()  # Resign asks first
    # Stopping to see the solver's line asks to resign too (play.coach).
    expect(banner.get_by_test_id("resign-for-line")).to_have_text("Stop, and show me how to win…")

    jump.click()
    expect(banner).to_have_count(0)
    expect(tab.counter).to_have_text("1")
    assert tab.column(1) == [], "KC's stack left column one again"
    assert tab.column(7)[-1] == "7S", "7S-t7 is kept: the jump goes back to just after it"

    tab.act("undo")  # the jump is one undoable step: back into the dead end
    expect(tab.counter).to_have_text("2")
