"""DESIGN.md §6's first page load: how soon a new player's first visit to a game page is
playable, in Chromium on the site as shipped (bench/site.py). Playable: the table painted
(first contentful paint) and table.js run, plus the time a tap on a card takes to light its
targets, all on the page's own clock. Target: under 1 s locally. The bytes of the same visit
(≤ 60 KB) are asserted by tests/browser/test_first_load.py, which makes its visits here.

    .venv/bin/python bench/first_load.py [--visits 5] [--database-url URL]
"""

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.site import DEFAULT_DB, Site, spread  # noqa: E402

PAGES = {"yukon": "/yukon/{}/", "klondike": "/klondike/{}/?draw=1&scoring=standard"}
VIEWPORT = {"width": 1280, "height": 1000}
# The shipped image installs no brotli, so whitenoise has only .gz files to send there; here
# (brotli comes with the dev tools) the browser is kept from asking for br, to count the same.
GZIP = {"Accept-Encoding": "gzip, deflate"}

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

# The card art (static/cards/: one sheet of faces, cached for good) is counted apart: the
# budget is the page before it.
FIRST_LOAD_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const early = performance.getEntriesByType("resource")
    .filter((r) => r.startTime < nav.loadEventStart);
  const art = (r) => new URL(r.name).pathname.startsWith("/static/cards/");
  const sum = (entries) => entries.reduce((total, r) => total + r.transferSize, 0);
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {bytes: nav.transferSize + sum(early.filter((r) => !art(r))),
          art: sum(performance.getEntriesByType("resource").filter(art)),
          scripts: early.filter((r) => r.initiatorType === "script").map((r) => r.name),
          frameworks: ["React", "Vue", "angular", "Svelte", "preact", "jQuery", "Alpine", "Ember",
                       "Backbone", "Stimulus", "ko"].filter((name) => window[name] != null),
          fcp: fcp ? fcp.startTime : null, ...window.__marks};
}"""

# A card's index corner, the strip of it a fanned column leaves visible, scrolled on screen.
CORNER_JS = """(el) => { el.scrollIntoView({block: "center"});
  const box = el.getBoundingClientRect(); return [box.left + 6, box.top + 5]; }"""


def first_visit(browser, url: str, path: str) -> dict:
    """A new player (fresh context: no cache, no cookie) opens `path` and taps the first
    face-up card that has somewhere to go; the page's own figures of that load."""
    context = browser.new_context(
        viewport=VIEWPORT, reduced_motion="reduce", extra_http_headers=GZIP
    )
    try:
        page = context.new_page()
        page.add_init_script(MARKS_JS)
        responses = []
        page.on("response", lambda response: responses.append(response))
        page.goto(url + path, wait_until="load")
        card = page.locator("#board .card.up[data-card][data-targets]:not([data-targets=''])")
        code = card.first.get_attribute("data-card")
        page.wait_for_function("() => window.__marks.js !== null")
        page.mouse.click(*page.eval_on_selector(f'#board [data-card="{code}"]', CORNER_JS))
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


def playable_ms(load: dict) -> float:
    return max(load["fcp"], load["js"]) + (load["lit"] - load["tap"])


def main() -> None:
    from playwright.sync_api import sync_playwright

    from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--visits", type=int, default=5)
    parser.add_argument("--database-url", default=DEFAULT_DB)
    args = parser.parse_args()
    with Site(args.database_url, web_workers=1, threads=4, fresh=True) as site:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for variant, page in sorted(PAGES.items()):
                path = page.format(4242)
                first_visit(browser, site.url, path)  # warm-up: templates, connections
                loads = [first_visit(browser, site.url, path) for _ in range(args.visits)]
                ms = [playable_ms(load) for load in loads]
                kb = max(load["bytes"] for load in loads) / 1024
                art = max(load["art"] for load in loads) / 1024
                print(
                    f"{variant}: playable p50/p95/max {spread(ms, 0)} ms, {kb:.1f} KB at most"
                    f" (+ {art:.1f} KB of card art)"
                )
            browser.close()


if __name__ == "__main__":
    main()
