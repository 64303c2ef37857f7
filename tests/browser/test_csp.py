"""The Content-Security-Policy in Chromium: both games played for a few moves (taps, a drag,
undo, a hint, the dead-end poll), the other pages, and the admin as staff use it (login, change
lists with filters, change forms with their inline rows), with every CSP violation, console
error, failed response and policy warning collected; there must be none. And the policy is
really enforced: a script injected into the page does not run, and is reported."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from playwright.sync_api import Browser, expect

from .conftest import PlayerTab, winnable

pytestmark = pytest.mark.browser

YUKON = 2_100_000_401
KLONDIKE = 2_100_000_402

# Runs in every document before the page's own scripts (Playwright's init scripts are not
# subject to the page's CSP); reports each violation to the test.
WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  window.reportViolation(`${e.violatedDirective} blocked ${e.blockedURI || "inline"}`
    + ` at ${e.sourceFile || location.pathname}:${e.lineNumber}`);
});"""

# One trip through the page's task queue: violation events raised by what came before have
# been dispatched (and reported) once it resolves.
FLUSH = "() => new Promise((resolve) => setTimeout(resolve))"


class Watched:
    """A player's browser whose CSP violations, console errors, page errors and header
    warnings are kept."""

    def __init__(self, tab: PlayerTab) -> None:
        self.tab = tab
        self.page = tab.page
        self.problems: list[str] = []

    def console(self, kind: str, text: str) -> None:
        # Errors, and Chromium's warnings about a header it could not apply. A failed load is
        # reported with its address by the response listener instead; the one it does not see
        # is the browser's own /favicon.ico on the admin's pages, which name no icon.
        if text.startswith("Failed to load resource"):
            return
        if kind == "error" or "Policy" in text:
            self.problems.append(text)

    def problems_so_far(self) -> list[str]:
        self.page.evaluate(FLUSH)
        return self.problems


@pytest.fixture
def watched(
    browser: Browser, browser_context_args: dict, live_server, transactional_db
) -> Iterator[Callable[[str], Watched]]:
    contexts = []

    def opener(path: str) -> Watched:
        context = browser.new_context(**browser_context_args)
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        watch = Watched(PlayerTab(page, live_server.url))
        context.expose_function("reportViolation", lambda text: watch.problems.append(text))
        context.add_init_script(WATCH)
        page.on("console", lambda m: watch.console(m.type, m.text))
        page.on("pageerror", lambda error: watch.problems.append(str(error)))
        page.on(
            "response", lambda r: r.status >= 400 and watch.problems.append(f"{r.status} {r.url}")
        )
        watch.tab.open(path)
        return watch

    yield opener
    for context in contexts:
        context.close()


def drag(tab: PlayerTab, code: str, pile: str) -> None:
    """Drag a card by its index corner onto a pile, and wait for the move to land."""
    ply = tab.ply
    page = tab.page
    card = tab.card(code).bounding_box()
    target = tab.pile(pile).bounding_box()
    page.mouse.move(card["x"] + 6, card["y"] + 5)
    page.mouse.down()
    page.mouse.move(target["x"] + 20, target["y"] + 20, steps=8)
    page.mouse.up()
    tab.wait_ply(ply + 1)


def test_yukon_plays_without_a_csp_violation(watched):
    _, line = winnable("yukon", YUKON)
    watch = watched(f"/yukon/{YUKON}/")
    tab = watch.tab

    tab.play_line(line[:4])
    # A drag too: the ghost card is placed through its style properties (CSSOM, which CSP
    # allows), never through a style attribute (which it would refuse).
    code, pile = line[4].split("-")
    drag(tab, code, pile)
    tab.act("undo")
    tab.wait_ply(4)
    tab.hint_through_the_worker()
    expect(tab.page.locator("#board .hint-note")).to_be_visible()
    tab.play(line[4])

    assert watch.problems_so_far() == []


def test_klondike_plays_without_a_csp_violation(watched):
    _, line = winnable("klondike", KLONDIKE, draw=1)
    watch = watched(f"/klondike/{KLONDIKE}/?draw=1")
    tab = watch.tab

    tab.play_line(line[:8])
    tab.act("undo")
    tab.wait_ply(7)
    tab.hint_through_the_worker()
    expect(tab.page.locator("#board .hint-note")).to_be_visible()
    tab.play(line[7])

    assert watch.problems_so_far() == []


def test_the_other_pages_show_without_a_csp_violation_and_an_injected_script_is_refused(
    watched,
):
    """The other pages and the admin login, then, back on the lobby in the same tab, a
    script injected into it."""
    watch = watched("/")
    for path in ["/rules/yukon/", "/rules/klondike/", "/records/", "/admin/login/", "/nowhere/"]:
        watch.tab.open(path)
    # The 404 page's own status is the one failure expected.
    assert watch.problems_so_far() == [f"404 {watch.tab.base_url}/nowhere/"]

    watch.problems.clear()
    watch.tab.open("/")
    injected_script_is_refused_and_reported(watch)


def test_the_admin_works_for_staff_without_a_csp_violation(watched):
    User.objects.create_superuser("staff", password="a long staff password")
    deal, _ = winnable("yukon", YUKON)
    watch = watched("/admin/login/?next=/admin/")
    page = watch.page
    page.get_by_label("Username").fill("staff")
    page.get_by_label("Password").fill("a long staff password")
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("link", name="Deals", exact=True)).to_be_visible()
    for path in [
        "/admin/games/deal/",
        f"/admin/games/deal/{deal.pk}/change/",
        "/admin/solver/dealverdict/",
        "/admin/solver/dealverdict/add/",
    ]:
        page.goto(watch.tab.base_url + path)
        expect(page.locator("#content")).to_be_visible()
    # The change list's filters and search box, and the inline's "add another" row.
    page.goto(watch.tab.base_url + "/admin/games/deal/?variant__exact=yukon")
    expect(page.locator("#result_list")).to_be_visible()
    page.goto(watch.tab.base_url + f"/admin/games/deal/{deal.pk}/change/")
    rows = page.locator(".inline-related tbody tr.form-row:not(.empty-form)")
    before = rows.count()
    page.locator(".inline-related .add-row a").click()
    expect(rows).to_have_count(before + 1)

    assert watch.problems_so_far() == []


def injected_script_is_refused_and_reported(watch: Watched) -> None:
    ran = watch.page.evaluate(
        """() => {
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.append(script);
          return window.injected === true;
        }"""
    )
    assert not ran
    problems = watch.problems_so_far()
    assert any(p.startswith("script-src") for p in problems), problems
