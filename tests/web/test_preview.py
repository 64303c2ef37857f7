"""Issue 23 part 4: a deal's share preview image (og:image), a PNG drawn on the server from
the deal's face-up cards, named by the game, daily and share pages' link-preview tags."""

from __future__ import annotations

import dataclasses
import io
import re

import pytest
from django.test import Client
from PIL import Image

from daily.services import sharing
from games.models import Deal

from .deals import EASY_YUKON, WORKED_EXAMPLE, dealt, easy_yukon, store
from .html import one, parse
from .test_daily import KINGS, proven, win
from .test_no_writes_on_get import snapshot

pytestmark = pytest.mark.django_db

LAYOUT = [
    "QS", "? | ? ? ? ? 3C", "? ? | 9S 4D JC 2H 6S", "? ? ? | ? ? ? ? 8H",
    "? ? ? ? | ? ? ? ? TH", "? ? ? ? ? | ? ? ? ? TC", "? ? ? ? ? ? | ? ? ? ? QH",
]  # fmt: skip


def image_of(client, number: int = WORKED_EXAMPLE, variant: str = "yukon") -> bytes:
    response = client.get(f"/preview/{variant}/{number}.png")
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    return response.content


def swap_hidden(position, a: int, b: int):
    """The same deal with the face-down cards of columns `a` and `b` (1-based) swapped at
    their bottoms: the same face-up cards, other hidden ones."""
    tableau = list(position.tableau)
    down_a, down_b = list(tableau[a - 1].down), list(tableau[b - 1].down)
    down_a[0], down_b[0] = down_b[0], down_a[0]
    tableau[a - 1] = dataclasses.replace(tableau[a - 1], down=tuple(down_a))
    tableau[b - 1] = dataclasses.replace(tableau[b - 1], down=tuple(down_b))
    return dataclasses.replace(position, tableau=tuple(tableau))


def test_the_preview_is_a_link_preview_sized_png_kept_by_caches(alice):
    store(dealt("yukon", LAYOUT), WORKED_EXAMPLE)
    response = alice.client.get(f"/preview/yukon/{WORKED_EXAMPLE}.png")
    image = Image.open(io.BytesIO(response.content))
    assert (image.format, image.size) == ("PNG", (1200, 630))
    assert "public" in response["Cache-Control"] and "max-age=86400" in response["Cache-Control"]


def test_no_face_down_card_is_in_the_image(alice):
    """Two deals with the same face-up cards and other face-down ones give the same image,
    byte for byte; one face-up card changed changes it."""
    position = dealt("yukon", LAYOUT)
    store(position, WORKED_EXAMPLE)
    first = image_of(alice.client)
    hidden = swap_hidden(position, 2, 7)
    assert hidden != position
    Deal.objects.all().delete()
    store(hidden, WORKED_EXAMPLE)
    assert image_of(alice.client) == first
    Deal.objects.all().delete()
    store(dealt("yukon", ["QH", *LAYOUT[1:6], "? ? ? ? ? ? | ? ? ? ? QS"]), WORKED_EXAMPLE)
    assert image_of(alice.client) != first


def test_a_klondike_preview_hides_its_stock_too(alice):
    columns = ["AS", "? | 2H", "? ? | 8C", "? ? ? | 7D", "? ? ? ? | 6S", "? ? ? ? ? | 5H",
               "? ? ? ? ? ? | 4C"]  # fmt: skip
    position = dealt("klondike", columns)
    store(position, 77)
    first = image_of(alice.client, 77, "klondike")
    Deal.objects.all().delete()
    store(dataclasses.replace(position, stock=position.stock[::-1]), 77)
    assert image_of(alice.client, 77, "klondike") == first


def test_the_preview_of_a_deal_never_played_writes_nothing(alice):
    before = snapshot(cache=False)  # every table but the rate limits' counts
    image_of(alice.client, 4242)
    assert snapshot(cache=False) == before and not Deal.objects.exists()


@pytest.mark.parametrize("path", ["/preview/yukon/0.png", "/preview/yukon/03.png",
                                  "/preview/yukon/x.png", "/preview/spider/3.png"])  # fmt: skip
def test_a_number_that_names_no_deal_has_no_preview(alice, path):
    assert alice.client.get(path).status_code == 404


def preview_tags(html: str) -> dict[str, str]:
    page = parse(html)
    return {
        "image": one(page, 'meta[property="og:image"]')["content"],
        "card": one(page, 'meta[name="twitter:card"]')["content"],
        "alt": one(page, 'meta[property="og:image:alt"]')["content"],
    }


def test_the_game_page_previews_its_deal_and_never_the_game_being_played(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:5])
    html = alice.client.get(f"/game/{game.slug}/").content.decode()
    tags = preview_tags(html)
    assert tags["image"] == f"http://testserver/preview/yukon/{EASY_YUKON}.png"
    assert tags["card"] == "summary_large_image" and f"Yukon #{EASY_YUKON}" in tags["alt"]
    url = one(parse(html), 'meta[property="og:url"]')["content"]
    assert url == f"http://testserver/yukon/{EASY_YUKON}/"  # the deal's address, not the slug's


def test_the_daily_page_previews_its_deal_and_a_share_page_its_result(alice):
    deal, line = easy_yukon()
    proven(deal, [*line, *KINGS])
    expected = f"http://testserver/preview/yukon/{EASY_YUKON}.png"
    assert preview_tags(alice.client.get("/daily/").content.decode())["image"] == expected
    game = win(alice, deal, line)
    link = sharing.token(sharing.challenge_for(game, None))
    page = alice.client.get(f"/challenge/{link}/").content.decode()
    assert preview_tags(page)["image"] == f"http://testserver/preview/result/{link}.png"
    assert re.search(r'<meta name="twitter:card" content="summary_large_image">', page)


def test_previews_are_rate_limited_like_deals(alice, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "preview": (1, 100, 3600)}
    assert alice.client.get("/preview/yukon/5.png").status_code == 200
    refused = alice.client.get("/preview/yukon/6.png")
    assert refused.status_code == 429 and "preview images" in refused.content.decode()


def test_an_image_once_drawn_is_served_again_undrawn_and_uncounted(alice, settings):
    """Only a drawing is counted: the limit of one lets the same image out again and
    again, kept as bytes, while another deal's would be drawn and is refused."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "preview": (1, 100, 3600)}
    first = image_of(alice.client, 5)
    assert [image_of(alice.client, 5) == first for _ in range(3)] == [True] * 3
    assert alice.client.get("/preview/yukon/6.png").status_code == 429


def test_fresh_cookies_from_one_address_meet_its_limit(settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "preview": (100, 2, 3600)}
    codes = [Client().get(f"/preview/yukon/{n}.png").status_code for n in (11, 12, 13)]
    assert codes == [200, 200, 429]
