#!/usr/bin/env python
"""The first page load of a game, in Debian's Chromium headless on gunicorn + PostgreSQL.

DESIGN.md §6's target: <= 60 KB transferred (gzip), no JS framework, playable in under 1 s
locally. Prints figures; it is not a test.

    .venv/bin/python bench/page_load.py [--runs 5] [--numbers 12345,1,987654321]

What it does, in order, and all of it stops by itself:
1. starts the site as bench/move_endpoint.py does (its helpers): the PostgreSQL database of
   DATABASE_URL (default postgres://postgres@127.0.0.1:5432/yukon_bench) made and migrated,
   collectstatic into a temporary folder, gunicorn gthread with DEBUG=0, so the static files
   come from whitenoise's compressed manifest storage (a .gz beside each file, sent to a
   browser that accepts gzip; .br too if the brotli package is installed). The HTML itself is
   sent as Django renders it (the site has no compression middleware);
2. launches /usr/bin/chromium headless through Playwright, and loads each page
   /yukon/<n>/ and /klondike/<n>/?draw=1&scoring=standard, for each n of --numbers,
   --warmup times untimed, then --runs times, each in a fresh browser context: empty cache,
   no cookie, so a first visit of a new player (who gets a new game on that deal);
3. in each load, counts every request from the DevTools protocol (Network.*): bytes on the
   wire per response (loadingFinished's encodedDataLength: status line + headers + body as
   sent, compressed or not; the headers' share shown apart), the decoded size, the
   Content-Encoding, redirects if any; and reads the times on the page's own clock (ms from
   the start of the navigation): first byte, first contentful paint, DOMContentLoaded, load.
   "Playable": as soon as table.js has run (it sets class "js" on <html>) Playwright taps (a
   real mouse click on the index corner) the first face-up card that has targets, and the
   page's answer is timed from the tap's pointerdown to a target pile lit (class "lit", what
   table.js's pick() adds), by a MutationObserver installed before the page's scripts.
   playable = max(first paint, table.js run) + that answer: when a player tapping the moment
   the table shows sees it answered. A tap that followed the card's no-JS link is an error;
4. lists the scripts loaded, and looks for a JS framework in their URLs and in the page's
   globals (htmx and table.js are expected; React, Vue, etc. are not);
5. prints the tables, the resources of one load of each page and the targets (met or NOT
   met: the largest transfer and the slowest "playable" over all runs count), and stops
   Chromium and gunicorn (also on error or at --time-limit).

Exit status: 0 measured (whether the targets are met or not), 1 the bench failed, 2 Chromium or
Playwright missing.
"""

from __future__ import annotations

import argparse
import gzip
import http.client
import os
import shutil
import signal
import statistics
import sys
import tempfile
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.move_endpoint import (  # noqa: E402
    DEFAULT_DB,
    HOST,
    KLONDIKE_QUERY,
    BenchError,
    Server,
    ensure_database,
    manage,
    site_env,
    stop_after,
)
from tests.browser.chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

VIEWPORTS = {"desktop": {"width": 1280, "height": 1000}, "phone": {"width": 360, "height": 740}}

TARGET_BYTES = 60 * 1024
TARGET_PLAYABLE_MS = 1000.0
FRAMEWORKS = {  # name in a script URL or a page global → framework
    "react": "React", "vue": "Vue", "angular": "Angular", "svelte": "Svelte",
    "preact": "Preact", "ember": "Ember", "backbone": "Backbone", "alpine": "Alpine.js",
    "jquery": "jQuery", "stimulus": "Stimulus", "solid-js": "Solid", "lit-element": "Lit",
    "mithril": "Mithril", "knockout": "Knockout",
}  # fmt: skip
GLOBALS_JS = """() => {
  const names = ["React", "ReactDOM", "Vue", "angular", "ng", "Svelte", "preact", "Ember",
    "Backbone", "Alpine", "jQuery", "Stimulus", "m", "ko"];
  return {frameworks: names.filter((n) => n in window && window[n] != null),
          htmx: typeof window.htmx === "object" ? (window.htmx.version || "?") : null};
}"""

