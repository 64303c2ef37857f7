"""The lobby, dealing a new game (/yukon/, /klondike/) and the Winnable deals preference."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.utils.http import url_has_allowed_host_and_scheme

from games.deals import deal_for
from games.engine.deal import MAX_NUMBER, MIN_NUMBER
from solver.pool.models import DealVerdict, Outcome

from .html import one, parse, text_of

pytestmark = pytest.mark.django_db

GAME = re.compile(r"^/(yukon|klondike)/(\d+)/")


def test_the_lobby_offers_both_games(alice):
    lobby = parse(alice.client.get("/"))
    assert text_of(lobby, 'main a[href="/yukon/"]') == "Play Yukon"
    assert text_of(lobby, 'main form[action="/klondike/"] button') == "Play Klondike"


def test_a_new_random_game_redirects_to_its_number_without_the_solver(alice):
    alice.client.cookies["deals"] = "random"
    response = alice.client.get("/yukon/")
    assert response.status_code == 302
    variant, number = GAME.match(response["Location"]).groups()
    assert variant == "yukon" and 1 <= int(number) <= 2**31 - 1
    assert not DealVerdict.objects.exists()  # nothing was solved to pick it


def test_random_klondike_keeps_draw_and_scoring_in_the_address(alice):
    alice.client.cookies["deals"] = "random"
    response = alice.client.get("/klondike/", {"draw": "3", "scoring": "vegas"})
    assert GAME.match(response["Location"])
    assert response["Location"].endswith("?draw=3&scoring=vegas")


def test_bad_modes_fall_back_to_the_defaults_in_the_new_address(alice):
    alice.client.cookies["deals"] = "random"
    response = alice.client.get("/klondike/", {"draw": "7", "scoring": "<b>"})
    assert response["Location"].endswith("?draw=1&scoring=standard")


def test_winnable_deals_come_from_the_pool_of_proven_wins(alice):
    deal = deal_for("yukon", 4242)
    DealVerdict.objects.create(deal=deal, verdict=Outcome.WIN, moves=["AS-f"])
    for _ in range(3):
        assert alice.client.get("/yukon/")["Location"] == "/yukon/4242/"


def test_with_an_empty_pool_it_deals_a_fresh_number_it_proves_winnable(alice, settings):
    # Fresh numbers continue after the highest one solved: after a (stored) loss at 2 comes
    # Yukon 3, which the solver wins under this key in about 40 nodes.
    settings.DEAL_KEY = b"test-key"
    DealVerdict.objects.create(deal=deal_for("yukon", 2), verdict=Outcome.LOSS)
    assert alice.client.get("/yukon/")["Location"] == "/yukon/3/"
    proof = DealVerdict.objects.get(deal__variant="yukon", deal__number=3)
    assert proof.verdict == Outcome.WIN and proof.moves


def test_with_no_fresh_number_left_to_prove_it_deals_a_random_one(alice):
    # Every number up to the last is taken as solved, so no proof can turn up: the player
    # still gets a game, an unproven one, and nothing is solved for it.
    DealVerdict.objects.create(deal=deal_for("yukon", MAX_NUMBER), verdict=Outcome.LOSS)
    response = alice.client.get("/yukon/")
    assert response.status_code == 302 and GAME.match(response["Location"]), response
    variant, number = GAME.match(response["Location"]).groups()
    assert variant == "yukon" and MIN_NUMBER <= int(number) <= MAX_NUMBER
    assert DealVerdict.objects.count() == 1


def test_the_pool_is_kept_per_mode(alice):
    draw3 = deal_for("klondike", 77)
    DealVerdict.objects.create(deal=draw3, draw=3, verdict=Outcome.WIN, moves=["d"])
    vegas3 = deal_for("klondike", 78)
    DealVerdict.objects.create(deal=vegas3, draw=3, passes=3, verdict=Outcome.WIN, moves=["d"])
    assert alice.client.get("/klondike/", {"draw": "3"})["Location"] == (
        "/klondike/77/?draw=3&scoring=standard"
    )
    assert alice.client.get("/klondike/", {"draw": "3", "scoring": "vegas"})["Location"] == (
        "/klondike/78/?draw=3&scoring=vegas"
    )


def test_a_lost_deal_is_never_dealt_as_winnable(alice):
    DealVerdict.objects.create(deal=deal_for("yukon", 5), verdict=Outcome.LOSS)
    DealVerdict.objects.create(deal=deal_for("yukon", 6), verdict=Outcome.WIN, moves=["AS-f"])
    assert {alice.client.get("/yukon/")["Location"] for _ in range(5)} == {"/yukon/6/"}


def test_turning_winnable_deals_off_sets_the_cookie(alice):
    response = alice.client.post("/preferences/", {"next": "/yukon/5/"})
    assert response.status_code == 302 and response["Location"] == "/yukon/5/"
    cookie = response.cookies["deals"]
    assert cookie.value == "random" and int(cookie["max-age"]) >= 300 * 24 * 3600
    lobby = parse(alice.client.get("/"))
    assert not one(lobby, "main input[name=winnable]").has_attr("checked")


def test_turning_winnable_deals_on_clears_the_cookie(alice):
    alice.client.cookies["deals"] = "random"
    response = alice.client.post("/preferences/", {"winnable": "on", "next": "/"})
    assert response.cookies["deals"].value == "" and response.cookies["deals"]["max-age"] == 0
    lobby = parse(alice.client.get("/"))
    assert one(lobby, "main input[name=winnable]").has_attr("checked")


@pytest.mark.parametrize(
    "target",
    [
        "https://evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\\\evil.example/",
        "http:/evil.example/",
        " //evil.example/",
        "/\t/evil.example/",
        "javascript:alert(1)",
    ],
)
def test_preferences_refuse_to_send_the_player_off_site(alice, target):
    response = alice.client.post("/preferences/", {"next": target})
    assert response.status_code == 302
    location = response["Location"]
    # Only a path on this site: what a browser would read as another host never leaves here.
    assert location.startswith("/") and not location.startswith(("//", "/\\"))
    assert url_has_allowed_host_and_scheme(location, allowed_hosts={"testserver"})
    assert urlsplit(location).netloc == ""


def test_preferences_need_a_post(alice):
    assert alice.client.get("/preferences/").status_code == 405
