"""The rating moves exactly once when posts that would end a rated game race (DESIGN §7):
each post in its own thread with its own database connection, released together by a
barrier. Run on PostgreSQL (CI) and SQLite alike."""

from __future__ import annotations

import threading
from datetime import timedelta

import pytest
from django.db import connections

from games.models import Game
from ratings.models import DealRating, PlayerRating, RatedGame
from ratings.services import outcomes
from tests.web.personas import Persona

from .conftest import FIRST, pool_deal
from .rated import near_the_end, play_rated, rated_game

pytestmark = pytest.mark.django_db(transaction=True)


def at_once(jobs: list) -> None:
    """Runs each job in a thread of its own, all released together; re-raises a failure."""
    barrier = threading.Barrier(len(jobs))
    failures: list[BaseException] = []

    def run(job) -> None:
        try:
            barrier.wait(timeout=10)
            job()
        except BaseException as error:  # re-raised in the test's own thread below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    if failures:
        raise failures[0]


def tabs_of(persona: Persona, count: int) -> list[Persona]:
    """More tabs of the persona's browser: the same cookies, the same account."""
    tabs = []
    for _ in range(count):
        tab = Persona(persona.name)
        tab.client.cookies = persona.client.cookies
        tab.user_id = persona.user_id
        tabs.append(tab)
    return tabs


def ended_once(game: Game, player: str) -> None:
    rated = RatedGame.objects.get(game=game)
    assert rated.status in ("won", "lost")
    assert PlayerRating.objects.get(player=player).games == 1
    assert DealRating.objects.get().games == 1


def test_two_winning_posts_at_once_move_the_rating_once(alice, won_deal):
    game = near_the_end(rated_game(alice), won_deal[1], left=0)
    ply = game.ply
    at_once([lambda tab=tab: tab.act(game, ply=ply, action="finish") for tab in tabs_of(alice, 2)])
    assert Game.objects.get(pk=game.pk).result == "won"
    ended_once(game, alice.player)


def test_a_resign_and_the_cleanup_at_once_end_it_once(alice, won_deal):
    game = rated_game(alice)
    alice.move(game, won_deal[1][0])
    later = Game.objects.get(pk=game.pk).updated
    (tab,) = tabs_of(alice, 1)
    at_once([
        lambda: tab.act(game, action="resign"),
        lambda: outcomes.abandon_stale(later + timedelta(minutes=61)),
    ])  # fmt: skip
    ended_once(game, alice.player)


def test_three_resigns_at_once_move_the_rating_once(alice, won_deal):
    game = rated_game(alice)
    alice.move(game, won_deal[1][0])
    ply = Game.objects.get(pk=game.pk).ply
    at_once([lambda tab=tab: tab.act(game, ply=ply, action="resign") for tab in tabs_of(alice, 3)])
    ended_once(game, alice.player)


def test_two_play_rated_at_once_deal_one_game(alice, won_deal):
    pool_deal("yukon", FIRST, "easy")
    answers = []
    at_once([lambda tab=tab: answers.append(play_rated(tab)) for tab in tabs_of(alice, 2)])
    assert [answer.status_code for answer in answers] == [303, 303]
    assert answers[0]["Location"] == answers[1]["Location"]
    assert RatedGame.objects.count() == 1 and Game.objects.count() == 1
