"""Looking writes nothing (DESIGN §5, issue 11): no page a visitor or a link-preview bot GETs
adds, changes or removes a row of any table; a game and its deal are stored by the game's
first action, POSTed to the deal's address under the usual guards. The daily deal's pages,
leaderboards and challenge links (issue 12) only look too: the day's deal is named by a rule
without storing it, and watching another player's replay is recorded by a POST."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.apps import apps
from django.conf import settings
from django.test import Client
from django.utils import timezone

from daily.models import DailyDeal, ReplayView
from daily.services import sharing
from games import deals
from games.engine.deal import deal
from games.engine.rules.core import legal_moves
from games.models import Deal, Game
from games.steps import current
from solver.deadends.models import CheckRequest, PositionVerdict, position_key
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict
from tests.worker import work
from visitors.models import RateCount

from .deals import easy_yukon, worked_example
from .test_secrecy import hidden

pytestmark = pytest.mark.django_db


def snapshot(cache: bool = True) -> dict[str, tuple]:
    """Every table's content, model by model (with the rate limits' counts unless `cache` is
    False: a POST is counted even when it is refused): a row added, changed or removed
    anywhere shows as a difference."""
    tables = {}
    for model in apps.get_models():
        if cache or model is not RateCount:
            tables[model._meta.label] = tuple(model.objects.order_by("pk").values_list())
    return tables


def first_move(variant: str, number: int) -> str:
    return str(legal_moves(deal(variant, number, settings.DEAL_KEY))[0])


def pages(alice) -> list[str]:
    """Every page there is to look at, with a game in each state of alice's behind it."""
    finished = Game.objects.filter(player="alice").exclude(result="").get()
    playing = Game.objects.filter(player="alice", result="").get()
    return [
        "/",
        "/rules/yukon/",
        "/rules/klondike/",
        "/records/",
        "/stats/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password_reset/",
        "/yukon/77/",  # never dealt: rendered from the key
        "/yukon/77/?select=KS",
        "/klondike/78/?draw=3&scoring=vegas",
        f"/yukon/{playing.deal.number}/",  # alice's game in progress there
        f"/game/{playing.slug}/",
        f"/game/{finished.slug}/",
        f"/replay/{finished.replay_slug}/",
        f"/replay/{finished.replay_slug}/?step=1",
        f"/replay/{finished.replay_slug}/win/",  # its winning line: asked first, by a POST
        f"/replay/{finished.replay_slug}/win/?step=1",
        "/daily/",  # today's deal is the worked example, named by the rule, not stored
        "/daily/klondike/",
        f"/leaderboard/yukon/{finished.deal.number}/",
        f"/leaderboard/yukon/{playing.deal.number}/",
        "/leaderboard/klondike/78/?draw=3&scoring=vegas",
        f"/challenge/{sharing.token(sharing.challenge_for(finished, None))}/",
        "/challenge/not-one-of-ours/",  # a 404
        "/yukon/0/",  # a 404
        "/replay/nothing-here/",
    ]


@pytest.fixture
def games_of_alice(alice):
    """A won-pool deal alice plays on (with a lost position no check was asked for yet), and
    one she resigned."""
    worked = worked_example()
    DealVerdict.objects.create(deal=worked, draw=None, passes=None, verdict=Verdict.WIN,
                               moves=["9S-t5"], nodes=1, seconds=0)  # fmt: skip
    # Proven before today began: the worked example is today's daily deal (daily.services).
    DealVerdict.objects.update(created=timezone.now() - timedelta(days=1))
    alice.game_at(worked, ["9S-t5"])
    easy, line = easy_yukon()
    resigned = alice.game_at(easy, line[:3])
    alice.act(resigned, action="resign")


@pytest.mark.parametrize("who", ["alice", "a fresh visitor", "a bot without cookies"])
def test_no_page_writes_anything(alice, games_of_alice, who):
    visitor = {"alice": alice.client, "a fresh visitor": Client()}.get(who)
    before = snapshot()
    for url in pages(alice):
        client = visitor or Client()  # the bot never keeps a cookie
        assert client.get(url).status_code in (200, 404), url
        assert client.head(url).status_code in (200, 404, 405), url
    assert snapshot() == before
    assert not DailyDeal.objects.exists()  # the daily pages named today's deal, storing nothing


def test_watching_a_replay_is_recorded_by_its_post_and_never_by_a_get(alice, bob):
    easy, line = easy_yukon()
    game = alice.game_at(easy, line[:3])
    alice.act(game, action="resign")
    game.refresh_from_db()
    watch = f"/replay/{game.replay_slug}/watch/"
    before = snapshot()
    assert (
        'data-testid="replay-ask"'
        in bob.client.get(f"/replay/{game.replay_slug}/").content.decode()
    )
    assert bob.client.get(watch).status_code == 405
    assert snapshot() == before
    assert bob.client.post(watch).status_code == 303
    assert ReplayView.objects.filter(player="bob", deal=easy).exists()


