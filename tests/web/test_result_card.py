"""Issue 37 items 9 and 12: the result card says its undos and hints on its face and names
the difficulty once; Share carries the result's words and a link whose preview image is the
result (moves, par, time, difficulty), drawn once, never the deal."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from PIL import Image

from daily.services import sharing
from games.models import Game
from solver.pool.models import DealVerdict

from .deals import EASY_YUKON, easy_yukon
from .html import one, parse, text
from .personas import Persona
from .test_daily import KINGS, proven, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def daily_yukon(db):
    deal, line = easy_yukon()
    proven(deal, [*line, *KINGS])
    return deal, line


def won_page(persona, game):
    return parse(persona.client.get(f"/game/{game.slug}/"))


def test_undos_and_hints_are_on_the_cards_face(daily_yukon, alice):
    deal, line = daily_yukon
    game = win(alice, deal, line, undo=True, hint=True)
    card = one(won_page(alice, game), "[data-testid=result]")
    face = {text(row.dt): text(row.dd) for row in card.select(":scope > dl > div")}
    assert (face["Undos"], face["Hints"]) == ("1", "1")
    assert not card.select("details dt")  # nothing left to open for them


def test_the_difficulty_is_named_once(daily_yukon, alice):
    deal, line = daily_yukon
    DealVerdict.objects.filter(deal=deal).update(grade="hard")
    game = win(alice, deal, line)
    grade = one(won_page(alice, game), "[data-testid=result-grade]").parent
    assert (text(grade.dt), text(grade.dd)) == ("Difficulty", "Hard")


def test_share_carries_the_results_words_and_its_page(daily_yukon, alice):
    deal, line = daily_yukon
    DealVerdict.objects.filter(deal=deal).update(par_moves=[*line, *KINGS][:50])
    game = win(alice, deal, line)
    share = one(won_page(alice, game), "[data-testid=result] [data-share]")
    assert share["data-share-text"] == f"Yukon #{EASY_YUKON} in 52 moves, par 50: can you beat it?"
    assert share["href"] == share["data-share"]
    assert share["href"].startswith("http://testserver/challenge/")
    page = parse(Persona("zoe").client.get(share["href"]))
    assert text(one(page, "[data-testid=challenge]")) == share["data-share-text"]


def result_image_address(page) -> str:
    return one(page, 'meta[property="og:image"]')["content"]


def test_the_shared_pages_preview_is_the_result_not_the_deal(daily_yukon, alice):
    deal, line = daily_yukon
    game = win(alice, deal, line)
    share = one(won_page(alice, game), "[data-testid=result] [data-share]")
    page = parse(Persona("zoe").client.get(share["href"]))
    address = result_image_address(page)
    assert address.startswith("http://testserver/preview/result/") and address.endswith(".png")
    assert "the result" in one(page, 'meta[property="og:image:alt"]')["content"]
    response = Persona("zoe").client.get(address.removeprefix("http://testserver"))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert "immutable" in response["Cache-Control"] and "public" in response["Cache-Control"]
    image = Image.open(io.BytesIO(response.content))
    assert (image.format, image.size) == ("PNG", (1200, 630))
    deal_image = Persona("zoe").client.get(f"/preview/yukon/{EASY_YUKON}.png").content
    assert response.content != deal_image


def image_of(challenge: sharing.Challenge, client) -> bytes:
    return image_at(sharing.token(challenge), client)


def image_at(token: str, client) -> bytes:
    response = client.get(f"/preview/result/{token}.png")
    assert response.status_code == 200
    return response.content


def test_the_image_shows_the_figures_the_link_carries(alice):
    base = sharing.Challenge("yukon", EASY_YUKON, None, "none", 61, 57, 250, "hard")
    first = image_of(base, alice.client)
    for changed in ({"moves": 60}, {"par": 58}, {"seconds": 251}, {"grade": "easy"}):
        other = sharing.Challenge(**{**base.__dict__, **changed})
        assert image_of(other, alice.client) != first, changed


def test_a_link_made_before_the_time_and_grade_were_carried_still_works(alice):
    old = sharing.signing.dumps(["yukon", EASY_YUKON, None, "none", 61, 57], salt=sharing.SALT)
    page = alice.client.get(f"/challenge/{old}/")
    assert page.status_code == 200
    assert alice.client.get(f"/preview/result/{old}.png").status_code == 200


def test_a_forged_result_image_is_refused(alice):
    token = sharing.token(sharing.Challenge("yukon", 5, None, "none", 1, None))
    assert alice.client.get(f"/preview/result/{token.replace(':', 'x', 1)}.png").status_code == 404


def test_the_image_is_drawn_once_and_then_costs_nothing(alice, settings):
    cache.clear()
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "preview": (1, 100, 3600)}
    # One link, fetched twice (a token is signed with the second it was made in: two made
    # a second apart are two links, each drawn once)
    kept = sharing.token(sharing.Challenge("yukon", 7, None, "none", 80, 70, 100, ""))
    first = image_at(kept, alice.client)
    assert image_at(kept, alice.client) == first  # kept: not drawn, not counted
    other = sharing.token(sharing.Challenge("yukon", 8, None, "none", 80, 70, 100, ""))
    assert alice.client.get(f"/preview/result/{other}.png").status_code == 429


def test_the_won_game_is_unchanged_by_its_share_image(daily_yukon, alice):
    deal, line = daily_yukon
    game = win(alice, deal, line)
    share = one(won_page(alice, game), "[data-testid=result] [data-share]")
    before = Game.objects.values().get(pk=game.pk)
    page = parse(Persona("zoe").client.get(share["href"]))
    Persona("zoe").client.get(result_image_address(page).removeprefix("http://testserver"))
    assert Game.objects.values().get(pk=game.pk) == before
