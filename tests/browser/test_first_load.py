"""DESIGN.md §6's first-page-load budget, asserted in Chromium on the site as it is shipped:
gunicorn with DEBUG=0 and whitenoise's compressed static files (bench/site.py, the benches'
launcher), a first visit to a game page of each game:

- at most 60 KB transferred, counted by the browser (Resource Timing's transferSize: headers
  plus the body as it came over the wire). The shipped deployment gzips the static files
  (whitenoise) but sends the HTML as Django renders it, uncompressed: that is what is counted;
- no JavaScript framework: the only scripts are htmx and our own, each loaded by its hashed
  name (the table's modules, imported by table.js, too);
- playable in under 1 s: the table painted (first contentful paint), table.js run, and a tap on
  a card answered by lighting its targets, all on the page's own clock.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from bench.site import Site

from .conftest import DESKTOP, PlayerTab

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BUDGET_BYTES = 60 * 1024
BUDGET_MS = 1000.0
OUR_SCRIPTS = re.compile(r"/static/(js/[a-z_/]+|django_htmx/htmx-\d+\.min)\.[0-9a-f]{12}\.js$")
# The shipped image installs no brotli, so whitenoise has only .gz files to send there; here
# (brotli comes with the dev tools) the browser is kept from asking for br, to count the same.
GZIP = {"Accept-Encoding": "gzip, deflate"}
PAGES = {"yukon": "/yukon/{}/", "klondike": "/klondike/{}/?draw=1&scoring=standard"}

# Installed before the page's own scripts: when table.js has run (it puts class "js" on
# <html>), when the tap arrived and when a target pile lit, on the page's clock.
MARKS_JS = """(() => {
  const marks = (window.__marks = {js: null, tap: null, lit: null});
  addEventListener("pointerdown", (e) => { marks.tap ??= e.timeStamp; }, true);
  new MutationObserver(() => {
    if (marks.js === null && document.documentElement.classList.contains("js"))
      marks.js = performance.now();
    if (marks.lit === null && document.querySelector("#board .pile.lit"))
      marks.lit = performance.now();
  }).observe(document, {attributes: true, attributeFilter: ["class"], subtree: true,
                        childList: true});
})();"""

FIRST_LOAD_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const early = performance.getEntriesByType("resource")
    .filter((r) => r.startTime < nav.loadEventStart);
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {bytes: nav.transferSize + early.reduce((sum, r) => sum + r.transferSize, 0),
          scripts: early.filter((r) => r.initiatorType === "script").map((r) => r.name),
          frameworks: ["React", "Vue", "angular", "Svelte", "preact", "jQuery", "Alpine", "Ember",
                       "Backbone", "Stimulus", "ko"].filter((name) => window[name] != null),
          fcp: fcp ? fcp.startTime : null, ...window.__marks};
}"""


@pytest.fixture(scope="module")
def shipped_site(tmp_path_factory):
    """The site as shipped, on its own database: PostgreSQL when the tests run on it."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith("postgres"):
        url = (
            url.rsplit("/", 1)[0] + "/yukon_first_load" + os.environ.get("PYTEST_XDIST_WORKER", "")
        )
    else:
        url = f"sqlite:///{Path(tmp_path_factory.mktemp('first-load')) / 'site.sqlite3'}"
    with Site(url, web_workers=1, threads=4, fresh=True, DEAL_KEY="first-load " * 4) as site:
        yield site


def first_visit(browser, site: Site, path: str) -> dict:
    """A new player (fresh context: no cache, no cookie) opens `path` and taps the first
    face-up card that has somewhere to go; the page's own figures of that load."""
    context = browser.new_context(
        viewport=DESKTOP, reduced_motion="reduce", extra_http_headers=GZIP
    )
    try:
        page = context.new_page()
        page.add_init_script(MARKS_JS)
        responses = []
        page.on("response", lambda response: responses.append(response))
        page.goto(site.url + path, wait_until="load")
        tab = PlayerTab(page, site.url)
        card = page.locator("#board .card.up[data-card][data-targets]:not([data-targets=''])")
        code = card.first.get_attribute("data-card")
        page.wait_for_function("() => window.__marks.js !== null")
        tab.tap(code)
        page.wait_for_function("() => window.__marks.lit !== null")
        # The paint timing entry is queued by the browser a moment after the paint itself; on
        # a busy machine it can come after the tap's answer.
        page.wait_for_function(
            "() => performance.getEntriesByName('first-contentful-paint').length > 0"
        )
        encodings = {r.headers.get("content-encoding") for r in responses}
        return {"path": path, "card": code, "encodings": encodings, **page.evaluate(FIRST_LOAD_JS)}
    finally:
        context.close()


@pytest.mark.parametrize("variant", sorted(PAGES))
def test_first_visit_to_a_game_page_meets_the_budget(browser, shipped_site, variant):
    path = PAGES[variant].format(4242)
    first_visit(browser, shipped_site, path)  # warm-up: templates, connections, caches
    # Best of three fresh visits: the machine the tests run on is shared, and one visit can
    # wait on other processes for a while. What the budget is about (the bytes, the work the
    # page makes the browser do) shows in every visit, so a slower page still fails all
    # three; the fastest one is the page's own cost with the least outside noise in it.
    loads = [first_visit(browser, shipped_site, path) for _ in range(3)]
    for load in loads:
        assert load["bytes"] <= BUDGET_BYTES, f"{load['bytes']} B transferred: {load}"
        assert not load["frameworks"], f"framework globals on the page: {load['frameworks']}"
        assert load["scripts"] and all(OUR_SCRIPTS.search(s) for s in load["scripts"]), load
        assert "gzip" in load["encodings"] and "br" not in load["encodings"], load
        assert load["fcp"] is not None and load["tap"] < load["lit"], load
    playable = [max(x["fcp"], x["js"]) + (x["lit"] - x["tap"]) for x in loads]
    print(f"{variant}: {[x['bytes'] for x in loads]} B, playable {[round(p) for p in playable]} ms")
    assert min(playable) < BUDGET_MS, f"playable after {playable} ms: {loads}"
