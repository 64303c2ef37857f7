"""The Yukon table in Chromium with an action on its way, its POST held at the network: a
second undo, a hint or a restart meanwhile is dropped, not queued, so one action at a time
reaches the server."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from . import yukon_table
from .conftest import ACTION_ADDRESS
from .yukon_table import NUMBER, STACK

pytestmark = pytest.mark.browser


# The deal, a fixture defined once in yukon_table.py, bound here so that pytest finds it.
worked_example = yukon_table.worked_example


COUNT_POSTS = """(() => {
  const posts = (window.__posts = {sent: [], open: 0, most: 0});
  const {open, send} = XMLHttpRequest.prototype;
  XMLHttpRequest.prototype.open = function (method, ...rest) {
    this.method = method;
    return open.call(this, method, ...rest);
  };
  XMLHttpRequest.prototype.send = function (body) {
    if (this.method.toUpperCase() === "POST") {
      posts.sent.push(new URLSearchParams(body).get("action"));
      posts.open += 1;
      posts.most = Math.max(posts.most, posts.open);
      this.addEventListener("loadend", () => (posts.open -= 1));
    }
    return send.call(this, body);
  };
})();"""


class HeldPosts:
    """The table's POSTs held at the network until released: while one is held, the page has
    an action on its way for as long as the test needs."""

    def __init__(self, page) -> None:
        self.page = page
        self.routes = []
        page.route(ACTION_ADDRESS, self.hold)

    def hold(self, route) -> None:
        if route.request.method == "POST":
            self.routes.append(route)
        else:
            route.continue_()

    def sent(self) -> list[str]:
        """The action of each POST the page has sent, in order."""
        return self.page.evaluate("window.__posts.sent")

    def most_at_once(self) -> int:
        return self.page.evaluate("window.__posts.most")

    def release(self) -> None:
        """Let the held requests go on, and hold no more."""
        # Each Playwright call waits on the browser, whose messages come in order: the route
        # of a request sent before the last call has been handed over by now.
        assert self.routes, "no request was held"
        for route in self.routes:
            route.continue_()
        self.routes = []
        self.page.unroute(ACTION_ADDRESS, self.hold)


@pytest.fixture
def held(open_tab, worked_example):
    """The worked example two moves in (the five cards on column five, ♠A home, ♦K turned up
    in column three; posted, not tapped: tapping is not what is tested here), the table's
    POSTs from here on counted and held."""
    tab = open_tab(f"/yukon/{NUMBER}/")
    tab.page.add_init_script(COUNT_POSTS)
    tab.post_actions(["9S-t5", "AS-f"])  # and reloads the page: counted from the start
    tab.settle()
    return tab, HeldPosts(tab.page)


def test_a_second_undo_while_the_first_is_on_its_way_is_dropped(held):
    tab, posts = held
    page = tab.page
    undo = page.locator("#board .tools button[value=undo]")
    undo.click()
    assert posts.sent() == ["undo"]
    # The old board, its Undo still pressable, while the first Undo is held: a second click,
    # Ctrl+Z and u (the focus is on the table's Undo) are each dropped, not queued.
    undo.click()
    page.keyboard.press("Control+z")
    page.keyboard.press("u")
    assert posts.sent() == ["undo"]

    posts.release()

    tab.wait_ply(1)
    expect(tab.counter).to_have_text("1")
    assert tab.column(1) == ["AS"]
    assert tab.column(5)[-5:] == STACK
    expect(page.get_by_test_id("note")).to_have_count(0)  # no "the table had changed"
    assert posts.sent() == ["undo"], "nothing was sent after it either"
    assert posts.most_at_once() == 1
    expect(tab.board).not_to_have_attribute("data-busy", "1")


def test_undo_hint_and_restart_are_dropped_while_a_move_is_on_its_way(held):
    tab, posts = held
    page = tab.page
    assert "t1" in tab.targets("KD")  # column one, emptied by ♠A, takes a king
    tab.tap("KD")
    tab.tap_pile("t1")
    assert posts.sent() == ["move"]
    # Every button of the table posts through the same path as the move: none goes beside it.
    page.locator("#board .tools button[value=undo]").click()
    page.locator("#board .tools button[value=hint]").click()
    page.locator("#board summary[aria-label=Menu]").click()
    page.get_by_role("button", name="Restart this deal").click()
    assert posts.sent() == ["move"]

    posts.release()

    tab.wait_ply(3)
    assert tab.column(1) == ["KD"]
    expect(page.locator("#board .hint-note, #board [data-testid=hint-wait]")).to_have_count(0)
    assert posts.sent() == ["move"]
    assert posts.most_at_once() == 1

    tab.act("undo")  # and once the move is in, the next action goes as usual
    tab.wait_ply(2)
    assert tab.column(3) == ["KD"]
    assert posts.sent() == ["move", "undo"]


# -- moves made while a move is on its way, or while its cards still glide (issue 37) ------


@pytest.fixture
def counted(open_tab, worked_example):
    """The worked example at its deal, the table's POSTs counted and held from here on."""
    tab = open_tab(f"/yukon/{NUMBER}/")
    tab.page.add_init_script(COUNT_POSTS)
    tab.page.reload()
    tab.settle()
    return tab, HeldPosts(tab.page)


