"""Chromium at the table: Debian's /usr/bin/chromium driven by Playwright against the live
server, and a `PlayerTab` (a page object: one player's browser tab) that taps, drags and types
like a player (and reads the data-* hooks of DESIGN.md §5). One browser for the whole run;
each test opens its own context (cookies, hence its own player), or in the table's modules a
fresh player in the module's one tab (tests/browser/one_tab.py)."""

from __future__ import annotations

import functools
import os
import re
from collections.abc import Callable, Iterator

import pytest
from django.db import connection
from playwright.sync_api import Browser, BrowserContext, Page, expect

from games.deals import deal_position
from games.engine import history
from games.engine.deal import layout, shuffled_deck
from games.engine.finish import finishing_moves
from games.engine.moves import Move
from games.models import Deal, Game
from play import actions
from tests.web.deals import store
from tests.worker import work

from . import screenshots
from .chromium import CHROMIUM, CHROMIUM_ARGS

# Playwright's sync API keeps an event loop running in this thread; the ORM calls the tests
# make between browser steps are ordinary blocking calls.
os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

DESKTOP = {"width": 1280, "height": 1000}
PHONE = {"width": 360, "height": 740}

expect.set_options(timeout=8_000)

# (element, [x, y]) → the viewport point x, y inside the element, scrolled on screen first
# if it is off screen or under the selection bar at the bottom.
_ON_SCREEN = """(el, [x, y]) => {
  let box = el.getBoundingClientRect();
  if (box.top + y < 0 || box.top + y > innerHeight - 90) {
    el.scrollIntoView({block: "center"});
    box = el.getBoundingClientRect();
  }
  return [box.left + x, box.top + y];
}"""


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict) -> dict:
    # A missing browser fails the browser tests rather than skipping them: a skipped test
    # would pass a run that checked nothing. Leave them out on purpose with -m "not browser".
    if not os.path.exists(CHROMIUM):
        pytest.fail(
            f'{CHROMIUM} is missing (apt-get install -y chromium), or run with -m "not browser"'
        )
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict) -> dict:
    # Motion off unless a test is about motion: FLIP and finish animations move the cards
    # Playwright is about to click. No service worker unless a test is about it (as
    # test_install.py is): each fresh player would install one and fetch through it, time
    # for nothing the test checks, out of reach of the context's routes.
    blocked = {"service_workers": "block"}
    return {**browser_context_args, "viewport": DESKTOP, "reduced_motion": "reduce", **blocked}


# -- deals: built by hand with the web tests' helpers (tests/web/deals.py) ------------------

# -- the player at the table -----------------------------------------------------------------


STOCK_BUTTON = "#board [data-pile=stock] button"
# Once the table is settled (PlayerTab.settle's condition), what a move's first tap needs:
# the board's ply, whether the finish button shows, and the point to tap in the element the
# selector names (_ON_SCREEN); null until then, so that wait_for_function waits for it.
_READY_TO_TAP = (
    """([selector, x, y, stopAtFinish]) => {
  if (!document.documentElement.classList.contains('js') || !window.htmx
      || document.querySelector('.htmx-request, .htmx-settling, #board[data-busy]')) return null;
  const ply = document.getElementById('board').dataset.ply;
  const finish = !!document.querySelector('#board .status button[value=finish]');
  if (finish && stopAtFinish) return {ply, finish};
  const el = document.querySelector(selector);
  return el && {ply, finish, point: (ON_SCREEN)(el, [x, y])};
}"""
).replace("ON_SCREEN", _ON_SCREEN)
# The point to tap on the pile a card goes to ("f": the first foundation that takes it), as
# tap_pile taps it; null when the card has no such foundation.
_PILE_POINT = (
    """([code, target]) => {
  if (target === 'f') {
    const targets = (document.querySelector(`#board [data-card="${code}"]`)
      .dataset.targets || '').split(' ');
    target = targets.find((t) => t.startsWith('f'));
    if (!target) return null;
  }
  return (ON_SCREEN)(document.querySelector(`#board [data-pile="${target}"]`), [8, 8]);
}"""
).replace("ON_SCREEN", _ON_SCREEN)
# The board's ply once it is no longer `ply`, or a refusal's words, whichever comes first.
_ANSWERED = """ply => {
  const board = document.getElementById('board');
  const alert = document.querySelector('#board .messages [role=alert]');
  if (board.dataset.ply == ply && !alert) return null;
  return {ply: Number(board.dataset.ply), alert: alert && alert.innerText};
}"""


