"""Limits with clear answers (issue 11): rate limits per player and per address on actions,
hints and new games (429, a plain message, nothing changed), the admin's login throttled,
and a cap on a game's actions. The rate limits count in the database's table, and in a real
Redis (127.0.0.1:6379, or TEST_REDIS_URL) under a key prefix of the test's own, removed after."""

from __future__ import annotations

import os
import secrets
import threading
import time

import pytest
import redis
from django.contrib.auth.models import User
from django.core.cache import caches
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.models import MAX_ACTIONS, Game
from visitors import limits
from visitors.limits import GRACE_SECONDS, RATE_CACHE, RedisCounts
from visitors.models import RateCount
from yukon_site.env import redis_cache

from .deals import easy_klondike, easy_yukon, worked_example
from .personas import Persona

pytestmark = pytest.mark.django_db

REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
DAY = 24 * 3600  # windows of a day: a test never straddles two of them (a new count)


@pytest.fixture
def redis_counts(settings):
    """The rate counts in Redis, as with REDIS_URL set, under a prefix of this test's own:
    the Redis client, for a look at the keys, and the prefix."""
    client = redis.Redis.from_url(REDIS_URL)
    try:
        client.ping()
    except redis.ConnectionError:
        pytest.fail(f"no Redis answers at {REDIS_URL}: apt-get install redis-server (.ci/run)")
    prefix = f"test-{os.getpid()}-{secrets.token_hex(4)}"
    settings.CACHES = {**settings.CACHES, RATE_CACHE: redis_cache(REDIS_URL, prefix)}
    yield client, prefix
    if keys := list(client.scan_iter(match=f"{prefix}:*")):
        client.delete(*keys)
    client.close()


@pytest.fixture(params=["table", "redis"])
def low_limits(request, settings):
    """Low limits, counted in the database's table or in Redis."""
    settings.RATE_LIMITS = {"action": (3, 5, DAY), "hint": (1, 5, DAY), "new_game": (2, 5, DAY)}
    if request.param == "redis":
        request.getfixturevalue("redis_counts")
    return request.param


def test_moves_over_the_players_limit_get_a_plain_429_and_change_nothing(alice, low_limits):
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    for move in line[:3]:
        assert alice.move(game, move).status_code == 200
    response = alice.client.post(f"/game/{game.slug}/", {"ply": 3, "move": line[3]})
    assert response.status_code == 429
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert 0 < int(response["Retry-After"]) <= 24 * 3600
    assert response.content.decode().startswith("That is more moves than this site takes")
    assert "nothing was done" in response.content.decode()
    assert Game.objects.get(pk=game.pk).ply == 3


def test_the_table_shows_a_refusal_the_same_way_to_htmx(alice, low_limits):
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    for move in line[:3]:
        alice.move(game, move, htmx=True)
    response = alice.move(game, line[3], htmx=True)
    # htmx does not swap a 4xx: the table's script puts the plain text in its alert line,
    # as it does for every refused request (static/js/table.js, htmx:responseError).
    assert response.status_code == 429 and b"<" not in response.content


def test_players_behind_one_address_share_its_limit(alice, bob, low_limits):
    deal, line = easy_yukon()
    games = {persona: persona.game_at(deal, []) for persona in (alice, bob)}
    codes = []
    for ply in range(3):
        for persona, game in games.items():
            codes.append(persona.move(game, line[ply]).status_code)
    assert codes == [200] * 5 + [429]  # five from 127.0.0.1 a minute, whoever sends them


def test_hints_have_a_limit_of_their_own(alice, low_limits):
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    assert alice.act(game, action="hint").status_code == 200
    refused = alice.act(game, action="hint")
    assert refused.status_code == 429 and "more hints" in refused.content.decode()
    assert Game.objects.get(pk=game.pk).hints == 1
    assert alice.move(game, line[0]).status_code == 200  # moves are still allowed


def test_new_games_have_a_limit(alice, low_limits):
    alice.client.cookies["deals"] = "random"  # any number: no pool needed
    assert [alice.client.get("/yukon/").status_code for _ in range(3)] == [302, 302, 429]
    assert "more new games" in alice.client.get("/yukon/").content.decode()


def test_normal_play_never_meets_the_limits(alice):
    """A whole Klondike game as fast as the test client can send it, with undos and redos:
    far more actions in a minute than a person makes, still under the default limits."""
    deal, line = easy_klondike()
    game = alice.game_at(deal, [], draw=1, scoring="standard")
    for move in line[:60]:
        assert alice.move(game, move).status_code == 200
    for action in ["undo"] * 10 + ["redo"] * 10:
        assert alice.act(game, action=action).status_code == 200
    for move in line[60:]:
        assert alice.move(game, move).status_code == 200
    assert Game.objects.get(pk=game.pk).result == "won"


def test_an_address_behind_a_trusted_proxy_is_the_one_the_proxy_saw(settings, low_limits):
    settings.PROXY_HOPS = 1
    deal, line = easy_yukon()
    players = [Persona(f"p{i}", REMOTE_ADDR="10.0.0.1") for i in range(6)]
    codes = []
    for i, persona in enumerate(players):
        game = persona.game_at(deal, [])
        forwarded = {"HTTP_X_FORWARDED_FOR": f"198.51.100.{i}"}  # six clients, one proxy
        codes.append(
            persona.client.post(f"/game/{game.slug}/", {"ply": 0, "move": line[0]}, **forwarded)
        )
    assert [r.status_code for r in codes] == [303] * 6