def test_quick_taps_while_a_move_is_on_its_way_all_act(counted):
    tab, posts = counted
    tab.tap("9S")
    tab.tap_pile("t5")
    assert posts.sent() == ["move"]
    tab.tap("AS")  # picked up on the board still shown, put on a foundation at once
    tab.tap_pile("f1")
    posts.release()
    tab.wait_ply(2)
    assert tab.column(5)[-5:] == STACK
    assert tab.column(1) == []
    assert tab.page.locator('#board [data-pile="f1"] [data-card]').evaluate_all(
        "cards => cards.map(c => c.dataset.card)"
    ) == ["AS"]
    assert posts.sent() == ["move", "move"] and posts.most_at_once() == 1
    expect(tab.alert).to_have_count(0)


def drag_to(tab, code: str, pile: str) -> None:
    """Press the card where it is seen now (in flight too), carry it to the pile, let go."""
    mouse, start = tab.page.mouse, tab.card(code).bounding_box()
    mouse.move(start["x"] + 8, start["y"] + 6)
    mouse.down()
    target = tab.pile(pile).bounding_box()
    mouse.move(target["x"] + target["width"] / 2, target["y"] + 20, steps=6)
    mouse.up()


def test_a_drag_while_a_move_is_on_its_way_lands_where_it_was_let_go(counted):
    tab, posts = counted
    tab.tap("9S")
    tab.tap_pile("t5")
    drag_to(tab, "4D", "t4")  # ♦4, still shown in column three, onto ♣5
    posts.release()
    tab.wait_ply(2)
    assert tab.column(4)[-4:] == ["4D", "JC", "2H", "6S"]
    assert tab.column(5)[-1] == "9S"
    expect(tab.alert).to_have_count(0)


# Freeze the glide each new board starts, so that the next tap surely meets it in flight.
FREEZE = (
    "document.addEventListener('htmx:afterSwap',"
    " () => document.getAnimations().forEach(a => a.pause()))"
)


def test_a_card_in_flight_is_the_card_a_tap_or_a_drag_acts_on(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/", reduced_motion="no-preference")
    for how in ("tap", "drag"):  # each by a new player at the deal, in the same tab
        if how != "tap":
            tab.page.context.clear_cookies()
            tab.open(f"/yukon/{NUMBER}/")
        tab.page.evaluate(FREEZE)
        tab.play("9S-t5")  # the stack glides to column five: frozen on its way
        assert tab.page.evaluate("document.getAnimations().length") > 0, how
        if how == "tap":
            tab.tap("4D")  # where the player sees it, in flight
            tab.tap_pile("t4")
        else:
            drag_to(tab, "4D", "t4")
        tab.wait_ply(2)
        assert tab.column(4)[-4:] == ["4D", "JC", "2H", "6S"], f"by {how}"
        expect(tab.alert).to_have_count(0)
