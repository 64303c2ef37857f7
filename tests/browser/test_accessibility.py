"""Issue 13 in Chromium: a table everyone can play. axe-core (WCAG 2.0-2.2 A and AA) over
every page and state at 1280 px and at 360 px with touch; a whole game played by keyboard
and read back through the accessibility tree and the live region, as a screen reader would;
focus after each action; the menu, the dialogs and the single-key shortcuts; the phone
layout; indicator contrast, forced colours and the dark theme."""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from games.engine.cards import Card
from games.engine.deal import deal
from play.announce import card_name
from tests.web.deals import dealt, easy_yukon, store

from .axe import assert_clean
from .conftest import DESKTOP, PHONE

pytestmark = pytest.mark.browser

NUMBER = 2_100_000_301  # the seed's worked example, as in test_yukon_table
KLONDIKE = 2_100_000_302
WIDTHS = {"desktop": {"viewport": DESKTOP}, "phone": {"viewport": PHONE, "has_touch": True}}
DEAD_END_DEAL = 6  # Yukon deal 6 under the test key (see test_dead_end.py)
INTO_THE_DEAD_END = ["7S-t7", "KC-t1"]


@pytest.fixture
def worked_example(transactional_db):
    position = dealt(
        "yukon",
        [
            "AS",
            "? | ? ? ? ? 3D",
            "? KD | 9S 4D JC 2H 6S",
            "? ? ? | ? ? ? ? 5C",
            "? ? ? ? | ? ? ? ? TH",
            "? ? ? ? ? | ? ? ? ? TC",
            "? ? ? ? ? ? | ? ? ? ? QH",
        ],
    )
    store(position, NUMBER)
    return position


@pytest.fixture
def klondike_deal(transactional_db):
    position = dealt(
        "klondike",
        ["AS", "? | 2H", "? ? | 8C", "? ? ? | 7D", "? ? ? ? | 6S", "? ? ? ? ? | 5H",
         "? ? ? ? ? ? | 4C"],
        draw=3,
    )  # fmt: skip
    store(position, KLONDIKE)
    return position


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


def post_actions(tab, moves: list[str]) -> None:
    """Play `moves` with the page's own form fields (its cookie and CSRF token), quicker than
    tapping, then reload the page."""
    page = tab.page
    action = tab.board.get_attribute("data-action")
    token = page.locator("#play input[name=csrfmiddlewaretoken]").input_value()
    for ply, move in enumerate(moves, start=tab.ply):
        response = page.request.post(
            tab.base_url + action,
            form={"csrfmiddlewaretoken": token, "ply": str(ply), "move": move},
            headers={"HX-Request": "true"},
        )
        assert response.ok and f'data-ply="{ply + 1}"' in response.text(), move
    page.reload()
    expect(tab.board).to_have_attribute("data-ply", str(tab.ply))


def run_worker() -> None:
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


# -- axe on every page and state ---------------------------------------------------------------