# Installed before any script of the page: when table.js has run and when a pile lit up, on the
# page's clock (performance.now(), 0 = start of the navigation).
OBSERVER_JS = """(() => {
  const marks = (window.__bench = {js: null, tap: null, lit: null, lifted: null});
  addEventListener("pointerdown", (e) => { marks.tap ??= e.timeStamp; }, true);
  const look = () => {
    const root = document.documentElement;
    const now = performance.now();
    if (marks.js === null && root && root.classList.contains("js")) marks.js = now;
    if (marks.lit === null && document.querySelector("#board .pile.lit")) marks.lit = now;
    if (marks.lifted === null && document.querySelector("#board .card.lifted")) marks.lifted = now;
  };
  new MutationObserver(look).observe(document, {attributes: true, attributeFilter: ["class"],
                                                 childList: true, subtree: true});
})();"""

READY_JS = """() => document.documentElement.classList.contains("js")
  && !!document.querySelector("#board .card.up[data-card]")"""

# The first face-up card with targets (else the first face-up card), scrolled on screen, and the
# viewport point of its index corner, where a player's tap lands (as tests/browser's Table.tap).
PICK_JS = """() => {
  const cards = Array.from(document.querySelectorAll("#board .card.up[data-card]"));
  const card = cards.find((c) => (c.dataset.targets || "").trim()) || cards[0];
  let box = card.getBoundingClientRect();
  if (box.top + 5 < 0 || box.top + 5 > innerHeight - 90) {
    card.scrollIntoView({block: "center"});
    box = card.getBoundingClientRect();
  }
  return {code: card.dataset.card, targets: card.dataset.targets || "", x: box.left + 6,
          y: box.top + 5};
}"""

TIMING_JS = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  return {ttfb: nav.responseStart, dcl: nav.domContentLoadedEventStart, load: nav.loadEventStart,
          fcp: fcp ? fcp.startTime : null, js: window.__bench.js, tap: window.__bench.tap,
          lit: window.__bench.lit, lifted: window.__bench.lifted, url: location.href};
}"""


# -- one load ------------------------------------------------------------------------------------


@dataclass
class Resource:
    url: str
    kind: str  # Document, Stylesheet, Script, Fetch, XHR, ...
    status: int = 0
    encoding: str = ""  # Content-Encoding
    wire: int = 0  # bytes received: status line + headers + body, as sent
    headers: int = 0  # of which the status line and headers
    decoded: int = 0  # body after decoding
    started: float = 0.0  # CDP timestamp, seconds
    from_cache: bool = False
    failed: str = ""
    request_id: str = ""
    after_load: bool = False  # started after the load event: not part of the first load

    @property
    def body(self) -> int:
        return max(0, self.wire - self.headers)


@dataclass
class Load:
    path: str
    resources: list[Resource] = field(default_factory=list)
    ttfb: float = 0.0
    dcl: float = 0.0
    load: float = 0.0
    fcp: float | None = None  # first contentful paint: the table is on screen
    js: float | None = None  # table.js has run
    tap: float | None = None  # Playwright's tap arrived (pointerdown)
    answered: float | None = None  # a target pile lit up (or the card lifted)
    tapped: str = ""
    lit: bool = False
    htmx: str | None = None
    frameworks: list[str] = field(default_factory=list)
    unfinished: list[str] = field(default_factory=list)  # after the load, still in flight
    gzipped: dict[str, int] = field(default_factory=dict)  # url → gzip -9 of an unencoded body

    @property
    def ready(self) -> float | None:
        """The table on screen and table.js run: a player's tap would be answered."""
        return None if self.fcp is None or self.js is None else max(self.fcp, self.js)

    @property
    def answer(self) -> float | None:
        """From the tap to the lit targets, in the page."""
        return None if self.tap is None or self.answered is None else self.answered - self.tap

    @property
    def playable(self) -> float | None:
        """Ready, plus the page's answer to a tap at that moment."""
        ready, answer = self.ready, self.answer
        return None if ready is None or answer is None else ready + answer

    @property
    def first(self) -> list[Resource]:
        """The first load's requests: those started up to the load event."""
        return [r for r in self.resources if not r.after_load]

    @property
    def wire(self) -> int:
        return sum(r.wire for r in self.first)

    @property
    def headers(self) -> int:
        return sum(r.headers for r in self.first)

    @property
    def decoded(self) -> int:
        return sum(r.decoded for r in self.first)

    @property
    def later(self) -> int:
        """Bytes of the requests the page made after its load event, within --settle."""
        return sum(r.wire for r in self.resources if r.after_load)


