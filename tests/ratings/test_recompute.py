"""`recompute_ratings` works every rating out again from the stored results: the same
numbers as the live updates gave, game after game."""

from __future__ import annotations

import pytest
from django.core.management import call_command

from ratings.models import DealRating, PlayerRating, RatedGame
from ratings.services import outcomes

from .conftest import FIRST, pool_deal
from .rated import near_the_end

pytestmark = pytest.mark.django_db


def snapshot() -> dict:
    players = {(r.player, r.pool): (r.mu, r.sigma, r.games) for r in PlayerRating.objects.all()}
    deals = {(r.deal_id, r.pool): (r.mu, r.sigma, r.games) for r in DealRating.objects.all()}
    games = {r.pk: (r.player_before, r.player_after, r.deal_after) for r in RatedGame.objects.all()}
    return {"players": players, "deals": deals, "games": games}


def win(persona, deal, line) -> None:
    game = near_the_end(outcomes.start(persona.player, "yukon", deal.pk), line, left=0)
    persona.act(game, action="finish")


def resign(persona, deal) -> None:
    persona.act(outcomes.start(persona.player, "yukon", deal.pk), action="resign")


def test_recomputing_gives_the_live_ratings_back(alice, bob, won_deal):
    easy, line = won_deal
    medium, hard = pool_deal("yukon", FIRST, "medium"), pool_deal("yukon", FIRST + 1, "hard")
    win(alice, easy, line)
    resign(alice, medium)
    resign(bob, medium)
    resign(alice, hard)
    win(bob, easy, line)
    unrated = outcomes.start(bob.player, "yukon", hard.pk)
    bob.act(unrated, action="hint")
    bob.act(unrated, action="resign")
    live = snapshot()
    assert {key: games for key, (_, _, games) in live["players"].items()} == {
        (alice.player, "yukon"): 3, (bob.player, "yukon"): 2,
    }  # fmt: skip
    assert {key[0]: games for key, (_, _, games) in live["deals"].items()} == {
        easy.pk: 2, medium.pk: 2, hard.pk: 1,
    }  # fmt: skip
    PlayerRating.objects.update(mu=0.0, sigma=1.0)  # a formula changed, say: all rewritten
    DealRating.objects.all().delete()
    call_command("recompute_ratings")
    again = snapshot()
    for part in ("players", "deals", "games"):
        assert again[part].keys() == live[part].keys()
        for key, values in live[part].items():
            assert again[part][key] == pytest.approx(values), (part, key)
