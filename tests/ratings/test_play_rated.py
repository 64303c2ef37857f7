"""The lobby's "Play rated": who may, which deal it deals, and a rated game's page."""

from __future__ import annotations

import pytest

from daily.models import Attempt, ReplayView
from games.models import Game
from ratings.models import RatedGame
from solver.pool.models import TopUp
from tests.web.html import one, parse, text
from tests.web.personas import Persona

from .conftest import FIRST, pool_deal
from .rated import play_rated, rated_game

pytestmark = pytest.mark.django_db


def test_a_visitors_button_leads_to_log_in(db):
    visitor = Persona("visitor")
    page = parse(visitor.client.get("/"))
    link = one(page, "[data-testid=play-rated-yukon]")
    assert link["href"].startswith("/accounts/login/")
    response = play_rated(visitor)
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    assert not Game.objects.exists()


def test_the_lobby_hook_deals_a_rated_game_with_no_hint_or_undo(alice):
    deal = pool_deal("yukon", FIRST, "medium")
    form = one(parse(alice.client.get("/")), "form:has([data-testid=play-rated-yukon])")
    response = alice.client.post(form["action"], {})
    assert response.status_code == 303 and response["Location"] == f"/yukon/{deal.number}/"
    board = one(parse(alice.client.get(response["Location"])), "#board")
    assert not board.select("button[value=hint]") and not board.select("button[value=undo]")
    assert not board.select("button[value=restart]") and not board.select("button[value=redo]")
    assert text(one(board, "[data-testid=rated-game]")).startswith("Rated")


def test_klondike_draw_3_is_rated_in_its_own_pool(alice):
    pool_deal("klondike", FIRST, "easy", draw=1)
    three = pool_deal("klondike", FIRST + 1, "easy", draw=3)
    response = play_rated(alice, "klondike", draw=3)
    assert response["Location"] == f"/klondike/{three.number}/?draw=3&scoring=standard"
    board = one(parse(alice.client.get(response["Location"])), "#board")
    assert not board.select("button[value=hint]") and not board.select("button[value=undo]")
    assert RatedGame.objects.get(player=alice.player).pool == "klondike-3"


def test_it_never_deals_a_deal_the_player_started_or_watched(alice):
    started, watched, fresh = (pool_deal("yukon", FIRST + i, "medium") for i in range(3))
    alice.game_at(started, [])
    ReplayView.objects.create(player=alice.player, deal=watched)
    game = rated_game(alice)
    assert game.deal == fresh


def test_with_no_fresh_deal_left_it_says_so_and_starts_nothing(alice):
    alice.game_at(pool_deal("yukon", FIRST, "medium"), [])
    response = play_rated(alice)
    assert response.status_code == 200
    assert one(parse(response), "[data-testid=no-rated-deal]")
    assert not RatedGame.objects.exists()
    assert TopUp.objects.filter(variant="yukon", draw=None, passes=None).exists()


def test_play_rated_again_returns_to_the_game_being_played(alice):
    pool_deal("yukon", FIRST, "medium"), pool_deal("yukon", FIRST + 1, "medium")
    first = rated_game(alice)
    assert rated_game(alice) == first
    assert RatedGame.objects.count() == 1


def test_it_picks_near_the_players_rating_easier_and_harder_on_request(alice, bob):
    medium, expert = pool_deal("yukon", FIRST, "medium"), pool_deal("yukon", FIRST + 1, "expert")
    # 1500 is 50 from medium's 1450 and 350 from expert's 1850; Harder aims at 1750, 100 from
    # expert and 300 from medium.
    assert rated_game(alice).deal == medium
    assert rated_game(bob, level="harder").deal == expert


def test_a_forged_level_is_refused_and_starts_nothing(alice):
    pool_deal("yukon", FIRST, "easy")
    response = play_rated(alice, level="impossible")
    assert response.status_code == 400 and not Game.objects.exists()


def test_a_rated_deal_counts_as_started_for_first_attempts(alice):
    pool_deal("yukon", FIRST, "easy")
    game = rated_game(alice)
    assert Attempt.objects.get(player=alice.player).first_game_id == game.pk
