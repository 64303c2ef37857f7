"""Issue 13 in Chromium, on phones and in colour: finger-sized strips and no sideways scroll at
320, 360 and 390 px (issue 37: a leaderboard of long names too), indicator contrast on card
and felt, forced colours and the dark theme."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from daily.services.attempts import record_start
from games.models import Game, Result
from visitors.players import account_player

from . import accessibility, screenshots
from .accessibility import DAILY, KLONDIKE, NUMBER
from .axe import assert_clean
from .conftest import PHONE
from .one_tab import resize

pytestmark = pytest.mark.browser


# Fixtures defined once in accessibility.py, bound here so that pytest finds them.
worked_example = accessibility.worked_example
klondike_deal = accessibility.klondike_deal
todays_daily = accessibility.todays_daily


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


# Names as long as an account's may be (150 characters, Django's limit, with no place to break)
# and a few a player might pick.
LONG_NAMES = ["x" * 150, "solitaire.enthusiast@example.org", "a_rather_long_username_indeed"]


@pytest.fixture
def a_full_leaderboard(todays_daily):
    """Today's daily deal won unassisted at a first attempt by accounts with long names."""
    now = timezone.now()
    for i, name in enumerate(LONG_NAMES):
        player = account_player(User.objects.create_user(name).pk)
        game = Game.objects.create(
            player=player, deal=todays_daily, actions=["AS-f"] * (90 + i), ply=90 + i,
            moves=90 + i, result=Result.WON, started=now - dt.timedelta(minutes=12 + i),
            finished=now,
        )  # fmt: skip
        record_start(game)
    return todays_daily


PHONES = [(320, 700), (360, 740), (390, 844)]


def at_every_phone(tab, check) -> None:
    """`check(width)` with the one tab resized to each phone in turn."""
    for width, height in PHONES:
        resize(tab.page, width, height)
        check(width)


def test_a_phone_has_finger_sized_strips_and_no_sideways_scroll(
    open_tab, worked_example, klondike_deal, a_full_leaderboard
):
    """The suite's one check of sideways scroll on a phone: both tables, dealt and played,
    and the pages around them, a leaderboard of long names among them, each page at 320,
    360 and 390 px (the one tab resized)."""
    width, height = PHONES[0]
    tab = open_tab(f"/yukon/{NUMBER}/", viewport={"width": width, "height": height}, has_touch=True)
    at_every_phone(tab, tab.no_horizontal_scroll)
    tab.play("9S-t5")  # column five now fans ten face-up cards

    def played_yukon(width: int) -> None:
        tab.no_horizontal_scroll(width)
        small = [s for s in strips(tab.page) if s["height"] < 24 or s["width"] < 24]
        assert not small, f"strips under 24 px at {width} px: {small}"

    at_every_phone(tab, played_yukon)
    tab.open(f"/klondike/{KLONDIKE}/?draw=3&scoring=vegas")
    at_every_phone(tab, tab.no_horizontal_scroll)
    tab.play("d")
    at_every_phone(tab, tab.no_horizontal_scroll)
    for page in (
        "/",
        "/records/",
        "/rules/yukon/",
        "/rules/klondike/",
        "/stats/",
        "/daily/",
        "/races/",
    ):
        tab.open(page)
        at_every_phone(tab, lambda width, page=page: tab.no_horizontal_scroll(width))
    tab.open(f"/leaderboard/yukon/{DAILY}/")
    expect(tab.page.get_by_test_id("entry-name")).to_have_text(LONG_NAMES)  # fewest moves first
    at_every_phone(tab, tab.no_horizontal_scroll)


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


def test_selection_target_and_focus_rings_stand_out_on_card_and_felt(open_tab, worked_example):
    """In the light scheme and the dark, the one tab switching between them."""
    tab = open_tab(f"/yukon/{NUMBER}/")
    page = tab.page
    style = "(el, prop) => getComputedStyle(el)[prop]"
    schemes = ("light", "dark")

    def card_and_felt(scheme: str):
        page.emulate_media(color_scheme=scheme)
        card = colours(tab.card("TC").evaluate(style, "backgroundImage"))[0]
        felt = colours(page.evaluate("getComputedStyle(document.body).backgroundImage"))
        return card, felt

    assert card_and_felt("light") != card_and_felt("dark"), "the schemes look the same"
    tab.tap("9S")
    expect(tab.pile("t5")).to_have_class(re.compile(r"\blit\b"))
    for scheme in schemes:
        card, felt = card_and_felt(scheme)
        for what, element in (("selection", tab.card("9S")), ("target", tab.pile("t5"))):
            inner, outer = colours(element.evaluate(style, "boxShadow"))[:2]
            assert contrast(inner, card) >= 3, f"{what}'s inner ring on the card ({scheme})"
            for baize in felt:
                assert contrast(outer, baize) >= 3, f"{what}'s outer ring on the felt ({scheme})"
    tab.card("TC").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    for scheme in schemes:
        card, felt = card_and_felt(scheme)
        ring = colours(tab.card("TC").evaluate(style, "outlineColor"))[0]
        halo = colours(tab.card("TC").evaluate(style, "boxShadow"))[0]
        assert contrast(ring, card) >= 3, f"the focus ring on the card ({scheme})"
        assert all(contrast(halo, b) >= 3 for b in felt), f"the focus halo on the felt ({scheme})"


def test_forced_colours_keep_suits_and_selection_apart_and_axe_finds_nothing(
    open_tab, worked_example, todays_daily
):
    """The suite's one forced-colours test: what the system's colours must not merge, then
    axe on the table and the pages around it."""
    tab = open_tab(f"/yukon/{NUMBER}/", forced_colors="active")
    style = "(el, prop) => getComputedStyle(el)[prop]"
    red, black = tab.card("TH"), tab.card("TC")
    assert red.evaluate(style, "color") != black.evaluate(style, "color")
    assert red.evaluate(style, "backgroundColor") not in ("rgba(0, 0, 0, 0)", "transparent")
    tab.tap("9S")
    picked = tab.card("9S").evaluate(style, "outlineStyle")
    target = tab.pile("t5").evaluate(style, "outlineStyle")
    assert (picked, target) == ("solid", "dashed")
    tab.tap_pile("t5")
    tab.wait_ply(1)
    assert_clean(tab.page, "a Yukon deal in forced colours", shot=False)
    screenshots.shoot(tab.page, "yukon deal", schemes=("forced",))
    for state, path in {"lobby": "/", "stats": "/stats/", "daily": "/daily/"}.items():
        tab.open(path)  # the lobby with the game to continue, its statistics begun
        assert_clean(tab.page, f"{state} in forced colours", shot=False)
        screenshots.shoot(tab.page, state, schemes=("forced",))


def test_the_dark_theme_follows_the_system(open_tab, worked_example):
    tab = open_tab("/")
    background = "getComputedStyle(document.body).backgroundColor"
    lum = []
    for scheme in ("light", "dark"):  # the system's setting changed under the open page
        tab.page.emulate_media(color_scheme=scheme)
        lum.append(luminance(colours(tab.page.evaluate(background))[0]))
    assert lum[1] < 0.05 < lum[0], lum
