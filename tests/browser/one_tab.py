"""One browser tab for a whole test module, a fresh player in it for each test: the tab's
context (its HTTP cache and service worker, hence the site's scripts and styles) is made once,
and each test clears the cookies (a new player, with no game on any deal) before it opens its
page. Quicker than open_tab's new context per test, for the tests whose context needs no
options of its own; a test that changes the page's media puts it back at its end."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page

from .conftest import PlayerTab


@pytest.fixture(scope="module")
def module_page(browser: Browser, browser_context_args: dict, live_server) -> Iterator[tuple]:
    context = browser.new_context(**browser_context_args)
    context.set_default_timeout(10_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page, errors
    context.close()


@pytest.fixture
def fresh_tab(module_page, live_server, transactional_db) -> Iterator[Callable[[str], PlayerTab]]:
    """`fresh_tab(path)`: the module's tab, as a new player, at a page (open_tab's checks:
    no JavaScript error on the page while the test ran)."""
    page: Page
    page, errors = module_page
    errors.clear()

    def opener(path: str) -> PlayerTab:
        # The last test's page leaves first: a poll of its still in flight after the cookies
        # are cleared would come back with cookies of its own (a CSRF token the next page's
        # form does not hold: its first POST refused with a 403).
        page.goto("about:blank")
        page.context.clear_cookies()
        page.emulate_media(reduced_motion="reduce")
        return PlayerTab(page, live_server.url).open(path)

    yield opener
    page.emulate_media(reduced_motion="reduce")
    assert not errors, f"JavaScript errors on the page: {errors}"


def resize(page: Page, width: int, height: int) -> None:
    """The tab's window at width × height, once the page lays itself out at it (the layout
    is CSS's): how a test that walks sizes in one tab moves on to the next."""
    page.set_viewport_size({"width": width, "height": height})
    page.wait_for_function("([w, h]) => innerWidth === w && innerHeight === h", arg=[width, height])