class Recorder:
    """Every request of one page, from the DevTools protocol's Network domain."""

    def __init__(self, cdp) -> None:
        self.by_id: dict[str, Resource] = {}
        self.done: list[Resource] = []
        self.load_at: float | None = None  # CDP timestamp of the load event
        cdp.on("Network.requestWillBeSent", self.sent)
        cdp.on("Network.responseReceived", self.received)
        cdp.on("Network.dataReceived", self.data)
        cdp.on("Network.loadingFinished", self.finished)
        cdp.on("Network.loadingFailed", self.failed)
        cdp.on("Page.loadEventFired", self.loaded)

    def sent(self, event: dict) -> None:
        rid = event["requestId"]
        redirect = event.get("redirectResponse")
        if redirect and rid in self.by_id:  # the hop before ends here: a redirect
            hop = self.by_id.pop(rid)
            hop.status = redirect["status"]
            hop.wire = hop.headers = int(redirect.get("encodedDataLength", 0))
            hop.kind += f" (redirect to {event['request']['url']})"
            self.done.append(hop)
        self.by_id[rid] = Resource(
            url=event["request"]["url"], kind=event.get("type", "Other"),
            started=event.get("timestamp", 0.0), request_id=rid,
        )  # fmt: skip

    def received(self, event: dict) -> None:
        resource = self.by_id.get(event["requestId"])
        if resource is None:
            return
        response = event["response"]
        resource.status = response["status"]
        resource.kind = event.get("type", resource.kind)
        headers = {k.lower(): v for k, v in response.get("headers", {}).items()}
        resource.encoding = headers.get("content-encoding", "")
        # At responseReceived, what has come over the wire is the status line and headers.
        resource.headers = int(response.get("encodedDataLength", 0))
        resource.from_cache = bool(
            response.get("fromDiskCache") or response.get("fromPrefetchCache")
        )

    def data(self, event: dict) -> None:
        resource = self.by_id.get(event["requestId"])
        if resource is not None:
            resource.decoded += int(event.get("dataLength", 0))

    def finished(self, event: dict) -> None:
        resource = self.by_id.pop(event["requestId"], None)
        if resource is not None:
            resource.wire = int(event.get("encodedDataLength", 0))
            self.done.append(resource)

    def failed(self, event: dict) -> None:
        resource = self.by_id.pop(event["requestId"], None)
        if resource is not None:
            resource.failed = event.get("errorText", "failed")
            self.done.append(resource)

    def loaded(self, event: dict) -> None:
        self.load_at = event.get("timestamp")


