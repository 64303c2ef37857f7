"""GET /<variant>/<number>/: the player's own game on a shareable deal number."""

from __future__ import annotations

import re

import pytest

from games.models import Deal, Game

pytestmark = pytest.mark.django_db


def face_up(html: str) -> list[str]:
    return re.findall(r'data-card="(\w\w)"', html)


def test_it_shows_the_deal_of_that_number(alice):
    response = alice.open("yukon", 42)
    assert response.status_code == 200
    html = response.content.decode()
    assert "Yukon #42" in html
    assert len(face_up(html)) == 31  # 1 + 6 × 5 face-up cards in a Yukon deal
    assert html.count('data-pile="t') == 7 and html.count('data-pile="f') == 4
    assert '<span data-testid="moves">0</span>' in html


def test_two_players_get_the_same_deal_as_two_games(alice, bob):
    alices = face_up(alice.open("yukon", 42).content.decode())
    bobs = face_up(bob.open("yukon", 42).content.decode())
    assert alices == bobs
    assert not Deal.objects.exists() and not Game.objects.exists()  # looking stores nothing
    for persona in (alice, bob):
        persona.client.post("/yukon/42/", {"ply": 0, "action": "resign"})
    assert Deal.objects.filter(variant="yukon", number=42).count() == 1
    games = Game.objects.filter(deal__number=42)
    assert sorted(games.values_list("player", flat=True)) == ["alice", "bob"]


def test_another_number_is_another_deal(alice):
    assert face_up(alice.open("yukon", 42).content.decode()) != face_up(
        alice.open("yukon", 43).content.decode()
    )


def test_coming_back_continues_the_same_game(alice):
    first = alice.start("yukon", 42)
    again = alice.start("yukon", 42)
    assert again.pk == first.pk
    assert Game.objects.filter(player="alice").count() == 1


@pytest.mark.parametrize("number", ["0", "2147483648", "abc", "-1", "99999999999999999999"])
def test_it_gives_a_clear_404_for_a_number_that_names_no_deal(alice, number):
    response = alice.client.get(f"/yukon/{number}/")
    assert response.status_code == 404
    html = response.content.decode()
    assert f"There is no Yukon game number {number[:12]}." in html
    assert "Game numbers run from 1 to 2147483647" in html
    assert not Game.objects.exists() and not Deal.objects.exists()


def test_it_escapes_the_number_it_cannot_read(alice):
    response = alice.client.get("/klondike/%3Cb%3Ex/")
    assert response.status_code == 404
    assert b"<b>x" not in response.content
    assert b"&lt;b&gt;x" in response.content


def test_the_largest_number_is_a_game(alice):
    assert alice.open("yukon", 2**31 - 1).status_code == 200


def test_klondike_takes_draw_and_scoring_from_the_address(alice):
    game = alice.start("klondike", 7, draw=3, scoring="vegas")
    assert (game.draw, game.scoring, game.passes) == (3, "vegas", 3)
    html = alice.open("klondike", 7, draw=3, scoring="vegas").content.decode()
    assert "Klondike #7 · draw 3" in html
    assert '<span data-testid="score">−$52</span>' in html
    assert 'data-pile="stock"' in html and 'data-pile="waste"' in html
    assert "Stock, 24 cards: turn 3" in html


def test_vegas_in_draw_1_allows_one_pass(alice):
    game = alice.start("klondike", 7, draw=1, scoring="vegas")
    assert (game.draw, game.scoring, game.passes) == (1, "vegas", 1)


@pytest.mark.parametrize(
    "query",
    [{"draw": "2", "scoring": "bogus"}, {"draw": "x"}, {"scoring": ""}, {}, {"draw": "3" * 50}],
)
def test_klondike_falls_back_to_draw_1_standard_for_values_it_does_not_know(alice, query):
    game = alice.start("klondike", 7, **query)
    assert (game.draw, game.scoring, game.passes) == (1, "standard", None)


def test_a_bad_scoring_keeps_a_good_draw(alice):
    game = alice.start("klondike", 7, draw=3, scoring="bogus")
    assert (game.draw, game.scoring) == (3, "standard")


def test_each_klondike_mode_is_its_own_game_on_the_same_deal(alice):
    standard = alice.start("klondike", 7)
    vegas = alice.start("klondike", 7, scoring="vegas")
    assert standard.pk != vegas.pk and standard.deal_id == vegas.deal_id


def test_yukon_ignores_a_draw_in_the_address(alice):
    game = alice.start("yukon", 7, draw=3, scoring="vegas")
    assert (game.draw, game.scoring, game.passes) == (None, "none", None)


def test_the_page_offers_the_share_address(alice):
    html = alice.open("klondike", 7, draw=3).content.decode()
    assert "/klondike/7/?draw=3&amp;scoring=standard" in html


def test_it_refuses_a_forged_first_action_with_400_and_stores_nothing(alice):
    response = alice.client.post("/yukon/42/", {"ply": "x", "move": "<b>"})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert not Game.objects.exists() and not Deal.objects.exists()


def test_it_refuses_other_methods(alice):
    assert alice.client.put("/yukon/42/").status_code == 405
