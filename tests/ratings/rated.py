"""Playing rated games in the tests: dealt through the lobby's form, as a player does."""

from __future__ import annotations

from games.models import Game
from ratings.models import RatedGame
from tests.web.personas import Persona


def play_rated(persona: Persona, variant: str = "yukon", **fields):
    """POST the lobby's "Play rated" form; the response (a redirect to the deal) unfollowed."""
    return persona.client.post(f"/rated/{variant}/", fields)


def rated_game(persona: Persona, variant: str = "yukon", **fields) -> Game:
    """A rated game dealt to the persona (the one being played, if there is one)."""
    response = play_rated(persona, variant, **fields)
    assert response.status_code == 303, response.content[:300]
    rated = RatedGame.objects.filter(player=persona.player, status="playing")
    return rated.select_related("game__deal").get(pool__startswith=variant).game


def near_the_end(game: Game, line: list[str], left: int = 1) -> Game:
    """The game with all but the last `left` moves of `line` already played (as if posted one
    by one: the same actions, replayed from the deal by the next action)."""
    done = line[: len(line) - left]
    Game.objects.filter(pk=game.pk).update(actions=done, ply=len(done), state=None)
    return Game.objects.get(pk=game.pk)
