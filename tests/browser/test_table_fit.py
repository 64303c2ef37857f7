"""Issue 37 in Chromium: the whole table inside the viewport with no page scroll, at the deal
and with the longest columns a Yukon game reaches, at every size from a 360 px phone to a
1920 px screen, light and dark; no control covering a column's end; and nothing moving the
table when the status, Finish, a note or the dead-end banner appears."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from games.engine.deal import deal as dealt_by_key
from games.models import Game
from tests.browser.conftest import DESKTOP
from tests.browser.one_tab import resize
from tests.browser.test_accounts import sign_up
from tests.browser.test_dead_end import COUNT_POLLS, INTO_THE_DEAD_END, run_worker
from tests.browser.test_dead_end import NUMBER as DEAD_END_NUMBER
from tests.web.deals import dealt, easy_klondike, store

pytestmark = pytest.mark.browser

NUMBER = 2_100_000_037
# Three moves stack columns six, five and four onto column seven: 6 face-down cards under
# 20 face-up ones, the longest column of a Yukon game (each stack is five cards, the next
# one goes on its top card).
LONG = ["QH-t7", "8D-t7", "4H-t7"]
SIZES = [(1280, 800), (1366, 768), (1920, 1080), (360, 740), (390, 844)]


def store_long_columns():
    store(
        dealt(
            "yukon",
            [
                "2D",
                "? | ? ? ? ? ?",
                "? ? | ? ? ? ? ?",
                "? ? ? | 4H ? ? ? ?",
                "? ? ? ? | 8D ? ? ? 5S",
                "? ? ? ? ? | QH ? ? ? 9C",
                "? ? ? ? ? ? | ? ? ? ? KS",
            ],
        ),
        NUMBER,
    )


# Everything the fit asks, measured in the page: the page's scroll size against the window,
# each card's box inside the window, each column's top card the element under its centre,
# and each covered face-up card's index (rank and suit) above the card that covers it, at
# least 11 px, in a strip a finger can tap on a phone where cards are tapped (not the replay).
MEASURE = """([board, tappable]) => {
  const root = document.scrollingElement, out = [];
  if (root.scrollHeight > innerHeight) out.push(`page ${root.scrollHeight} px tall`);
  if (root.scrollWidth > innerWidth) out.push(`page ${root.scrollWidth} px wide`);
  for (const card of document.querySelectorAll(`${board} .card`)) {
    const b = card.getBoundingClientRect();
    if (b.top < 0 || b.left < 0 || b.bottom > innerHeight + 0.5 || b.right > innerWidth + 0.5)
      out.push(`a card at ${b.left},${b.top}-${b.right},${b.bottom}`);
  }
  for (const column of document.querySelectorAll(`${board} .column`)) {
    const cards = column.querySelectorAll(".card");
    const top = cards[cards.length - 1];
    if (top) {
      const b = top.getBoundingClientRect();
      const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
      if (!hit || hit.closest(".card") !== top)
        out.push(`${column.dataset.pile}'s top card is under ${hit && hit.className}`);
    }
    cards.forEach((card, i) => {
      const next = cards[i + 1];
      if (!next || !card.matches(".up")) return;
      const below = next.getBoundingClientRect().top;
      for (const index of card.querySelectorAll("b, i")) {
        const b = index.getBoundingClientRect();
        if (b.bottom > below + 1) out.push(`${card.dataset.card}'s index is covered`);
        if (parseFloat(getComputedStyle(index).fontSize) < 11)
          out.push(`${card.dataset.card}'s index is under 11 px`);
      }
      if (tappable && innerWidth < 600 && below - card.getBoundingClientRect().top < 24)
        out.push(`${card.dataset.card}'s strip is under 24 px on a phone`);
    });
  }
  return out;
}"""


def shoot(page: Page, name: str) -> None:
    """A screenshot for a look, when SHOTS names a folder."""
    if folder := os.environ.get("SHOTS"):
        size = page.viewport_size
        page.screenshot(path=f"{folder}/{name}-{size['width']}x{size['height']}.png")


def assert_fits(page: Page, state: str, board: str = "#board") -> None:
    size = "{width}x{height}".format(**page.viewport_size)
    for scheme in ("light", "dark"):
        page.emulate_media(color_scheme=scheme)
        shoot(page, f"{state}-{scheme}")
        assert page.evaluate(MEASURE, [board, board == "#board"]) == [], (
            f"{state}, {scheme}, {size}"
        )


def assert_fits_at_every_size(page: Page, state: str, sizes, board: str = "#board") -> None:
    """The same page, resized in its tab to each size in turn."""
    for size in sizes:
        resize(page, *size)
        assert_fits(page, state, board)


REPLAY_SIZES = [(1280, 800), (360, 740)]


def test_the_table_and_its_replay_fit_the_window_at_the_deal_and_with_the_longest_columns(
    open_tab,
):
    """Each state once, the window resized through every size in the one tab. Then the game
    is resigned: the replay's board fans its columns as the table does, at the deal and at
    the longest columns, every card inside the window and every covered card's index
    showing, at a laptop's size and a phone's."""
    store_long_columns()
    width, height = SIZES[0]
    tab = open_tab(f"/yukon/{NUMBER}/", viewport={"width": width, "height": height})
    assert_fits_at_every_size(tab.page, "deal", SIZES)
    for move in LONG:
        tab.play(move)
    assert len(tab.column(7)) == 20
    assert_fits_at_every_size(tab.page, "long", SIZES)
    # A card picked up shows the selection bar: it covers no column's end either.
    movable = (
        "[...document.querySelectorAll('#board .column .card.up')].find(c => c.dataset.targets)"
    )
    tab.tap(tab.page.evaluate(f"() => {movable}.dataset.card"))
    bar = tab.page.locator("#selection-bar")
    for size in SIZES:
        resize(tab.page, *size)
        expect(bar).to_be_visible()
        assert_fits(tab.page, "picked")

    resize(tab.page, *REPLAY_SIZES[0])
    tab.page.keyboard.press("Escape")  # put the card down
    expect(bar).to_be_hidden()
    tab.page.locator("#board summary[aria-label=Menu]").click()
    tab.page.locator("#board button[value=ask-resign]").click()
    tab.page.get_by_test_id("confirm-resign").get_by_role("button", name="Resign").click()
    replay = tab.page.get_by_test_id("replay-link").get_attribute("href")
    tab.open(replay)
    expect(tab.page.get_by_test_id("replay-counter")).to_have_text("Move 0 of 3")
    assert_fits_at_every_size(tab.page, "replay-deal", REPLAY_SIZES, ".replay")
    tab.open(f"{replay}?step={len(LONG)}")
    assert tab.page.locator('.replay [data-pile="t7"] .card.up').count() == 20
    assert_fits_at_every_size(tab.page, "replay-long", REPLAY_SIZES, ".replay")


# -- stillness: what appears above or over the table leaves it where it is -----------------

TABLEAU_TOP = "() => document.querySelector('#board .tableau').getBoundingClientRect().top"
STILL_SIZES = [(1280, 800), (360, 740)]


def tops(tab) -> dict:
    """The tableau's top at each of STILL_SIZES, the one tab resized through them: a control
    that moves the table at a size changes that size's top."""
    found = {}
    for size in STILL_SIZES:
        resize(tab.page, *size)
        found["{}x{}".format(*size)] = tab.page.evaluate(TABLEAU_TOP)
    return found