def load_page(
    browser, base: str, path: str, viewport: dict, timeout_ms: int, settle_ms: int
) -> Load:
    context = browser.new_context(viewport=viewport)
    try:
        context.set_default_timeout(timeout_ms)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        cdp = context.new_cdp_session(page)
        recorder = Recorder(cdp)
        cdp.send("Network.enable")
        cdp.send("Page.enable")
        page.add_init_script(OBSERVER_JS)
        result = Load(path)

        response = page.goto(base + path, wait_until="commit")
        if response is None or response.status != 200:
            status = response.status if response else "no response"
            raise BenchError(f"GET {path}: {status}")
        try:
            page.wait_for_function(READY_JS, polling=5)
        except Exception as error:
            raise BenchError(f"{path}: no face-up card, or table.js never ran: {error}") from None
        card = page.evaluate(PICK_JS)
        page.mouse.click(card["x"], card["y"])
        result.tapped = f"{card['code']}→{card['targets'] or '(none)'}"
        result.lit = bool(card["targets"].strip())
        selector = "#board .pile.lit" if result.lit else "#board .card.lifted"
        try:
            page.wait_for_selector(selector, state="attached")
        except Exception:
            raise BenchError(
                f"{path}: tapping {card['code']} did not pick it up (page now {page.url})"
            ) from None
        page.wait_for_load_state("load")
        # What the page asks for on its own after the load (the dead-end banner polls for the
        # solver's verdict while it is unknown): listed apart, not part of the first load.
        page.wait_for_timeout(settle_ms)
        deadline = time.monotonic() + 5
        while recorder.by_id and time.monotonic() < deadline:
            page.wait_for_timeout(20)
        timing = page.evaluate(TIMING_JS)
        if timing["url"] != base + path:
            raise BenchError(f"{path}: the tap left the page for {timing['url']}")
        found = page.evaluate(GLOBALS_JS)
        if errors:
            raise BenchError(f"{path}: JavaScript errors: {errors[:3]}")

        result.ttfb, result.dcl, result.load = timing["ttfb"], timing["dcl"], timing["load"]
        result.fcp, result.js, result.tap = timing["fcp"], timing["js"], timing["tap"]
        # No card with a target (possible in Klondike): the pick-up itself is the sign.
        result.answered = timing["lit"] if result.lit else timing["lifted"]
        result.htmx, result.frameworks = found["htmx"], found["frameworks"]
        if recorder.load_at is None:
            raise BenchError(f"{path}: no load event seen")
        for r in [*recorder.done, *recorder.by_id.values()]:
            r.after_load = r.started > recorder.load_at
        stuck = [r.url for r in recorder.by_id.values() if not r.after_load]
        if stuck:
            raise BenchError(f"{path}: requests of the first load never finished: {stuck}")
        result.unfinished = [r.url for r in recorder.by_id.values()]
        result.resources = sorted(recorder.done, key=lambda r: r.started)
        for r in result.resources:
            if not r.encoding and not r.failed and r.status == 200 and r.decoded > 200:
                try:
                    body = cdp.send("Network.getResponseBody", {"requestId": r.request_id})
                except Exception:
                    continue
                if not body.get("base64Encoded"):
                    result.gzipped[r.url] = len(gzip.compress(body["body"].encode(), 9))
        return result
    finally:
        context.close()


# -- report --------------------------------------------------------------------------------------


def short(url: str) -> str:
    parts = urllib.parse.urlsplit(url)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def kb(n: float) -> str:
    return f"{n / 1024:.1f}"


def median_max(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} / {max(values):.0f}"


