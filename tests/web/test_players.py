"""Players are known by a long-lived signed cookie: no account needed."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from games.engine.deal import deal
from games.engine.rules.core import legal_moves
from games.models import Game

from .personas import Persona

pytestmark = pytest.mark.django_db


def test_a_new_visitor_gets_a_signed_random_player_id(client):
    response = client.get("/yukon/12/")
    cookie = response.cookies["player"]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) == 365 * 24 * 3600
    player, _, signature = cookie.value.partition(":")
    assert re.fullmatch(r"[\w-]{22}", player) and signature  # 16 random bytes, nothing more
    client.post("/yukon/12/", {"ply": 0, "action": "resign"})  # the first action starts a game
    assert Game.objects.get().player == player


def test_a_returning_player_keeps_their_id_and_their_game(client):
    client.get("/yukon/12/")
    first = legal_moves(deal("yukon", 12, settings.DEAL_KEY))[0]
    client.post("/yukon/12/", {"ply": 0, "move": str(first)})
    again = client.get("/yukon/12/")
    assert "player" not in again.cookies
    assert Game.objects.get().actions == [str(first)]
    assert 'name="ply" value="1"' in again.content.decode()


def test_a_forged_player_cookie_is_a_stranger(alice):
    game = alice.start("yukon", 12)
    forger = Client()
    forger.cookies["player"] = "alice"  # unsigned: anyone could type it
    response = forger.post(f"/game/{game.slug}/", {"ply": 0, "action": "resign"})
    assert response.status_code == 404
    assert Game.objects.get(pk=game.pk).result == ""
    assert "player" in response.cookies  # and gets an id of its own


def test_a_cookie_signed_for_something_else_is_refused(alice):
    game = alice.start("yukon", 12)
    other = Persona("alice")
    other.client.cookies["player"] = alice.client.cookies["player"].value.replace("alice", "bob")
    assert other.act(game, ply=0, action="resign").status_code == 404