def klondike_finish(tab) -> None:
    """Klondike's Finish appears (the status gains a button): the last stock card turned."""
    deal, line = easy_klondike()
    tab.open(f"/klondike/{deal.number}/")
    tab.play(line[0])
    game = Game.objects.get(deal=deal)
    before_last_turn = line[:-2]
    Game.objects.filter(pk=game.pk).update(
        actions=before_last_turn, ply=len(before_last_turn), state=None
    )
    tab.page.reload()
    expect(tab.counter).to_have_text(str(len(before_last_turn)))
    top = tops(tab)
    expect(tab.finish_button).to_have_count(0)
    tab.play("d")
    expect(tab.finish_button).to_be_visible()
    shoot(tab.page, "finish")
    assert tops(tab) == top


# How many lines an element's text takes: the distinct tops of its text's boxes.
LINES = """(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
}"""

# Where an element's text ends: the bottom of its last line.
LAST_LINE = """(el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  return Math.max(...[...range.getClientRects()].map((r) => r.bottom));
}"""


def stock_spent(tab) -> None:
    """Vegas draw 1 turns its last stock card: the stock's slot says so in at most two lines
    and the status says no pass is left, neither moving the table."""
    deal, _ = easy_klondike()
    tab.open(f"/klondike/{deal.number}/?draw=1&scoring=vegas")
    tab.play("d")
    game = Game.objects.get(deal=deal)
    Game.objects.filter(pk=game.pk).update(actions=["d"] * 23, ply=23, state=None)
    tab.page.reload()
    expect(tab.counter).to_have_text("23")
    top = tops(tab)
    tab.play("d")
    spent = tab.pile("stock").locator(".stock-spent")
    expect(spent).to_be_visible()
    expect(spent).to_have_text("Stock empty")
    expect(tab.page.get_by_test_id("passes")).to_have_text("No passes left")
    assert tops(tab) == top
    for size in STILL_SIZES:
        resize(tab.page, *size)
        shoot(tab.page, "stock-spent")
        lines = spent.evaluate(LINES)
        assert lines <= 2, f"the spent stock's words take {lines} lines at {size}"
        # The status (a ten-digit number, the moves, the clock, the score, the passes) keeps
        # above the foundations rather than running into them.
        status = tab.page.locator("#board .status").evaluate(LAST_LINE)
        foundations = tab.page.locator("#board .foundations").bounding_box()["y"]
        assert status <= foundations, (
            f"the status runs {status - foundations:.0f} px into the piles at {size}"
        )