def report(loads: dict[str, list[Load]], viewport: str, runs: int) -> bool:
    print(f"\nfirst loads, {runs} per page, fresh context each (empty cache, no cookie), "
          f"{viewport} viewport; median / max")  # fmt: skip
    width = max(len(p) for p in loads)
    header = (f"{'page':<{width}} {'requests':>8} {'wire KB':>13} {'headers KB':>10} "
              f"{'decoded KB':>10} {'later KB':>8}")  # fmt: skip
    print(header)
    print("-" * len(header))
    for path, runs_ in loads.items():
        wire = [x.wire for x in runs_]
        print(
            f"{path:<{width}} {statistics.median([len(x.first) for x in runs_]):>8.0f} "
            f"{kb(statistics.median(wire)) + ' / ' + kb(max(wire)):>13} "
            f"{kb(statistics.median([x.headers for x in runs_])):>10} "
            f"{kb(statistics.median([x.decoded for x in runs_])):>10} "
            f"{kb(statistics.median([x.later for x in runs_])):>8}"
        )
    columns = [
        ("TTFB", lambda x: x.ttfb), ("FCP", lambda x: x.fcp), ("DCL", lambda x: x.dcl),
        ("load", lambda x: x.load), ("ready", lambda x: x.ready), ("tap→lit", lambda x: x.answer),
        ("playable", lambda x: x.playable), ("driven", lambda x: x.answered),
    ]  # fmt: skip
    header = f"{'ms from navigation start':<{width}} " + " ".join(f"{c:>11}" for c, _ in columns)
    print("\n" + header)
    print("-" * len(header))
    for path, runs_ in loads.items():
        cells = []
        for _, get in columns:
            values = [v for x in runs_ if (v := get(x)) is not None]
            cells.append(median_max(values) if len(values) == len(runs_) else "-")
        print(f"{path:<{width}} " + " ".join(f"{c:>11}" for c in cells))
    print(
        "\nwire = status line + headers + body as received (DevTools encodedDataLength), "
        "KB = 1024 B;\nlater = what the page asked for on its own after the load event, "
        "within --settle (not counted);\nready = the table painted (FCP) and table.js run; "
        "tap→lit = from the tap's pointerdown to a lit\ntarget pile, in the page; "
        "playable = ready + tap→lit; driven = when the pile lit as Playwright\ndrove it "
        "(its polling and round trips included: an upper bound)."
    )

    for path, runs_ in loads.items():
        one = runs_[0]
        print(f"\nresources of {path} (run 1; tapped {one.tapped}):")
        print(f"  {'status':>6} {'type':<10} {'encoding':<8} {'wire B':>7} {'headers B':>9} "
              f"{'body B':>7} {'decoded B':>9}  url")  # fmt: skip
        for r in one.resources:
            note = f"  FAILED: {r.failed}" if r.failed else ""
            note += "  (from cache)" if r.from_cache else ""
            if r.url in one.gzipped:
                note += f"  (not compressed; gzip -9 would be {one.gzipped[r.url]} B)"
            if r.after_load:
                note += "  (after the load event: not counted)"
            print(f"  {r.status:>6} {r.kind:<10} {r.encoding or '-':<8} {r.wire:>7} "
                  f"{r.headers:>9} {r.body:>7} {r.decoded:>9}  {short(r.url)}{note}")  # fmt: skip
        for url in one.unfinished:
            print(f"  {'':>6} {'-':<10} {'':<8} {'':>7} {'':>9} {'':>7} {'':>9}  {short(url)}"
                  "  (after the load event, still in flight: not counted)")  # fmt: skip
        print(f"  {'':>6} {'first load':<10} {'':<8} {one.wire:>7} {one.headers:>9} "
              f"{one.wire - one.headers:>7} {one.decoded:>9}")  # fmt: skip
        hops = [r.kind for r in one.resources if 300 <= r.status < 400]
        document = next((r for r in one.resources if r.kind == "Document"), None)
        print(f"  document: {document.status if document else '?'}, "
              f"{'redirects: ' + ', '.join(hops) if hops else 'no redirect'}; "
              f"FCP {one.fcp or 0:.0f} ms, table.js run {one.js or 0:.0f} ms")  # fmt: skip

    all_loads = [x for runs_ in loads.values() for x in runs_]
    scripts = sorted({short(r.url) for x in all_loads for r in x.resources if r.kind == "Script"})
    in_urls = sorted({
        name for s in scripts for key, name in FRAMEWORKS.items() if key in s.lower()
    })  # fmt: skip
    in_globals = sorted({g for x in all_loads for g in x.frameworks})
    htmx = sorted({x.htmx for x in all_loads if x.htmx})
    print(f"\nscripts loaded: {', '.join(scripts) or 'none'}")
    print(f"htmx version on the page: {', '.join(htmx) or 'not loaded'}; framework names in "
          f"script URLs: {', '.join(in_urls) or 'none'}; framework globals: "
          f"{', '.join(in_globals) or 'none'}")  # fmt: skip

    biggest = max(all_loads, key=lambda x: x.wire)
    slowest = max(all_loads, key=lambda x: x.playable or float("inf"))
    missing = [x.path for x in all_loads if x.playable is None]
    met_bytes = biggest.wire <= TARGET_BYTES
    met_framework = not in_urls and not in_globals
    met_playable = not missing and (slowest.playable or 0) < TARGET_PLAYABLE_MS
    print("\ntargets (DESIGN.md §6, first page load):")
    print(f"  <= {TARGET_BYTES // 1024} KB transferred: largest {kb(biggest.wire)} KB "
          f"({biggest.wire} B, {biggest.path}; bodies alone {kb(biggest.wire - biggest.headers)} "
          f"KB): {'met' if met_bytes else 'NOT met'}")  # fmt: skip
    print(f"  no JS framework: {'met' if met_framework else 'NOT met'}")
    print(f"  playable < {TARGET_PLAYABLE_MS:.0f} ms locally: slowest "
          f"{slowest.playable or 0:.0f} ms ({slowest.path}): "
          f"{'met' if met_playable else 'NOT met'}")  # fmt: skip
    return met_bytes and met_framework and met_playable


def no_number_redirect(port: int, variant: str) -> str:
    """What a first visit to /<variant>/ (no number) gets: it deals and redirects."""
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request("GET", f"/{variant}/", headers={"Accept-Encoding": "gzip"})
        response = conn.getresponse()
        response.read()
        location = response.getheader("Location") or "-"
        return f"GET /{variant}/ (no number, no cookie): {response.status} → {location}"
    finally:
        conn.close()


