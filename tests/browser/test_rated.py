"""A rated game in Chromium: the lobby's hook deals it, and its table offers no assist (the
keyboard's undo and hint press the table's buttons: with none, they send nothing)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.models import Game
from ratings.models import RatedGame
from solver.pool.models import DealVerdict
from tests.web.deals import EASY_YUKON, easy_yukon

from .test_accounts import sign_up

pytestmark = pytest.mark.browser


def test_the_lobby_hook_deals_a_rated_game_without_hint_or_undo(open_tab, live_server):
    deal, line = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict="win", grade="easy", moves=line)
    tab = open_tab("/")
    sign_up(tab.page, live_server.url, "erin")
    tab.page.goto(live_server.url + "/")
    tab.page.get_by_test_id("play-rated-yukon").click()
    expect(tab.page).to_have_url(re.compile(rf"/yukon/{EASY_YUKON}/$"))
    board = tab.page.locator("#board")
    expect(board.get_by_test_id("rated-game")).to_be_visible()
    expect(board.locator("button[value=hint]")).to_have_count(0)
    expect(board.locator("button[value=undo]")).to_have_count(0)
    expect(tab.page.locator("#board button[value=restart]")).to_have_count(0)
    game = Game.objects.get(deal=deal)
    assert RatedGame.objects.get(game=game).status == "playing"
