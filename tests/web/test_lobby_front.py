"""Issue 37 item 13: the lobby as a front page. The daily deal is its hero beside the streak,
the variants are tiles with card art from the faces sheet, and every choice is a row of
large buttons (radio inputs) in a plain form that works without JavaScript."""

from __future__ import annotations

import pytest

from .html import one, parse, text
from .test_daily_standing import daily_yukon  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db


def test_the_daily_deal_is_the_hero_with_the_streak(daily_yukon, alice):  # noqa: F811
    page = parse(alice.client.get("/"))
    hero = one(page, "main .hero")
    assert hero["data-testid"] == "lobby-daily"
    assert one(hero, "[data-testid=streak]") and one(hero, "[data-testid=lobby-play-daily]")
    assert page.select("main section")[1] is hero  # first thing under the title


def test_each_variant_is_a_tile_with_card_art(alice):
    page = parse(alice.client.get("/"))
    for variant in ("yukon", "klondike"):
        tile = one(page, f"[data-testid=tile-{variant}]")
        art = one(tile, ".card-art")
        assert art["aria-hidden"] == "true"  # pictures only
        uses = [use["href"] for use in art.select("svg use")]
        assert len(uses) == 3 and all("cards/faces" in u and ".svg#" in u for u in uses)
        assert text(one(tile, f"[data-testid=play-{variant}]")) == f"Play {variant.title()}"


def test_the_choices_are_radio_buttons_not_dropdowns(alice):
    page = parse(alice.client.get("/"))
    assert not page.select("main select")
    for fieldset in page.select("main form .segmented"):
        assert text(one(fieldset, "legend"))
        assert fieldset.select("input[type=radio][checked]"), fieldset