# Where an action is POSTed: the game's own address, or the deal's for its first action.
ACTION_ADDRESS = re.compile(r"/(game/[-\w]+|yukon/\d+|klondike/\d+)/(\?.*)?$")


class PlayerTab:
    """One player's browser tab on a game page."""

    def __init__(self, page: Page, base_url: str) -> None:
        self.page = page
        self.base_url = base_url

    def open(self, path: str) -> PlayerTab:
        """Go to `path`; a game page must show its board."""
        self.page.goto(self.base_url + path)
        if re.match(r"/(yukon|klondike)/\d+/", path):
            expect(self.board).to_be_visible()
        return self

    # What the page shows.
    @property
    def board(self):
        return self.page.locator("#board")

    def card(self, code: str):
        return self.page.locator(f'#board [data-card="{code}"]')

    def pile(self, name: str):
        return self.page.locator(f'#board [data-pile="{name}"]')

    @property
    def counter(self):
        return self.page.get_by_test_id("moves")

    @property
    def alert(self):
        return self.page.locator("#board .messages [role=alert]")

    @property
    def ply(self) -> int:
        return int(self.board.get_attribute("data-ply"))

    def lit(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#board .pile.lit", "piles => piles.map(p => p.dataset.pile)"
        )

    def lifted(self) -> list[str]:
        return self.page.eval_on_selector_all(
            "#board .card.lifted", "cards => cards.map(c => c.dataset.card)"
        )

    def column(self, n: int) -> list[str]:
        """Column n's face-up cards, bottom to top."""
        return (
            self.pile(f"t{n}")
            .locator("[data-card]")
            .evaluate_all("cards => cards.map(c => c.dataset.card)")
        )

    def targets(self, code: str) -> list[str]:
        return (self.card(code).get_attribute("data-targets") or "").split()

    # What the player does: real mouse clicks at the place on screen, as a player's tap lands
    # (whatever is on top there gets it). Quicker than Locator.click, which waits for
    # stillness twice per tap; there is no motion here unless a test turns it on.
    def _click(self, selector: str, x: float, y: float) -> None:
        point = self.page.locator(selector).evaluate(_ON_SCREEN, [x, y])  # waits for it
        self.page.mouse.click(*point)

    def tap(self, code: str) -> None:
        """Tap a card on its index corner: the strip of it a fanned column leaves visible."""
        self._click(f'#board [data-card="{code}"]', 6, 5)

    def tap_pile(self, name: str) -> None:
        if name == "stock":
            self._click("#board [data-pile=stock] button", 12, 12)
        else:
            self._click(f'#board [data-pile="{name}"]', 8, 8)

    def wait_ply(self, ply: int) -> None:
        expect(self.board).to_have_attribute("data-ply", str(ply))

    def act(self, action: str) -> None:
        """Press one of the table's buttons (undo, redo, hint, finish) and wait for the
        server's answer on the board (the response comes a moment before htmx swaps it in,
        and a read of the ply in that moment would see the old board)."""
        with self.page.expect_response(ACTION_ADDRESS):
            self.page.locator(f"#board button[name=action][value={action}]").click()
        self.settle()

    def settle(self) -> None:
        """Wait until the table's script has set up (a tap before that is a plain link, which
        reloads the page: the move's taps are lost to the reload) and no request of the
        table is on its way and its answer is swapped in."""
        self.page.wait_for_function(
            "() => document.documentElement.classList.contains('js') && window.htmx"
            " && !document.querySelector('.htmx-request, .htmx-settling, #board[data-busy]')"
        )

    def hint_through_the_worker(self) -> None:
        """Ask for a hint where no line is known yet: the page says it is looking, the
        worker's check runs (in this process), and the page's poll brings the hint."""
        self.act("hint")
        expect(self.page.get_by_test_id("hint-wait")).to_be_visible()
        work()

    def play(self, move: str, stop_at_finish: bool = False) -> bool:
        """Play one move of the solver's text form by tapping, and wait until it is on the
        board: `9S-t5` taps ♠9 then column five; `AS-f` taps ♠A then a foundation that
        takes it; `d` and `r` tap the stock. With `stop_at_finish`, a table that shows its
        finish button is left as it is (False). Taps and waits as settle, tap and tap_pile
        do, in fewer round trips to the browser (a line is a few hundred moves)."""
        stock = move in ("d", "r")
        code, target = (None, None) if stock else move.split("-")
        first = (STOCK_BUTTON, 12, 12) if stock else (f'#board [data-card="{code}"]', 6, 5)
        ready = self.page.wait_for_function(_READY_TO_TAP, arg=[*first, stop_at_finish])
        ready = ready.json_value()
        if ready["finish"] and stop_at_finish:
            return False
        ply = int(ready["ply"])
        self.page.mouse.click(*ready["point"])
        if not stock:
            point = self.page.evaluate(_PILE_POINT, [code, target])
            assert point, f"{code} has no foundation to go to: {self.targets(code)}"
            self.page.mouse.click(*point)
        answer = self.page.wait_for_function(_ANSWERED, arg=str(ply)).json_value()
        if answer["ply"] == ply:
            raise AssertionError(f"{move} was refused: {answer['alert']}")
        assert answer["ply"] == ply + 1, f"{move} took the game from ply {ply} to {answer['ply']}"
        return True

    @property
    def finish_button(self):
        return self.page.locator("#board .status button[value=finish]")

    def play_line(self, moves: list[str]) -> None:
        """Play a winning line by tapping, move by move, until the line ends or the finish
        button shows (the rest is then the finish button's job)."""
        for move in moves:
            if not self.play(move, stop_at_finish=True):
                return

    def post_actions(self, moves: list[str]) -> None:
        """Play `moves` without tapping, then reload the page. The first and the last are
        posted with the page's own form fields (its cookie and CSRF token), as the page posts
        a move: the first starts the game if need be, the last asks, as a move does, for the
        check of the position it leads to (the dead-end banner's). Those in between go, as
        the game's player, to the service those posts reach (play.actions.act, under the
        same guards), in this process: a move over HTTP costs tens of milliseconds on a busy
        machine, a line has hundreds."""
        page = self.page
        start = self.ply
        if moves:
            token = page.locator("#play input[name=csrfmiddlewaretoken]").input_value()

            def post(address: str, ply: int, move: str) -> str:
                response = page.request.post(
                    self.base_url + address,
                    form={"csrfmiddlewaretoken": token, "ply": str(ply), "move": move},
                    headers={"HX-Request": "true"},
                )
                text = response.text()
                assert response.ok and f'data-ply="{ply + 1}"' in text, (move, text[:300])
                return text

            text = post(self.board.get_attribute("data-action"), start, moves[0])
            address = re.search(r'data-action="(/game/[-\w]+/)"', text)[1]
            game = Game.objects.get(slug=address.split("/")[2])
            for ply, move in enumerate(moves[1:-1], start=start + 1):
                actions.act(game.pk, game.player, "move", ply, Move.parse(move))
            if len(moves) > 1:
                post(address, start + len(moves) - 1, moves[-1])
        page.reload()
        expect(self.board).to_have_attribute("data-ply", str(start + len(moves)))

    def no_horizontal_scroll(self, width: int) -> None:
        scroll = self.page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, f"the page is {scroll} px wide on a {width} px screen"