def test_the_admin_login_locks_a_username_out_after_five_failures_from_an_address(db):
    User.objects.create_superuser("root", password="right-horse-battery")
    browser = Client()
    url = "/admin/login/?next=/admin/"
    codes = [
        browser.post(url, {"username": "root", "password": "wrong"}).status_code for _ in range(5)
    ]
    assert codes == [200] * 4 + [429]  # the form again with its error, then locked out
    locked = browser.post(url, {"username": "root", "password": "right-horse-battery"})
    assert locked.status_code == 429
    assert "too many" in locked.content.decode().lower()
    assert "_auth_user_id" not in browser.session


def test_the_admin_login_still_works_below_the_limit(db):
    User.objects.create_superuser("root", password="right-horse-battery")
    browser = Client()
    url = "/admin/login/?next=/admin/"
    browser.post(url, {"username": "root", "password": "wrong"})
    response = browser.post(url, {"username": "root", "password": "right-horse-battery"})
    assert response.status_code == 302 and browser.session["_auth_user_id"]


def test_a_game_at_the_action_cap_refuses_more_but_can_still_undo(alice):
    deal, _ = easy_klondike()
    cycles = MAX_ACTIONS // 25  # turn the whole stock, then turn the waste back over
    game = alice.game_at(deal, (["d"] * 24 + ["r"]) * cycles, draw=1, scoring="standard")
    assert game.ply == MAX_ACTIONS
    html = alice.move(game, "d").content.decode()
    assert f"This game has reached {MAX_ACTIONS:,} actions" in html and 'role="alert"' in html
    assert Game.objects.get(pk=game.pk).ply == MAX_ACTIONS
    alice.act(game, action="undo")
    assert Game.objects.get(pk=game.pk).ply == MAX_ACTIONS - 1
    alice.move(game, "r")
    assert Game.objects.get(pk=game.pk).ply == MAX_ACTIONS


def test_the_worked_example_is_not_limited_by_looking(alice, low_limits):
    worked = worked_example()
    for _ in range(10):  # pages are not rate limited: they cost no writes
        assert alice.open("yukon", worked.number).status_code == 200


def test_a_refused_request_counts_nothing(alice, bob, low_limits):
    """alice's fourth move is over her own limit: refused, it takes back its count at the
    address too, so bob still has two of the address's five."""
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    codes = [alice.move(game, move).status_code for move in line[:4]]
    other = bob.game_at(deal, [])
    codes += [bob.move(other, move).status_code for move in line[:3]]
    assert codes == [200, 200, 200, 429, 200, 200, 429]


@pytest.mark.parametrize("low_limits", ["table"], indirect=True)
def test_counts_of_windows_gone_by_are_swept(alice, low_limits):
    RateCount.objects.create(key="action:p:someone:1", count=7, expires=60)
    deal, line = easy_yukon()
    alice.move(alice.game_at(deal, []), line[0])  # her first this window: sweeps
    assert sorted(RateCount.objects.values_list("count", flat=True)) == [1, 1]


@pytest.mark.parametrize("low_limits", ["redis"], indirect=True)
def test_counts_in_redis_expire_past_their_window_and_touch_no_table(alice, low_limits,
                                                                     redis_counts,
                                                                     monkeypatch):  # fmt: skip
    client, prefix = redis_counts
    window = 20_000
    monkeypatch.setattr(limits, "clock", lambda: window * DAY + DAY / 4)  # a quarter in
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    before = client.time()[0]  # Redis's own clock, which the expiry is set by
    with CaptureQueriesContext(connection) as sent:
        assert alice.move(game, line[0]).status_code == 200
    after = client.time()[0]
    assert not [q for q in sent.captured_queries if RateCount._meta.db_table in q["sql"]]
    assert not RateCount.objects.exists()
    keys = {key.decode(): client.expiretime(key) for key in client.scan_iter(match=f"{prefix}:*")}
    assert sorted(keys) == [
        f"{prefix}:1:action:a:127.0.0.1:{window}", f"{prefix}:1:action:p:alice:{window}",
    ]  # fmt: skip
    # Three quarters of the window left, then the grace: from when Redis set the key. Redis
    # keeps the expiry in milliseconds and rounds it to the second it reports, so a key set
    # in the second half of `after`'s second reads as one second later.
    timeout = 3 * DAY // 4 + GRACE_SECONDS
    assert all(before + timeout <= at <= after + timeout + 1 for at in keys.values()), keys
    assert {int(client.get(key)) for key in keys} == {1}


def test_two_requests_at_once_in_redis_never_see_the_same_count(redis_counts):
    """Counts made at the same instant by many threads, each with its own connection, as
    gunicorn's threads and processes make them: every count is seen once."""
    seen, start = [], threading.Barrier(8)
    expires = int(time.time()) + 60

    def count() -> None:
        counts = RedisCounts(caches[RATE_CACHE])  # the thread's own cache connection
        start.wait()
        seen.extend(counts.add(["action:p:crowd:1"], expires)["action:p:crowd:1"]
                    for _ in range(25))  # fmt: skip

    threads = [threading.Thread(target=count) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seen) == list(range(1, 201))


def test_a_redis_that_does_not_answer_lets_play_go_on_uncounted(alice, settings, caplog):
    settings.RATE_LIMITS = {"action": (1, 1, DAY)}
    settings.CACHES = {**settings.CACHES, RATE_CACHE: redis_cache("redis://127.0.0.1:1/0", "x")}
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    assert [alice.move(game, move).status_code for move in line[:3]] == [200] * 3
    assert Game.objects.get(pk=game.pk).ply == 3 and not RateCount.objects.exists()
    assert "Rate limits not counted: Redis did not answer" in caplog.text
