"""The lobby, dealing a new game (/yukon/, /klondike/) and the Winnable deals preference."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

import pytest
from django.utils.http import url_has_allowed_host_and_scheme

from games.deals import deal_for
from solver.pool.models import DealVerdict, TopUp
from solver.search.verdict import Verdict

from .html import one, parse, text, text_of

pytestmark = pytest.mark.django_db

GAME = re.compile(r"^/(yukon|klondike)/(\d+)/")


def test_the_lobby_offers_both_games(alice):
    lobby = parse(alice.client.get("/"))
    assert text_of(lobby, 'main form[action="/yukon/"] button') == "Play Yukon"
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
    DealVerdict.objects.create(deal=deal, verdict=Verdict.WIN, moves=["AS-f"])
    for _ in range(3):
        assert alice.client.get("/yukon/")["Location"] == "/yukon/4242/"


def test_with_an_empty_pool_it_says_so_and_offers_a_labelled_random_deal_or_a_wait(alice):
    response = alice.client.get("/klondike/", {"draw": "3", "scoring": "vegas"})
    assert response.status_code == 200
    page = parse(response)
    notice = one(page, "[data-testid=pool-empty]")
    assert "Klondike, draw 3, Vegas scoring" in text(notice)
    assert not DealVerdict.objects.exists(), "nothing was solved in the request"
    random_deal = one(page, "[data-testid=pool-random]")["href"]
    assert GAME.match(random_deal) and random_deal.endswith("?draw=3&scoring=vegas")
    assert "not proven winnable" in text(page)
    wait = one(page, "[data-testid=pool-wait-link]")["href"]
    assert wait == "/klondike/?draw=3&scoring=vegas&wait=1"


def test_waiting_for_a_proven_deal_looks_again_until_there_is_one(alice):
    page = parse(alice.client.get("/yukon/", {"wait": "1"}))
    assert one(page, "[data-testid=pool-wait]")
    assert one(page, "meta[http-equiv=refresh]")
    DealVerdict.objects.create(deal=deal_for("yukon", 4243), verdict=Verdict.WIN, moves=["AS-f"])
    assert alice.client.get("/yukon/", {"wait": "1"})["Location"] == "/yukon/4243/"


def test_a_short_pool_asks_for_one_top_up_however_many_players_ask(alice, bob):
    for _ in range(5):
        alice.client.get("/yukon/")
        bob.client.get("/klondike/", {"draw": "1", "scoring": "vegas"})
    modes = set(TopUp.objects.values_list("variant", "draw", "passes"))
    assert modes == {("yukon", None, None), ("klondike", 1, 1)}
    assert TopUp.objects.count() == 2


def test_the_pool_is_kept_per_mode(alice):
    draw3 = deal_for("klondike", 77)
    DealVerdict.objects.create(deal=draw3, draw=3, verdict=Verdict.WIN, moves=["d"])
    vegas3 = deal_for("klondike", 78)
    DealVerdict.objects.create(deal=vegas3, draw=3, passes=3, verdict=Verdict.WIN, moves=["d"])
    assert alice.client.get("/klondike/", {"draw": "3"})["Location"] == (
        "/klondike/77/?draw=3&scoring=standard"
    )
    assert alice.client.get("/klondike/", {"draw": "3", "scoring": "vegas"})["Location"] == (
        "/klondike/78/?draw=3&scoring=vegas"
    )


def test_a_lost_deal_is_never_dealt_as_winnable(alice):
    DealVerdict.objects.create(deal=deal_for("yukon", 5), verdict=Verdict.LOSS)
    DealVerdict.objects.create(deal=deal_for("yukon", 6), verdict=Verdict.WIN, moves=["AS-f"])
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