def load_average() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


# -- main ----------------------------------------------------------------------------------------


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="measured loads per page")
    parser.add_argument("--warmup", type=int, default=1, help="untimed loads per page first")
    parser.add_argument("--numbers", default="12345,1,987654321", help="game numbers")
    parser.add_argument("--variants", default="yukon,klondike", help="yukon, klondike or both")
    parser.add_argument("--viewport", choices=sorted(VIEWPORTS), default="desktop")
    parser.add_argument("--threads", type=int, default=4, help="gthread threads per worker")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers")
    parser.add_argument("--fresh-db", action="store_true", help="drop and recreate the database")
    parser.add_argument(
        "--settle", type=float, default=1.5,
        help="seconds to watch after the load event for requests the page makes on its own",
    )  # fmt: skip
    parser.add_argument("--timeout", type=float, default=15.0, help="one browser step, seconds")
    parser.add_argument("--time-limit", type=int, default=600, help="whole run, seconds")
    args = parser.parse_args()
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    if not os.path.exists(CHROMIUM):
        print(f"{CHROMIUM} is missing: apt-get install chromium", file=sys.stderr)
        return 2
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        print("playwright is missing: run ./dev test once (it installs the project's "
              "dependencies into .venv), then use .venv/bin/python", file=sys.stderr)  # fmt: skip
        return 2

    stop_after(args.time_limit)

    pages = []
    for number in (n.strip() for n in args.numbers.split(",") if n.strip()):
        for variant in (v.strip() for v in args.variants.split(",") if v.strip()):
            query = KLONDIKE_QUERY if variant == "klondike" else ""
            pages.append(f"/{variant}/{number}/{query}")

    server = None
    workdir = Path(tempfile.mkdtemp(prefix="bench-page-"))
    try:
        url = os.environ.get("DATABASE_URL") or DEFAULT_DB
        ensure_database(url, args.fresh_db)
        env = site_env(url, str(workdir / "static"))
        manage(env, "migrate", "--noinput")
        manage(env, "collectstatic", "--noinput")
        static = workdir / "static"
        compressed = sorted(p.suffix for p in static.rglob("*") if p.suffix in (".gz", ".br"))
        server = Server(env, args.threads, args.workers, workdir / "gunicorn.log")
        server.wait_ready()
        base = f"http://{HOST}:{server.port}"
        print(
            f"gunicorn gthread {args.workers} workers x {args.threads} threads on {base}, DEBUG=0, "
            f"database {urllib.parse.urlparse(url).path.lstrip('/')}; static files by whitenoise "
            f"(collectstatic wrote {compressed.count('.gz')} .gz and {compressed.count('.br')} "
            f".br files); {os.cpu_count()} cores, load average {load_average()} at start"
        )
        for variant in sorted({p.split("/")[1] for p in pages}):
            print(no_number_redirect(server.port, variant))

        loads: dict[str, list[Load]] = {p: [] for p in pages}
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
            print(f"Chromium {browser.version} headless, Playwright; {len(pages)} pages x "
                  f"({args.warmup} warm-up + {args.runs} runs)", flush=True)  # fmt: skip
            try:
                viewport = VIEWPORTS[args.viewport]
                timeout_ms = int(args.timeout * 1000)
                settle_ms = int(args.settle * 1000)
                for path in pages:
                    for _ in range(args.warmup):
                        load_page(browser, base, path, viewport, timeout_ms, settle_ms)
                for run in range(args.runs):  # pages interleaved, so a slow moment hits all
                    for path in pages:
                        load = load_page(browser, base, path, viewport, timeout_ms, settle_ms)
                        loads[path].append(load)
                    print(f"  run {run + 1}/{args.runs} done", flush=True)
            finally:
                browser.close()
        report(loads, args.viewport, args.runs)
        print(f"\nload average at the end {load_average()} ({os.cpu_count()} cores; other work on "
              "the machine slows the times, not the bytes)")  # fmt: skip
        return 0
    except BenchError as error:
        print(f"bench failed: {error}", file=sys.stderr)
        if server is not None and server.proc.poll() is not None:
            print(server.log.read_text()[-3000:], file=sys.stderr)
        return 1
    finally:
        signal.alarm(0)
        if server is not None:
            server.stop()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