# Shuffles the solver wins in well under a second (the others it may think about for long).
FIRST_WIN = {("yukon", 1): 1, ("klondike", 1): 1, ("klondike", 3): 3}


def winnable(variant: str, number: int, draw: int = 1) -> tuple[Deal, list[str]]:
    """A deal the solver wins, stored as game `number`, with its winning line: the first
    of a few shuffles (keyed for these tests, not by the site's key) that the solver wins
    within its budget."""
    from solver.search import solve

    for seed in (FIRST_WIN.get((variant, draw), 1), *range(1, 9)):
        cards = shuffled_deck(variant, seed, b"browser tests")
        position = layout(variant, cards, draw)
        result = solve(position, budget_nodes=1_000_000)
        if result.verdict == "win":
            return store(position, number), list(result.moves)
    pytest.fail(f"the solver won none of eight {variant} deals within its budget")


def tapped_stretch(deal: Deal, line: list[str], draw: int = 1, every_kind: bool = False) -> int:
    """Where to start tapping a winning line so that the taps end where the finish button
    shows: 8 moves before it, or with `every_kind` at the line's last turn of the waste back
    over before it, if that is earlier (a Klondike line's stretch then holds every kind of
    move: turns of the stock and of the waste, waste to column and to foundation, column
    to column and to foundation). What comes before is posted (PlayerTab.post_actions)."""
    steps = history.replay(deal_position(deal, draw), line, "none")
    finish = next(i for i, step in enumerate(steps) if finishing_moves(step.position))
    turns = [i for i, move in enumerate(line[:finish]) if move == "r"] if every_kind else []
    return max(1, min([finish - 8, *turns[-1:]]))


