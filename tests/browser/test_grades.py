"""Graded deals and the daily deal in Chromium (issues 23 and 24): a player picks Expert in
the lobby and gets an Expert deal; a new site's daily page shows today's deal as soon as its
first pool fill has proven one."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.deals import deal_for
from solver.pool import tasks
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict
from tests.web.deals import EASY_YUKON, easy_yukon

pytestmark = pytest.mark.browser


def test_pick_expert_in_the_lobby_and_get_an_expert_deal(open_tab):
    deal, line = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict=Verdict.WIN, moves=line, grade="expert")
    for number, grade in [(4242, "easy"), (4243, "medium"), (4244, "hard")]:
        DealVerdict.objects.create(
            deal=deal_for("yukon", number), verdict=Verdict.WIN, moves=["AS-f"], grade=grade
        )
    table = open_tab("/")
    table.page.get_by_test_id("difficulty-yukon").get_by_role("radio", name="Expert").check()
    table.page.get_by_role("button", name="Play Yukon").click()
    expect(table.board).to_be_visible()
    expect(table.page).to_have_url(re.compile(rf"/yukon/{EASY_YUKON}/$"))
    expect(table.page.locator(".status [data-testid=grade]")).to_have_text("Difficulty: Expert")


def test_a_new_site_shows_todays_daily_deal_after_its_first_pool_fill(open_tab):
    table = open_tab("/daily/")
    expect(table.page.get_by_test_id("no-daily")).to_contain_text("not ready yet")
    for _ in range(20):  # the worker's first top-ups, until one deal is proven
        if tasks.pool_size("yukon", None, None):
            break
        tasks.top_up_pool.call("yukon", None, None)
    first = DealVerdict.objects.get(verdict=Verdict.WIN).deal
    table.page.reload()
    expect(table.page.get_by_test_id("daily-deal").get_by_role("heading")).to_contain_text(
        f"Yukon #{first.number}"
    )
    table.page.get_by_test_id("play-daily").click()
    expect(table.board).to_be_visible()
    expect(table.page).to_have_url(re.compile(rf"/yukon/{first.number}/$"))