def note(tab) -> None:
    """A note appears in the message line: the hint asked of a solver still looking."""
    store_long_columns()
    tab.open(f"/yukon/{NUMBER}/")
    top = tops(tab)
    tab.act("hint")
    expect(tab.page.get_by_test_id("hint-wait")).to_be_visible()
    assert tops(tab) == top


def dead_end_banner(tab) -> None:
    """The dead-end banner appears over the table, inside the window, with the focus."""
    store(dealt_by_key("yukon", DEAD_END_NUMBER, b"test-key"), DEAD_END_NUMBER)
    tab.open(f"/yukon/{DEAD_END_NUMBER}/")
    for move in INTO_THE_DEAD_END:
        tab.play(move)
    top = tops(tab)
    banner = tab.page.get_by_test_id("dead-end")
    # The worker proves the loss; each round waits for the page's next poll to come back.
    tab.page.evaluate(COUNT_POLLS)
    for _ in range(10):
        polls = tab.page.evaluate("window.verdictPolls")
        run_worker()
        tab.page.wait_for_function(
            "n => document.querySelector('[data-testid=dead-end]') || window.verdictPolls > n",
            arg=polls,
        )
        if banner.count():
            break
    expect(banner).to_be_visible()
    expect(banner).to_be_focused()
    assert tops(tab) == top
    for width, height in STILL_SIZES:
        resize(tab.page, width, height)
        shoot(tab.page, "banner")
        box = banner.bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (width, box)
        assert tab.page.evaluate("document.scrollingElement.scrollHeight") <= height, width
    expect(banner).to_be_focused()
    # The keyboard goes on from the banner to its buttons.
    tab.page.keyboard.press("Tab")
    assert tab.page.evaluate("document.activeElement.closest('[data-testid=dead-end]') !== null")


@pytest.mark.parametrize(
    "appears", [klondike_finish, stock_spent, note, dead_end_banner], ids=lambda f: f.__name__
)
def test_nothing_moves_the_table_when_a_control_appears(open_tab, appears):
    """At a laptop's size and a phone's: the one tab resized before and after it appears."""
    width, height = STILL_SIZES[0]
    tab = open_tab("/", viewport={"width": width, "height": height})
    appears(tab)


# -- the site's header on a phone -------------------------------------------------------------

HEADER_PAGES = ["/", "/records/", "/stats/", "/rules/yukon/", f"/yukon/{NUMBER}/"]
# Every link and button of the header, each inside the window and the element at its centre.
HEADER_OUTSIDE = """() => [...document.querySelectorAll(".site-nav a, .site-nav button")]
  .filter((el) => el.checkVisibility())
  .filter((el) => {
    const b = el.getBoundingClientRect();
    const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
    return b.left < 0 || b.right > innerWidth || !(hit && el.contains(hit));
  }).map((el) => el.textContent.trim())"""


def test_the_site_header_fits_a_360_px_phone_with_its_menu(open_tab):
    """For a visitor, then, in the same tab, for a player signed in."""
    store_long_columns()
    tab = open_tab("/")
    for signed_in in (False, True):
        if signed_in:
            tab.page.set_viewport_size(DESKTOP)
            sign_up(tab.page, tab.base_url, "a_rather_long_username")
        tab.page.set_viewport_size({"width": 360, "height": 740})
        account = "Log out" if signed_in else "Sign up"
        for path in HEADER_PAGES:
            where = (path, "signed in" if signed_in else "visitor")
            tab.open(path)
            assert tab.page.evaluate(HEADER_OUTSIDE) == [], where
            assert tab.page.evaluate("document.scrollingElement.scrollWidth") <= 360, where
            tab.page.locator(".site-nav summary[aria-label='Site menu']").click()
            assert tab.page.evaluate(HEADER_OUTSIDE) == [], where
            expect(
                tab.page.locator(".site-nav").get_by_role(
                    "button" if signed_in else "link", name=account
                )
            ).to_be_visible()
            shoot(tab.page, f"header-{path.strip('/').replace('/', '-') or 'lobby'}-{signed_in}")
