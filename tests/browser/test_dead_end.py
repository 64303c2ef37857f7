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


def run_worker() -> None:
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def test_a_lost_line_shows_the_banner_and_jump_back_restores_the_last_winnable_move(open_table):
    store(deal("yukon", NUMBER, b"test-key"), NUMBER)
    table = open_table(f"/yukon/{NUMBER}/")
    for move in INTO_THE_DEAD_END:
        table.play(move)
    banner = table.page.get_by_test_id("dead-end")
    jump = table.page.get_by_test_id("jump-back")
    # The worker proves the loss, then (asked by the page's poll) the positions before it.
    for _ in range(6):
        run_worker()
        try:
            expect(jump).to_be_visible(timeout=2_500)
            break
        except AssertionError:
            continue
    expect(banner).to_contain_text("This line is lost")
    expect(jump).to_have_text("Jump back to move 1, the last winnable one")
    expect(banner.locator("button[value=undo]")).to_be_visible()
    expect(banner.locator("button[value=ask-resign]")).to_be_visible()  # Resign asks first

    jump.click()
    expect(banner).to_have_count(0)
    expect(table.counter).to_have_text("1")
    assert table.column(1) == [], "KC's stack left column one again"
    assert table.column(7)[-1] == "7S", "7S-t7 is kept: the jump goes back to just after it"

    table.act("undo")  # the jump is one undoable step: back into the dead end
    expect(table.counter).to_have_text("2")
