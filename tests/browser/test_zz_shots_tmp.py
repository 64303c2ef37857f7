import pytest
from playwright.sync_api import expect
from django.core.cache import cache
from games.engine.deal import deal
from tests.web.deals import store
from .accessibility import DEAD_END_DEAL, INTO_THE_DEAD_END, until_jump_back
from .conftest import PHONE

pytestmark = pytest.mark.browser

def test_shots(open_tab):
    cache.clear()
    store(deal("yukon", DEAD_END_DEAL, b"test-key"), DEAD_END_DEAL)
    tab = open_tab(f"/yukon/{DEAD_END_DEAL}/")
    for move in INTO_THE_DEAD_END:
        tab.play(move)
    until_jump_back(tab.page)
    tab.page.screenshot(path="/tmp/coach_banner.png")
    tab.page.get_by_test_id("resign-for-line").click()
    tab.page.screenshot(path="/tmp/coach_confirm.png")
    tab.page.get_by_test_id("confirm-resign").get_by_role("button", name="Resign and show me").click()
    expect(tab.page.locator("#replay-frame")).to_be_visible()
    tab.page.screenshot(path="/tmp/coach_line.png")
    url = tab.page.url
    tab.page.set_viewport_size(PHONE)
    tab.page.screenshot(path="/tmp/coach_line_phone.png", full_page=True)
