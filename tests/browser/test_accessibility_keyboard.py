"""Issue 13 in Chromium, by keyboard and screen reader: a whole game played by keyboard and read
back through the accessibility tree and the live region, focus after each action, the menu,
the dialogs and the single-key shortcuts."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from games.engine.cards import Card
from games.engine.deal import deal
from play.announce import card_name
from tests.web.deals import easy_yukon, store

from . import accessibility, one_tab
from .accessibility import DEAD_END_DEAL, INTO_THE_DEAD_END, NUMBER, until_jump_back

pytestmark = pytest.mark.browser


# Fixtures defined once in accessibility.py, bound here so that pytest finds them.
worked_example = accessibility.worked_example
# One tab for the module, a new player in it for each test (one_tab.py).
module_page = one_tab.module_page
fresh_tab = one_tab.fresh_tab


def announced(tab):
    return tab.page.get_by_test_id("announcer")


def settled(page) -> None:
    """Waits until no request of the page's is on its way (htmx marks the element that sent
    one), so a key pressed next acts on the board as it stands."""
    page.wait_for_function("() => !document.querySelector('.htmx-request, #board[data-busy]')")


def focused(page) -> str:
    """The focused element as a screen reader names it: role and accessible name. Waits for
    the focus to land first: after a swap the page moves it there once the board settles."""
    page.wait_for_function(
        "() => document.activeElement && document.activeElement !== document.body"
    )
    return page.evaluate(
        """() => {
      const el = document.activeElement;
      if (!el || el === document.body) return "body";
      const name = el.getAttribute("aria-label") || el.textContent.trim();
      return `${el.tagName.toLowerCase()}[${el.getAttribute("value") || ""}] ${name}`;
    }"""
    )


# -- a whole game by keyboard, as a screen reader hears it -------------------------------------


def test_a_screen_reader_player_wins_a_whole_game_from_the_tree_and_the_live_region(
    fresh_tab,
):
    won, line = easy_yukon()
    tab = fresh_tab(f"/yukon/{won.number}/")
    page = tab.page
    live = announced(tab)
    expect(live).to_have_attribute("aria-live", "polite")
    tree = page.locator("main").aria_snapshot()
    assert re.search(rf"heading \"Yukon #{won.number}\" \[level=1\]", tree), tree
    assert 'button "Undo" [disabled]' in tree and 'button "Redo" [disabled]' in tree

    def by_keys(ply: int, move: str) -> None:
        card = Card.parse(move.split("-")[0])
        name = card_name(card)
        link = page.get_by_role("link", name=name, exact=True)
        link.focus()
        page.keyboard.press("Enter")
        expect(live).to_contain_text(f"Picked up {name}.")
        expect(link).to_have_accessible_description("picked up")
        expect(live).to_contain_text("It can go to ")
        # To a foundation by the arrows, reading each stop's name, as a player who hears them.
        slot = next(t for t in tab.targets(card.code) if t.startswith("f"))[1:]
        for _ in range(12):
            group = page.evaluate(
                "() => document.activeElement.closest('[data-pile]').getAttribute('aria-label')"
            )
            if group.startswith(f"Foundation {slot}"):
                break
            page.keyboard.press("ArrowLeft")
        page.keyboard.press("Enter")
        expect(tab.board).to_have_attribute("data-ply", str(ply))
        spoken = card.spoken[0].upper() + card.spoken[1:]  # read aloud, "2" is "two" anyway
        expect(live).to_have_text(re.compile(rf"^{spoken} to foundation {slot}"))
        # The card went home: the tree shows it in that foundation's group.
        home = page.get_by_role("group", name=re.compile(rf"^Foundation {slot}, "))
        expect(home.get_by_role("link", name=name, exact=True)).to_be_visible()
        assert focused(page) != "body", f"focus fell to the page after {move}"

    # The first moves and the last by keys; the same kind of move in between is posted.
    keyed = 4
    for ply, move in enumerate(line[:keyed], start=1):
        by_keys(ply, move)
    tab.post_actions(line[keyed:-keyed])
    for ply, move in enumerate(line[-keyed:], start=len(line) - keyed + 1):
        by_keys(ply, move)

    finish = page.get_by_role("button", name="Auto-finish")
    finish.focus()
    page.keyboard.press("Enter")
    expect(live).to_have_text("4 cards played home. You won in 52 moves!")
    dialog = page.get_by_role("dialog", name="You won!")
    expect(dialog).to_be_visible()
    assert page.evaluate("document.activeElement.closest('dialog') !== null"), focused(page)
    assert page.evaluate("document.querySelector('dialog').matches(':modal')")
    snapshot = dialog.aria_snapshot()
    assert 'heading "You won!"' in snapshot and 'link "New game"' in snapshot
    # Modal: Tab reaches nothing of the page behind it (past its last link the browser's
    # own controls may take the focus, which leaves the page's <body> as the active element).
    for _ in range(6):
        page.keyboard.press("Tab")
        inside = "(el => el === document.body || el.closest('dialog') !== null)"
        assert page.evaluate(f"{inside}(document.activeElement)"), focused(page)


# -- focus after every action ------------------------------------------------------------------


def test_focus_lands_on_the_nearest_meaningful_control_after_each_action(fresh_tab, worked_example):
    tab = fresh_tab(f"/yukon/{NUMBER}/")
    page = tab.page
    tab.play("9S-t5")
    page.locator("#board summary[aria-label=Menu]").click()
    page.locator("#board button[value=restart]").click()
    expect(tab.counter).to_have_text("0")
    assert focused(page) == "button[undo] Undo", "Restart → Undo, which brings the move back"

    settled(page)
    page.keyboard.press("Enter")  # undo the restart
    expect(tab.counter).to_have_text("1")
    assert focused(page) == "button[undo] Undo"
    settled(page)
    page.keyboard.press("Enter")  # the last undo: Undo is greyed out now
    expect(tab.counter).to_have_text("0")
    assert focused(page) == "button[redo] Redo"
    settled(page)
    page.keyboard.press("Enter")
    expect(tab.counter).to_have_text("1")

    page.locator("#board summary[aria-label=Menu]").click()
    page.locator("#board button[value=ask-resign]").click()
    confirm = page.get_by_role("dialog", name="Resign this game?")
    expect(confirm).to_be_visible()
    assert focused(page).endswith("Keep playing")
    page.keyboard.press("Escape")  # keeps playing: the question goes, focus back to the menu
    expect(confirm).to_have_count(0)
    # Closed at once, but moved from and removed on its close event, a moment later.
    expect(page.locator("#board summary[aria-label=Menu]")).to_be_focused()
    expect(tab.counter).to_have_text("1")

    settled(page)
    page.keyboard.press("Enter")  # open the menu again
    page.locator("#board button[value=ask-resign]").click()
    page.get_by_role("dialog", name="Resign this game?").get_by_role(
        "button", name="Resign"
    ).click()
    over = page.get_by_role("dialog", name="Game over")
    expect(over).to_be_visible()
    assert focused(page).endswith("New game")
    expect(announced(tab)).to_have_text("You resigned after 1 move.")


def test_jump_back_keeps_the_focus_on_the_table(open_tab):
    store(deal("yukon", DEAD_END_DEAL, b"test-key"), DEAD_END_DEAL)
    tab = open_tab(f"/yukon/{DEAD_END_DEAL}/", viewport={"width": 1200, "height": 1000})
    for move in INTO_THE_DEAD_END:
        tab.play(move)
    until_jump_back(tab.page)
    jump = tab.page.get_by_test_id("jump-back")
    expect(tab.page.get_by_test_id("dead-end")).to_be_in_viewport()
    jump.focus()
    tab.page.keyboard.press("Enter")
    expect(tab.counter).to_have_text("1")
    assert focused(tab.page) == "button[undo] Undo"
    expect(announced(tab)).to_have_text("Back to move 1.")


# -- the menu and the keys -------------------------------------------------------------------


def test_escape_closes_the_menu_from_its_checkbox_and_the_menu_never_covers_the_focus(
    fresh_tab, worked_example
):
    tab = fresh_tab(f"/yukon/{NUMBER}/")
    page = tab.page
    menu = page.locator("#board details.menu")
    page.locator("#board summary[aria-label=Menu]").click()
    page.get_by_label("Winnable deals").focus()
    page.keyboard.press("Escape")
    expect(menu).not_to_have_attribute("open", "")
    assert focused(page).endswith("Menu")

    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("open", "")
    page.keyboard.press("ArrowDown")  # from the menu's button onto the table's cards
    assert page.evaluate("document.activeElement.matches('.card')"), focused(page)
    expect(menu).not_to_have_attribute("open", "")


def test_single_keys_act_only_from_the_table_and_ctrl_keys_from_anywhere(fresh_tab, worked_example):
    tab = fresh_tab(f"/yukon/{NUMBER}/")
    page = tab.page
    tab.play("9S-t5")
    page.get_by_role("link", name="My records").first.focus()
    page.keyboard.press("u")
    page.keyboard.press("h")
    # Nothing was sent: the board is still at ply 1 with no hint (no request is in flight).
    expect(tab.counter).to_have_text("1")
    expect(page.locator("#board .hint-note")).to_have_count(0)
    assert page.evaluate("!document.getElementById('board').dataset.busy")

    page.keyboard.press("Control+z")  # a Ctrl combination works from the nav link
    expect(tab.counter).to_have_text("0")
    page.keyboard.press("Control+Shift+z")  # and redo, in Yukon too
    expect(tab.counter).to_have_text("1")

    tab.card("5C").focus()
    page.keyboard.press("u")
    expect(tab.counter).to_have_text("0")


def test_picking_up_exposes_the_selection_and_its_targets(fresh_tab, worked_example):
    tab = fresh_tab(f"/yukon/{NUMBER}/")
    page = tab.page
    tab.tap("9S")
    expect(tab.card("9S")).to_have_accessible_description("picked up")
    expect(tab.card("TH")).to_have_accessible_description("the picked-up cards can go here")
    expect(tab.card("TC")).to_have_accessible_description("")
    expect(announced(tab)).to_have_text(
        "Picked up 9 of spades and 4 cards on it. It can go to column 5."
    )
    page.keyboard.press("Escape")
    expect(announced(tab)).to_have_text("Put down.")
    expect(tab.card("9S")).to_have_accessible_description("")
