"""Issue 23's table in Chromium: cards sized from the screen, a phone's one-row nav and 24 px
strips, nothing under the selection bar, drags that carry the cards themselves, motion only
for those who want it, the player's card back, felt and sounds remembered, and a result card
that fits the screen. Each state is saved as a screenshot (screenshots.py's folder, light and
dark, 1280×800 and 360×740) for a reviewer to open."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.deals import easy_yukon

from . import accessibility, screenshots
from .accessibility import KLONDIKE, NUMBER
from .one_tab import resize

pytestmark = pytest.mark.browser

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 360, "height": 740}
SIZES = {"laptop": {"viewport": LAPTOP}, "phone": {"viewport": PHONE, "has_touch": True}}

worked_example = accessibility.worked_example
klondike_deal = accessibility.klondike_deal

ANIMATIONS = "document.getAnimations().length"
CARD_WIDTH = "document.querySelector('#board .card.up').getBoundingClientRect().width"


def shoot(tab, state: str) -> None:
    """The page as it stands, in the shared screenshot folder (screenshots.py), unresized."""
    if screenshots.FOLDER is None:
        return
    page = tab.page
    path = screenshots.path_for(
        f"table {state}", screenshots.size_of(page), screenshots.scheme_of(page)
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(path), type="jpeg", quality=80)


def box(locator) -> dict:
    found = locator.bounding_box()
    assert found, f"{locator} is not on the page"
    return found


def test_cards_grow_on_a_big_screen_and_fill_a_phone(open_tab, worked_example):
    widths = {}
    tab = open_tab(f"/yukon/{NUMBER}/", viewport=LAPTOP)
    for name, viewport in {"laptop": LAPTOP, "desktop": {"width": 1920, "height": 1080}}.items():
        resize(tab.page, **viewport)  # the one tab, resized
        widths[name] = tab.page.evaluate(CARD_WIDTH)
        shoot(tab, f"yukon {viewport['width']}")
    assert widths["desktop"] > widths["laptop"] and widths["desktop"] > 120, widths

    resize(tab.page, **PHONE)
    table = box(tab.page.locator("#board .tableau"))
    assert table["width"] > PHONE["width"] - 16, f"the table is {table['width']} px of 360"


def test_a_phone_gets_one_nav_row_and_24_px_strips_and_nothing_under_the_bar(
    open_tab, worked_example
):
    """On a laptop and a phone, in each scheme: the same table, resized, without a reload."""
    tab = open_tab(f"/yukon/{NUMBER}/", viewport=LAPTOP)
    for size, scheme in [(size, scheme) for size in SIZES for scheme in ("light", "dark")]:
        resize(tab.page, **SIZES[size]["viewport"])
        tab.page.emulate_media(color_scheme=scheme)
        if tab.lifted():
            tab.page.keyboard.press("Escape")  # put down what the last scheme's check lifted
            expect(tab.page.locator("#selection-bar")).to_be_hidden()
        shoot(tab, "yukon")
        nav = box(tab.page.locator(".site-nav"))
        assert nav["height"] < 48, f"the nav is {nav['height']} px tall ({size}, {scheme})"
        tops = [box(tab.card(code))["y"] for code in tab.column(3)]
        strips = [b - a for a, b in zip(tops, tops[1:], strict=False)]
        assert min(strips) >= 24, f"fanned strips of {strips} px ({size}, {scheme})"
        tab.no_horizontal_scroll(SIZES[size]["viewport"]["width"])

        tab.tap("9S")
        bar = tab.page.locator("#selection-bar")
        expect(bar).to_be_visible()
        # The bar lies over the site's links, above every pile and tool of the table.
        for part in ("#board .tools", "#board .foundations", "#board .tableau"):
            top = box(tab.page.locator(part))["y"]
            assert box(bar)["y"] + box(bar)["height"] <= top, (
                f"{part} is under the bar ({size}, {scheme})"
            )
        shoot(tab, "yukon picked up")


def test_draw_three_shows_the_middle_waste_cards_whole_index(open_tab, klondike_deal):
    tab = open_tab(f"/klondike/{KLONDIKE}/?draw=3&scoring=vegas", **SIZES["phone"])
    tab.play("d")
    waste = tab.page.locator("#board .waste .card")
    expect(waste).to_have_count(3)
    for i in (0, 1):
        index = box(waste.nth(i).locator("b"))
        assert index["x"] + index["width"] <= box(waste.nth(i + 1))["x"], f"card {i} clipped"
    shoot(tab, "klondike draw 3")


def test_a_dragged_stack_is_opaque_its_place_empty_and_the_bar_out_of_the_way(
    open_tab, worked_example
):
    tab = open_tab(f"/yukon/{NUMBER}/")
    mouse, start = tab.page.mouse, box(tab.card("9S"))
    mouse.move(start["x"] + 8, start["y"] + 6)
    mouse.down()
    mouse.move(start["x"] + 60, start["y"] + 90, steps=4)
    ghost = tab.page.locator(".drag-ghost")
    expect(ghost.locator("[data-card]")).to_have_count(5)
    assert ghost.evaluate("g => getComputedStyle(g).opacity") == "1"
    assert ghost.locator(".card").first.evaluate("c => getComputedStyle(c).boxShadow") != "none"
    hidden = tab.page.eval_on_selector_all(
        "#board .pile[data-pile=t3] .card.up",
        "cards => cards.map(c => getComputedStyle(c).visibility)",
    )
    assert hidden == ["hidden"] * 5, hidden
    expect(tab.page.locator("#selection-bar")).to_be_hidden()
    shoot(tab, "yukon dragging")

    mouse.move(5, 5, steps=3)  # nowhere: the stack goes back to its place
    mouse.up()
    expect(ghost).to_have_count(0)
    expect(tab.card("9S")).to_be_visible()
    assert tab.ply == 0


def drag(tab, code: str, to: str) -> None:
    mouse, start = tab.page.mouse, box(tab.card(code))
    mouse.move(start["x"] + 8, start["y"] + 6)
    mouse.down()
    target = box(tab.pile(to))
    mouse.move(target["x"] + target["width"] / 2, target["y"] + 20, steps=6)
    mouse.up()


def test_a_refused_drop_glides_back_and_reduced_motion_moves_nothing(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/", reduced_motion="no-preference")
    tab.page.evaluate(
        "document.addEventListener('htmx:afterSwap',"
        " () => { window.flights = document.getAnimations().filter(a => a.effect.target"
        "   && a.effect.target.dataset.card === '9S').length; })"
    )
    drag(tab, "9S", "t6")
    expect(tab.alert).to_have_text("♠9 goes on a red 10")
    assert tab.page.evaluate("window.flights") == 1, "the refused stack flies back"

    # The same tab asking for reduced motion (conftest's default), on a fresh load.
    tab.page.emulate_media(reduced_motion="reduce")
    tab.page.reload()
    still = tab
    expect(still.board).to_have_attribute("data-ply", "0")
    assert still.page.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    still.tap("9S")
    assert still.lit() == ["t5"] and still.page.evaluate(ANIMATIONS) == 0
    still.tap_pile("t5")
    still.wait_ply(1)
    assert still.page.evaluate(ANIMATIONS) == 0
    drag(still, "AS", "t6")
    expect(still.alert).to_be_visible()
    assert still.page.evaluate(ANIMATIONS) == 0


# Counts the tones the page's sounds start (WebAudio oscillators).
TONES = """window.tones = 0;
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.tones++;
  return made.call(this);
};"""


def looks(body) -> set[str]:
    return set(body.get_attribute("class").split()) - {"table-page"}


def choose(tab, name: str, value: str) -> None:
    tab.page.locator("#board summary[aria-label=Menu]").click()
    tab.page.locator(f"#board input[name={name}][value={value}]").check()


def test_the_card_back_felt_and_sounds_are_remembered(open_tab, worked_example):
    tab = open_tab(f"/yukon/{NUMBER}/")
    body = tab.page.locator("body")
    assert looks(body) == {"felt-green", "back-blue", "sound-off"}
    with tab.page.expect_response("**/preferences/"):
        choose(tab, "back", "red")
    shoot(tab, "yukon menu")
    with tab.page.expect_response("**/preferences/"):
        tab.page.locator("#board input[name=felt][value=wine]").check()
    with tab.page.expect_response("**/preferences/"):
        tab.page.locator("#board input[name=sound][type=checkbox]").check()
    assert looks(body) == {"felt-wine", "back-red", "sound-on"}
    tab.page.add_init_script(TONES)
    tab.page.reload()
    assert looks(body) == {"felt-wine", "back-red", "sound-on"}
    expect(tab.page.locator("#board input[name=back][value=red]")).to_be_checked()
    shoot(tab, "yukon wine felt red back")
    tab.play("9S-t5")
    assert tab.page.evaluate("window.tones") == 1, "a move put down makes one blip"

    plain = open_tab(f"/yukon/{NUMBER}/", java_script_enabled=False)
    choose(plain, "felt", "blue")
    plain.page.locator("#board input[name=sound][type=checkbox]").check()
    plain.page.locator("#board .save-prefs").click()
    assert looks(plain.page.locator("body")) == {"felt-blue", "back-blue", "sound-on"}
    plain.page.locator("#board summary[aria-label=Menu]").click()
    plain.page.locator("#board input[name=sound][type=checkbox]").uncheck()
    plain.page.locator("#board .save-prefs").click()
    assert looks(plain.page.locator("body")) == {"felt-blue", "back-blue", "sound-off"}


def fits(tab, dialog, where: str) -> None:
    viewport = tab.page.viewport_size
    found = box(dialog)
    assert found["y"] >= 0 and found["y"] + found["height"] <= viewport["height"], (where, found)
    assert found["x"] >= 0 and found["x"] + found["width"] <= viewport["width"], (where, found)
    assert dialog.evaluate("d => d.scrollHeight <= d.clientHeight"), f"the card scrolls: {where}"


def test_a_win_with_motion_flies_home_then_cascades_to_a_result_card_that_fits_the_screen(
    open_tab,
):
    """The card then fits at a laptop's size and a phone's, in each scheme, without
    scrolling: the same card, the tab resized, motion then reduced."""
    won, line = easy_yukon()
    tab = open_tab(f"/yukon/{won.number}/", viewport=LAPTOP, reduced_motion="no-preference")
    tab.post_actions(line)
    tab.finish_button.click()
    flying = tab.page.locator(".cascade .card")
    expect(flying.first).to_be_attached()
    assert flying.count() == 52
    expect(tab.page.get_by_test_id("result")).to_be_hidden()  # the card waits for the win
    shoot(tab, "result cascade")
    tab.page.keyboard.press("Shift")  # a key ends it
    expect(tab.page.locator(".cascade")).to_have_count(0)
    dialog = tab.page.get_by_role("dialog", name="You won!")
    expect(dialog).to_be_visible()

    tab.page.emulate_media(reduced_motion="reduce")
    details = dialog.locator("details.result-more")
    for size, scheme in [(size, scheme) for size in SIZES for scheme in ("light", "dark")]:
        resize(tab.page, **SIZES[size]["viewport"])
        tab.page.emulate_media(color_scheme=scheme)
        if details.evaluate("d => d.open"):
            dialog.locator("summary").click()
        expect(dialog.get_by_test_id("moves-counted")).to_be_hidden()
        fits(tab, dialog, f"{size}, {scheme}")
        expect(dialog.locator("[data-share]")).to_have_count(1)
        for name in ("New game", "Watch the replay"):
            expect(dialog.get_by_role("link", name=name)).to_be_in_viewport()
        shoot(tab, "result")
        dialog.locator("summary").click()
        expect(dialog.get_by_test_id("moves-counted")).to_be_visible()
        fits(tab, dialog, f"{size}, {scheme}, details open")
        shoot(tab, "result details")
