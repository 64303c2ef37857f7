"""htmx's SSE extension in Chromium (issue 40): a page of the site's that listens to a topic
(tests/live/urls.py), served by a live host (uvicorn, tests/live/hosts.py), shows an event
published through Redis, with no CSP violation, console error or failed request."""

from __future__ import annotations

import secrets

import pytest
from playwright.sync_api import Browser, expect

from live import publish
from races import updates
from races.models import Race, Racer
from tests.live.hosts import REDIS, LiveHosts

from .test_csp import WATCH

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# The extension's connection is open (the stream is subscribed once its response starts).
OPENED = 'document.addEventListener("htmx:sseOpen", () => { window.liveOpen = true; });'


def test_live_pages_show_a_published_event_under_the_csp_and_a_racers_row_in_its_place(
    tmp_path, settings, browser: Browser, browser_context_args: dict
):
    """One live host for two pages, each in a context of its own."""
    settings.LIVE_URL, settings.LIVE_PREFIX = REDIS, f"test-live-{secrets.token_hex(6)}:"
    hosts = LiveHosts(tmp_path, settings.LIVE_PREFIX)
    contexts = []
    try:
        port = hosts.start("live", DEBUG="1", DJANGO_SETTINGS_MODULE="tests.live.site_settings")
        contexts.append(context := browser.new_context(**browser_context_args))
        shows_a_published_event_under_the_csp(context, port, hosts)
        contexts.append(context := browser.new_context(**browser_context_args))
        a_racers_row_sent_alone_takes_the_place_of_their_row(context, port)
    finally:
        for context in contexts:
            context.close()
        hosts.close()


def shows_a_published_event_under_the_csp(context, port: int, hosts: LiveHosts) -> None:
    problems: list[str] = []
    context.expose_function("reportViolation", lambda text: problems.append(text))
    context.add_init_script(WATCH + OPENED)
    page = context.new_page()
    page.on("console", lambda m: m.type == "error" and problems.append(m.text))
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.on("response", lambda r: r.status >= 400 and problems.append(f"{r.status} {r.url}"))
    page.goto(f"http://127.0.0.1:{port}/test-live/race-browser/", timeout=60_000)
    page.wait_for_function("() => window.liveOpen === true")

    publish("race-browser", "news", "Ann: 3 cards home")
    expect(page.get_by_test_id("news")).to_have_text("Ann: 3 cards home")
    page.evaluate("() => new Promise((resolve) => setTimeout(resolve))")  # reports flushed
    assert problems == [], hosts.logs()


def a_racers_row_sent_alone_takes_the_place_of_their_row(context, port: int) -> None:
    context.add_init_script(OPENED)
    page = context.new_page()
    page.goto(f"http://127.0.0.1:{port}/test-live-strip/browser-strip/", timeout=60_000)
    page.wait_for_function("() => window.liveOpen === true")
    rows = page.locator("#race-rows > [data-testid=race-player]")
    expect(rows).to_have_count(2)

    race = Race(secret="browser-strip")
    updates.announce_row(race, Racer(seat=1, name="Ann", moves=3, home=2))
    ann = rows.nth(0)
    expect(ann).to_have_attribute("data-moves", "3")
    expect(ann).to_contain_text("2/52 home · 3 moves")
    expect(rows).to_have_count(2)  # Bob's row as it was, after Ann's, nothing else swapped
    expect(rows.nth(1)).to_have_attribute("data-name", "Bob")
    expect(rows.nth(1)).to_have_attribute("data-moves", "0")
    expect(page.locator("[hx-swap-oob]")).to_have_count(0)

    updates.announce_row(race, Racer(seat=2, name="Bob", is_guest=True, moves=1, state="won"))
    expect(rows.nth(1)).to_have_attribute("data-state", "won")
    expect(ann).to_have_attribute("data-moves", "3")
