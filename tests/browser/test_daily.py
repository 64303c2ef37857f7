"""The daily deal in Chromium, as players meet it: one wins it unassisted from the daily page
and finds their name on its board; another wins it with one undo and is not ranked."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict
from tests.web.deals import EASY_YUKON, easy_yukon

from .test_accounts import finish, sign_up

pytestmark = pytest.mark.browser

KINGS = ["KS-f", "KH-f", "KD-f", "KC-f"]


def test_win_the_daily_unassisted_and_appear_on_its_board_but_not_with_an_undo(
    open_tab, live_server
):
    deal, line = easy_yukon()
    verdict = DealVerdict.objects.create(
        deal=deal, verdict=Verdict.WIN, moves=line + KINGS, par_moves=line + KINGS
    )  # proven yesterday: today's daily deal
    DealVerdict.objects.filter(pk=verdict.pk).update(created=timezone.now() - dt.timedelta(days=1))

    table = open_tab("/accounts/signup/")
    sign_up(table.page, live_server.url, "erin")
    table.open("/daily/")
    expect(table.page.get_by_test_id("time-left")).to_contain_text("left")
    table.page.get_by_test_id("play-daily").click()
    expect(table.board).to_be_visible()
    table.post_actions(line[:-4])  # the line's moves, then its last ones tapped
    table.play_line(line[-4:])
    finish(table)
    result = table.page.get_by_test_id("result")
    expect(result.get_by_test_id("ranked")).to_contain_text("A ranked win")
    expect(result.get_by_test_id("share-text")).to_have_text(
        f"Yukon #{EASY_YUKON} in 52 moves, par 52: can you beat it?"
    )
    result.locator("summary").click()  # the share box and leaderboard are one tap away
    result.get_by_role("button", name="Copy link").click()  # stays on the page
    expect(result.locator("[data-copy-status]")).to_have_text(re.compile("copied|Ctrl"))
    result.get_by_test_id("board-link").click()
    expect(table.page.get_by_test_id("entry-name")).to_have_text(["erin"])

    other = open_tab("/accounts/signup/")
    sign_up(other.page, live_server.url, "finn")
    other.open(f"/yukon/{EASY_YUKON}/")
    other.play(line[0])
    other.act("undo")
    other.post_actions(line)  # the win's taps are the first player's; the undo is the point
    finish(other)
    expect(other.page.get_by_test_id("ranked")).to_contain_text("Not ranked: a move was undone")
    other.page.get_by_test_id("result").locator("summary").click()
    other.page.get_by_test_id("board-link").click()
    expect(other.page.get_by_test_id("entry-name")).to_have_text(["erin"])
