"""GET /<variant>/<number>/: the player's own game on a shareable deal number."""

from __future__ import annotations

import pytest

from games.models import Deal, Game

from .html import cards, moves, one, parse, piles, text_of

pytestmark = pytest.mark.django_db


def face_up(response) -> list[str]:
    return cards(parse(response))


def test_it_shows_the_deal_of_that_number(alice):
    response = alice.open("yukon", 42)
    assert response.status_code == 200
    page = parse(response)
    assert text_of(page, "[data-testid=game-number]") == "Yukon #42"
    assert len(cards(page)) == 31  # 1 + 6 × 5 face-up cards in a Yukon deal
    assert piles(page) == ["f1", "f2", "f3", "f4", "t1", "t2", "t3", "t4", "t5", "t6", "t7"]
    assert moves(page) == 0


def test_two_players_get_the_same_deal_as_two_games(alice, bob):
    alices = face_up(alice.open("yukon", 42))
    bobs = face_up(bob.open("yukon", 42))
    assert alices == bobs
    assert not Deal.objects.exists() and not Game.objects.exists()  # looking stores nothing
    for persona in (alice, bob):
        persona.client.post("/yukon/42/", {"ply": 0, "action": "resign"})
    assert Deal.objects.filter(variant="yukon", number=42).count() == 1
    games = Game.objects.filter(deal__number=42)
    assert sorted(games.values_list("player", flat=True)) == ["alice", "bob"]


def test_another_number_is_another_deal(alice):
    assert face_up(alice.open("yukon", 42)) != face_up(alice.open("yukon", 43))


def test_coming_back_continues_the_same_game(alice):
    first = alice.start("yukon", 42)
    again = alice.start("yukon", 42)
    assert again.pk == first.pk
    assert Game.objects.filter(player="alice").count() == 1


@pytest.mark.parametrize("number", ["0", "2147483648", "abc", "-1", "99999999999999999999"])
def test_it_gives_a_clear_404_for_a_number_that_names_no_deal(alice, number):
    response = alice.client.get(f"/yukon/{number}/")
    assert response.status_code == 404
    said = text_of(parse(response), "main")
    assert f"There is no Yukon game number {number[:12]}." in said
    assert "Game numbers run from 1 to 2147483647" in said
    assert not Game.objects.exists() and not Deal.objects.exists()


def test_it_escapes_the_number_it_cannot_read(alice):
    response = alice.client.get("/klondike/%3Cb%3Ex/")
    assert response.status_code == 404
    page = parse(response)
    assert not page.select("main b"), "the number's markup was not escaped"
    assert "There is no Klondike game number <b>x." in text_of(page, "main")


def test_the_largest_number_is_a_game(alice):
    assert alice.open("yukon", 2**31 - 1).status_code == 200


def test_klondike_takes_draw_and_scoring_from_the_address(alice):
    game = alice.start("klondike", 7, draw=3, scoring="vegas")
    assert (game.draw, game.scoring, game.passes) == (3, "vegas", 3)
    page = parse(alice.open("klondike", 7, draw=3, scoring="vegas"))
    assert text_of(page, "[data-testid=game-number]") == "Klondike #7 · draw 3"
    assert text_of(page, "[data-testid=score]") == "−$52"
    assert {"stock", "waste"} <= set(piles(page))
    assert one(page, "[data-pile=stock] button")["aria-label"] == "Stock, 24 cards: turn 3"


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


def test_saving_preferences_comes_back_to_the_shareable_address(alice):
    page = parse(alice.open("klondike", 7, draw=3))
    back = one(page, "form#prefs input[name=next]")["value"]
    assert back == "/klondike/7/?draw=3&scoring=standard"


def test_it_refuses_a_forged_first_action_with_400_and_stores_nothing(alice):
    response = alice.client.post("/yukon/42/", {"ply": "x", "move": "<b>"})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert not Game.objects.exists() and not Deal.objects.exists()


def test_it_refuses_other_methods(alice):
    assert alice.client.put("/yukon/42/").status_code == 405