@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_nothing_on_any_page_or_state_of_yukon(open_tab, worked_example, width):
    options = WIDTHS[width]
    tab = open_tab("/", **options)
    assert_clean(tab.page, f"the lobby at {width}")
    for path in (
        "/rules/yukon/", "/rules/klondike/", "/records/", "/stats/", "/daily/", "/daily/klondike/",
        f"/leaderboard/yukon/{NUMBER}/", "/accounts/signup/", "/accounts/login/",
        "/accounts/password_reset/", "/no-such-page/",
    ):  # fmt: skip
        tab.page.goto(tab.base_url + path)
        assert_clean(tab.page, f"{path} at {width}")

    tab.open(f"/yukon/{NUMBER}/")
    assert_clean(tab.page, f"a Yukon deal at {width}")
    tab.tap("9S")
    expect(tab.page.locator("#selection-bar")).to_be_visible()
    assert_clean(tab.page, f"a picked-up stack at {width}")
    tab.tap_pile("t6")
    expect(tab.alert).to_have_text("♠9 goes on a red 10")
    assert_clean(tab.page, f"a refusal at {width}")

    tab.page.locator("#board summary[aria-label=Menu]").click()
    expect(tab.page.locator("#board .menu-panel")).to_be_visible()
    expect(tab.page.locator("#board .tableau")).to_have_attribute("inert", "")
    assert_clean(tab.page, f"the open menu at {width}")
    tab.page.locator("#board button[value=ask-resign]").click()
    confirm = tab.page.get_by_test_id("confirm-resign")
    expect(confirm).to_be_visible()
    assert_clean(tab.page, f"the resign question at {width}")
    confirm.get_by_role("button", name="Resign").click()
    expect(tab.page.get_by_role("dialog", name="Game over")).to_be_visible()
    assert_clean(tab.page, f"the resigned dialog at {width}")

    tab.open(tab.page.get_by_test_id("replay-link").get_attribute("href"))
    assert_clean(tab.page, f"a replay at {width}")
    tab.open("/records/")
    assert_clean(tab.page, f"the records with a game at {width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_nothing_on_klondike_its_waste_fan_and_a_win(open_tab, klondike_deal, width):
    options = WIDTHS[width]
    tab = open_tab(f"/klondike/{KLONDIKE}/?draw=3&scoring=vegas", **options)
    assert_clean(tab.page, f"a Klondike deal at {width}")
    tab.play("d")
    expect(tab.page.locator("#board .waste .covered")).to_have_count(2)
    assert_clean(tab.page, f"a draw-3 waste fan at {width}")

    won, line = easy_yukon()
    tab.open(f"/yukon/{won.number}/")
    post_actions(tab, line)
    tab.finish_button.click()
    dialog = tab.page.get_by_role("dialog", name="You won!")
    expect(dialog).to_be_visible()
    assert_clean(tab.page, f"the win dialog at {width}")
    tab.open(dialog.get_by_test_id("replay-link").get_attribute("href"))
    assert_clean(tab.page, f"the replay of a win at {width}")
    tab.open("/stats/")  # the chart and table of the game just won
    expect(tab.page.locator("svg[role=img]")).to_be_visible()
    assert_clean(tab.page, f"the statistics with a win at {width}")


@pytest.mark.parametrize("width", WIDTHS)
def test_axe_finds_nothing_on_the_dead_end_banner(open_tab, width):
    store(deal("yukon", DEAD_END_DEAL, b"test-key"), DEAD_END_DEAL)
    tab = open_tab(f"/yukon/{DEAD_END_DEAL}/", **WIDTHS[width])
    post_actions(tab, INTO_THE_DEAD_END)
    banner = tab.page.get_by_test_id("dead-end")
    jump = tab.page.get_by_test_id("jump-back")
    for _ in range(6):  # the worker proves the loss, then the positions before it
        run_worker()
        try:
            expect(jump).to_be_visible(timeout=2_500)
            break
        except AssertionError:
            continue
    expect(banner).to_be_in_viewport()
    assert_clean(tab.page, f"the dead-end banner at {width}")


def test_axe_finds_nothing_in_the_dark_theme_or_forced_colours(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/", color_scheme="dark")
    assert_clean(tab.page, "a Yukon deal in the dark theme")
    tab.tap("9S")
    assert_clean(tab.page, "a picked-up stack in the dark theme")
    for path in ("/", "/rules/yukon/", "/records/", "/stats/", "/daily/", "/no-such-page/"):
        tab.page.goto(tab.base_url + path)
        assert_clean(tab.page, f"{path} in the dark theme")
    tab.page.emulate_media(forced_colors="active")
    tab.open(f"/yukon/{NUMBER}/")
    assert_clean(tab.page, "a Yukon deal in forced colours")


# -- a whole game by keyboard, as a screen reader hears it -------------------------------------


def test_a_screen_reader_player_wins_a_whole_game_from_the_tree_and_the_live_region(
    open_tab, transactional_db
):
    won, line = easy_yukon()
    tab = open_tab(f"/yukon/{won.number}/")
    page = tab.page
    live = announced(tab)
    expect(live).to_have_attribute("aria-live", "polite")
    tree = page.locator("main").aria_snapshot()
    assert re.search(rf"heading \"Yukon #{won.number}\" \[level=1\]", tree), tree
    assert 'button "Undo" [disabled]' in tree and 'button "Redo" [disabled]' in tree

    for ply, move in enumerate(line, start=1):
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


def test_focus_lands_on_the_nearest_meaningful_control_after_each_action(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/")
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
    jump = tab.page.get_by_test_id("jump-back")
    for _ in range(6):
        run_worker()
        try:
            expect(jump).to_be_visible(timeout=2_500)
            break
        except AssertionError:
            continue
    expect(tab.page.get_by_test_id("dead-end")).to_be_in_viewport()
    jump.focus()
    tab.page.keyboard.press("Enter")
    expect(tab.counter).to_have_text("1")
    assert focused(tab.page) == "button[undo] Undo"
    expect(announced(tab)).to_have_text("Back to move 1.")


# -- the menu and the keys -------------------------------------------------------------------


def test_escape_closes_the_menu_from_its_checkbox_and_the_menu_never_covers_the_focus(
    open_tab, worked_example
):
    tab = open_tab(f"/yukon/{NUMBER}/")
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


def test_single_keys_act_only_from_the_table_and_ctrl_keys_from_anywhere(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/")
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


def test_picking_up_exposes_the_selection_and_its_targets(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/")
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


# -- phones, contrast, forced colours, dark ---------------------------------------------------


def strips(page) -> list[dict]:
    """Every face-up card's visible strip in the columns: the part no later card covers."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('#board .column')).flatMap((pile) => {
      const cards = Array.from(pile.querySelectorAll('.card.up'));
      return cards.map((card, i) => {
        const box = card.getBoundingClientRect();
        const next = cards[i + 1];
        const bottom = next ? next.getBoundingClientRect().top : box.bottom;
        return { card: card.dataset.card, width: box.width, height: bottom - box.top };
      });
    })"""
    )


@pytest.mark.parametrize("width", [320, 360])
def test_a_phone_has_finger_sized_strips_and_no_sideways_scroll(
    open_tab, worked_example, klondike_deal, width
):
    tab = open_tab(f"/yukon/{NUMBER}/", viewport={"width": width, "height": 700}, has_touch=True)
    tab.play("9S-t5")  # column five now fans ten face-up cards
    tab.no_horizontal_scroll(width)
    small = [s for s in strips(tab.page) if s["height"] < 24 or s["width"] < 24]
    assert not small, f"strips under 24 px at {width} px: {small}"
    tab.open(f"/klondike/{KLONDIKE}/?draw=3&scoring=vegas")
    tab.play("d")
    tab.no_horizontal_scroll(width)


def test_the_klondike_menu_fits_a_360_px_phone(open_tab, klondike_deal):
    tab = open_tab(f"/klondike/{KLONDIKE}/?draw=3&scoring=vegas", viewport=PHONE)
    tab.page.locator("#board summary[aria-label=Menu]").click()
    panel = tab.page.locator("#board .menu-panel")
    expect(panel).to_be_visible()
    box = panel.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], box
    tab.no_horizontal_scroll(PHONE["width"])


def luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def colours(css: str) -> list[tuple[int, int, int]]:
    return [tuple(int(x) for x in m) for m in re.findall(r"rgba?\((\d+), (\d+), (\d+)", css)]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_selection_target_and_focus_rings_stand_out_on_card_and_felt(
    open_tab, worked_example, scheme
):
    tab = open_tab(f"/yukon/{NUMBER}/", color_scheme=scheme)
    page = tab.page
    style = "(el, prop) => getComputedStyle(el)[prop]"
    card = colours(tab.card("TC").evaluate(style, "backgroundImage"))[0]
    felt = colours(page.evaluate("getComputedStyle(document.body).backgroundImage"))
    tab.tap("9S")
    expect(tab.pile("t5")).to_have_class(re.compile(r"\blit\b"))
    for what, element in (("selection", tab.card("9S")), ("target", tab.pile("t5"))):
        inner, outer = colours(element.evaluate(style, "boxShadow"))[:2]
        assert contrast(inner, card) >= 3, f"{what}'s inner ring on the card ({scheme})"
        for baize in felt:
            assert contrast(outer, baize) >= 3, f"{what}'s outer ring on the felt ({scheme})"
    tab.card("TC").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    ring = colours(tab.card("TC").evaluate(style, "outlineColor"))[0]
    halo = colours(tab.card("TC").evaluate(style, "boxShadow"))[0]
    assert contrast(ring, card) >= 3 and all(contrast(halo, b) >= 3 for b in felt)


def test_forced_colours_keep_selection_targets_and_suits_apart(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/")
    page = tab.page
    page.emulate_media(forced_colors="active")
    style = "(el, prop) => getComputedStyle(el)[prop]"
    red, black = tab.card("TH"), tab.card("TC")
    assert red.evaluate(style, "color") != black.evaluate(style, "color")
    assert red.evaluate(style, "backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    tab.tap("9S")
    picked = tab.card("9S").evaluate(style, "outlineStyle")
    target = tab.pile("t5").evaluate(style, "outlineStyle")
    assert (picked, target) == ("solid", "dashed")


def test_the_dark_theme_follows_the_system(open_tab, worked_example):
    light = open_tab("/")
    dark = open_tab("/", color_scheme="dark")
    background = "getComputedStyle(document.body).backgroundColor"
    lum = [luminance(colours(t.page.evaluate(background))[0]) for t in (light, dark)]
    assert lum[1] < 0.05 < lum[0], lum
