"""A move's answer of changes in Chromium (play.views.game, static/js/table/swap.js): the
table's script gets only the parts of the board that a move, undo or redo changed, swaps
each in place, and ends with the board the server would draw whole, step after step."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.worker import work

from .conftest import ACTION_ADDRESS, winnable

pytestmark = pytest.mark.browser

YUKON, KLONDIKE = 2_100_000_501, 2_100_000_502

# The board as the page has it, and the board the server draws whole for the same game
# (the GET an htmx client makes), side by side, each with what may rightly differ left
# out: the CSRF token (masked anew in every answer), the running clock, the words said for
# the last action (a fresh page has none), the verdict poll's count and the blank text
# around the banner its answers leave, and what the script adds as it goes (a pile's
# tabindex, htmx's passing classes).
BOTH_BOARDS = """async () => {
  const normal = (board) => {
    const b = board.cloneNode(true);
    b.querySelectorAll("[name=csrfmiddlewaretoken]").forEach((e) => e.removeAttribute("value"));
    const clock = b.querySelector(".clock");
    clock.removeAttribute("data-seconds");
    clock.textContent = "";
    b.querySelector(".messages").removeAttribute("data-say");
    b.querySelector("#verdict").removeAttribute("hx-get");
    b.querySelectorAll("[tabindex]").forEach((e) => e.removeAttribute("tabindex"));
    const blank = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
    const blanks = [];
    while (blank.nextNode()) if (!blank.currentNode.data.trim()) blanks.push(blank.currentNode);
    blanks.forEach((node) => node.remove());
    [b, ...b.querySelectorAll("[class]")].forEach((e) => {
      [...e.classList].filter((c) => c.startsWith("htmx-")).forEach((c) => e.classList.remove(c));
      if (!e.classList.length) e.removeAttribute("class");
    });
    return b.outerHTML;
  };
  const answer = await fetch(location.href, { headers: { "HX-Request": "true" } });
  const drawn = document.createElement("template");
  drawn.innerHTML = await answer.text();
  return [normal(document.getElementById("board")), normal(drawn.content.firstElementChild)];
}"""


def answers_of(tab) -> list:
    """Every answer to an action from now on (its headers say whether it was changes only)."""
    seen: list = []

    def note(response) -> None:
        if response.request.method == "POST" and ACTION_ADDRESS.search(response.url):
            seen.append(response)

    tab.page.on("response", note)
    return seen


def changes_only(answers: list) -> list[bool]:
    return [answer.headers.get("hx-reswap") == "none" for answer in answers]


def same_as_drawn_whole(tab) -> None:
    tab.settle()
    page, whole = tab.page.evaluate(BOTH_BOARDS)
    assert page == whole


def test_yukon_moves_undo_redo_a_hint_and_a_refusal_each_come_as_they_should(open_tab):
    """One tab through one game: moves, undo and redo come as changes and leave the board
    drawn whole; a move after a hint (a whole board, its card and pile marked) leaves
    nothing marked; a refusal is still the whole board with its alert."""
    _, line = winnable("yukon", YUKON)
    tab = open_tab(f"/yukon/{YUKON}/")
    tab.play(line[0])  # the first action starts the game, at the deal's address: whole
    answers = answers_of(tab)
    for move in line[1:6]:
        tab.play(move)
        same_as_drawn_whole(tab)
    for action in ("undo", "undo", "redo"):
        tab.act(action)
        same_as_drawn_whole(tab)
    expect(tab.counter).to_have_text("5")

    assert changes_only(answers) == [True] * 8
    whole = len(tab.page.evaluate("() => document.getElementById('board').outerHTML"))
    sizes = [len(answer.body()) for answer in answers]
    assert all(size < whole for size in sizes), (sizes, whole)

    # Five moves of the line are on the board: the sixth is next.
    tab.act("hint")  # a hint is the whole board, its card and pile marked
    if tab.page.get_by_test_id("hint-wait").count():
        work()
    expect(tab.page.locator("#board .hinted")).not_to_have_count(0)
    answers = answers_of(tab)
    tab.play(line[5])

    expect(tab.page.locator("#board .hinted")).to_have_count(0)
    assert changes_only(answers) == [True]
    same_as_drawn_whole(tab)

    answers = answers_of(tab)
    tab.play(line[6])
    code = line[7].split("-")[0]
    tab.tap(code)
    # A column that does not take it: any but its own and its targets.
    own = tab.card(code).evaluate("c => c.closest('[data-pile]').dataset.pile")
    wrong = next(
        f"t{n}" for n in range(1, 8) if f"t{n}" != own and f"t{n}" not in tab.targets(code)
    )
    tab.tap_pile(wrong)

    expect(tab.alert).to_have_count(1)
    tab.settle()
    assert changes_only(answers) == [True, False]


def test_klondike_stock_turns_and_moves_come_as_changes_and_leave_the_board_drawn_whole(
    open_tab,
):
    _, line = winnable("klondike", KLONDIKE)
    tab = open_tab(f"/klondike/{KLONDIKE}/")
    tab.play(line[0])
    answers = answers_of(tab)
    for move in line[1:10]:
        tab.play(move)
        same_as_drawn_whole(tab)
    tab.act("undo")
    same_as_drawn_whole(tab)
    tab.act("redo")
    same_as_drawn_whole(tab)

    assert {"d"} & set(line[1:10]), "the line turns the stock in its first moves"
    assert changes_only(answers) == [True] * 11