def test_a_winning_line_is_asked_for_by_its_post_and_its_pages_only_look(alice):
    easy, line = easy_yukon()
    game = alice.game_at(easy, line[:3])
    alice.act(game, action="resign")
    game.refresh_from_db()
    address = f"/replay/{game.replay_slug}/win/"
    assert alice.client.post(address).status_code == 303  # watched, and the line asked for
    assert CheckRequest.objects.filter(game=game).exists()
    for _ in range(2):  # while the worker looks, and once it has found the line
        before = snapshot()
        for query in ({}, {"step": 4}):
            assert alice.client.get(address, query).status_code == 200
        assert snapshot() == before
        work()


def test_a_deal_never_dealt_is_shown_from_the_key_and_its_first_action_stores_it(alice):
    html = alice.open("yukon", 77).content.decode()
    position = deal("yukon", 77, settings.DEAL_KEY)
    for card in hidden(position):
        assert f'data-card="{card.code}"' not in html
    assert 'action="/yukon/77/"' in html and not Deal.objects.exists()
    response = alice.client.post("/yukon/77/", {"ply": 0, "move": first_move("yukon", 77)})
    assert response.status_code == 303  # post/redirect/get, to the game's own page
    game = Game.objects.get()
    assert response["Location"] == f"/game/{game.slug}/"
    assert (game.player, game.ply, game.deal.number) == ("alice", 1, 77)
    assert deals.deal_position(game.deal) == position


def test_a_stored_deal_wins_over_the_key_on_the_page(alice):
    stored = worked_example()
    html = alice.open("yukon", stored.number).content.decode()
    assert 'data-card="9S"' in html and 'data-card="QS"' in html
    assert not Game.objects.exists()


def test_the_first_action_asks_for_the_pool_line_and_the_check_of_where_it_leads(alice):
    worked = worked_example()
    DealVerdict.objects.create(deal=worked, draw=None, passes=None, verdict=Verdict.WIN,
                               moves=["9S-t5"], nodes=1, seconds=0)  # fmt: skip
    url = f"/yukon/{worked.number}/"
    alice.client.post(url, {"ply": 0, "move": "9S-t5"}, headers={"HX-Request": "true"})
    game = Game.objects.get()
    start = deals.deal_position(worked)
    known = dict(PositionVerdict.objects.values_list("key", "verdict"))
    assert known[position_key(start)] == Verdict.WIN  # the pool's line, stored as it starts
    # ... and where the move led, off the line's stored positions: its check is asked for
    # (a decided position has a verdict row; an undecided one waits as a CheckRequest).
    led = position_key(current(game).position)
    assert led not in known
    assert CheckRequest.objects.filter(game=game, key=led).exists()


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"ply": 0, "move": "QS-t2"}, 'role="alert"'),  # illegal: ♠Q cannot go on ♣3
        ({"ply": 0, "action": "undo"}, "Nothing to undo yet"),
        ({"ply": 0, "action": "restart"}, "already at its start"),
        ({"ply": 3, "move": "9S-t5"}, "The table had changed"),  # not made on the deal
    ],
)
def test_a_refused_first_action_stores_nothing(alice, fields, said):
    worked = worked_example()
    before = snapshot(cache=False)
    response = alice.client.post(f"/yukon/{worked.number}/", fields)
    assert response.status_code == 200
    assert said in response.content.decode()
    assert snapshot(cache=False) == before


def test_a_first_action_sent_twice_starts_one_game_and_applies_once(alice):
    worked = worked_example()
    url = f"/yukon/{worked.number}/"
    alice.client.post(url, {"ply": 0, "move": "9S-t5"})
    again = alice.client.post(url, {"ply": 0, "move": "9S-t5"})
    assert "The table had changed" in again.content.decode()
    game = Game.objects.get()
    assert game.actions == ["9S-t5"]


def test_the_page_of_a_game_being_played_posts_to_the_games_own_address(alice):
    worked = worked_example()
    game = alice.game_at(worked, ["9S-t5"])
    html = alice.open("yukon", worked.number).content.decode()
    assert f'action="/game/{game.slug}/"' in html and 'name="ply" value="1"' in html


def test_a_klondike_first_action_starts_the_game_in_the_addresss_mode(alice):
    url = "/klondike/78/?draw=3&scoring=vegas"
    html = alice.client.get(url).content.decode()
    assert 'action="/klondike/78/?draw=3&amp;scoring=vegas"' in html
    alice.client.post(url, {"ply": 0, "move": "d"})
    game = Game.objects.get()
    assert (game.draw, game.scoring, game.passes, game.actions) == (3, "vegas", 3, ["d"])
