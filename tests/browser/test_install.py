"""Issue 37 item 13, installable, in Chromium: the page names its manifest, the service
worker registers for the whole site under the site's CSP, keeps static files and the offline
page and never a game page, and shows that page when the connection is gone."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .conftest import winnable

pytestmark = pytest.mark.browser

YUKON = 2_100_000_501

READY = "navigator.serviceWorker.ready.then((r) => r.active && r.scope)"
KEPT = """async () => {
  const kept = [];
  for (const name of await caches.keys()) {
    for (const request of await (await caches.open(name)).keys()) {
      kept.push(new URL(request.url).pathname);
    }
  }
  return kept;
}"""


def test_the_worker_keeps_no_game_and_answers_offline(open_tab):
    deal, line = winnable("yukon", YUKON)
    tab = open_tab("/", service_workers="allow")  # the other tests' players have none
    expect(tab.page.locator('link[rel="manifest"]')).to_have_attribute(
        "href", "/manifest.webmanifest"
    )
    assert tab.page.evaluate(READY) == tab.base_url + "/"
    tab.open(f"/yukon/{YUKON}/")
    tab.page.locator(f'[data-card="{line[0].split("-")[0]}"]').wait_for()
    tab.page.reload()  # the game page and its files, fetched through the worker
    expect(tab.board).to_be_visible()
    kept = tab.page.evaluate(KEPT)
    assert "/offline/" in kept
    assert all(path == "/offline/" or path.startswith("/static/") for path in kept), kept
    assert any(path.startswith("/static/js/table") for path in kept)  # the table's files
    tab.page.context.set_offline(True)
    tab.page.goto(tab.base_url + f"/yukon/{YUKON}/")
    expect(tab.page.get_by_test_id("offline")).to_contain_text("needs a connection")
    expect(tab.page.locator("#board")).to_have_count(0)