# Rows that a flush takes away and its post_migrate signal puts back as they were.
KEPT_BY_FLUSH = {"django_content_type", "auth_permission"}
# pytest-django's database fixtures whose request makes a test its own kind of case.
OTHER_DATABASE_FIXTURES = {"db", "django_db_reset_sequences", "django_db_serialized_rollback"}


@functools.cache
def _emptied_tables() -> list[str]:
    """The project's tables less KEPT_BY_FLUSH, looked up once a run (no test adds one)."""
    tables = connection.introspection.django_table_names(only_existing=True)
    return sorted(set(tables) - KEPT_BY_FLUSH)


@pytest.fixture
def transactional_db(request, django_db_setup, django_db_blocker) -> Iterator[None]:
    """pytest-django's fixture of this name (the live server's requests see what the test
    writes), with a quicker clean-up on PostgreSQL. Django's flush empties each of the
    project's tables, then its post_migrate signal puts the content types and permissions
    back: half a second to a second a test on a busy machine, and every browser test has
    one. Here the tables that hold rows, those found (one query) but those two, are
    emptied with one TRUNCATE. Anywhere else (SQLite, a django_db marker, another database
    fixture), pytest-django's own."""
    if (
        connection.vendor != "postgresql"
        or request.node.get_closest_marker("django_db")
        or not OTHER_DATABASE_FIXTURES.isdisjoint(request.fixturenames)
    ):
        request.getfixturevalue("_django_db_helper")
        yield
        return
    with django_db_blocker.unblock():
        yield
        with connection.cursor() as cursor:
            tables = _emptied_tables()
            quoted = [connection.ops.quote_name(table) for table in tables]
            cursor.execute(
                " UNION ALL ".join(
                    f"SELECT %s WHERE EXISTS (SELECT 1 FROM {name})" for name in quoted
                ),
                tables,
            )
            if full := [connection.ops.quote_name(table) for (table,) in cursor.fetchall()]:
                cursor.execute(f"TRUNCATE {', '.join(full)} CASCADE")


@pytest.fixture
def open_tab(
    browser: Browser, browser_context_args: dict, live_server, transactional_db
) -> Iterator[Callable[..., PlayerTab]]:
    """`open_tab(path, **context options)`: a fresh player (browser context) at a page."""
    contexts: list[BrowserContext] = []
    errors: list[str] = []

    def opener(path: str, **options) -> PlayerTab:
        context = browser.new_context(**{**browser_context_args, **options})
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        return PlayerTab(page, live_server.url).open(path)

    yield opener
    for context in contexts:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def pytest_terminal_summary(terminalreporter) -> None:
    """Say where this run's screenshots are (tests/browser/screenshots.py)."""
    if count := screenshots.taken():
        terminalreporter.write_line(f"{count} screenshots in {screenshots.FOLDER}/")
