"""Bad input on the race pages gets a clear message and changes nothing: a full race, a
start with one player or by someone else, a join after the start, a name that breaks the
rule or passes for another's, forged fields; and a deal is never one a player started. Two
joins at once are no bad input: each gets a seat."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from daily.models import ReplayView
from daily.services.attempts import record_start
from games.engine.modes import Mode
from games.models import Game
from races import entry
from races.models import Race, Racer
from solver.pool.models import DealVerdict
from tests.web.deals import WORKED_EXAMPLE, worked_example
from tests.web.html import parse
from tests.web.personas import Persona

from .racing import alert, create, join, race_at, start

pytestmark = pytest.mark.django_db


def seats(path: str) -> list[str]:
    return list(Racer.objects.filter(race=race_at(path)).values_list("name", flat=True))


def test_a_ninth_player_is_refused(alice, pool, clock):
    path = create(alice, "Alice")
    for n in range(2, 9):
        join(Persona(f"player{n}"), path, f"Player{n}")
    assert len(seats(path)) == 8
    ninth = Persona("ninth")
    page = parse(ninth.client.get(path))
    assert not page.select("[data-testid=race-join]") and "This race is full" in page.get_text()
    response = ninth.client.post(path + "join/", {"name": "Ninth"})
    assert alert(response) == "This race is full: 8 players is the most."
    assert len(seats(path)) == 8


def test_a_race_of_one_does_not_start(alice, bob, pool, clock):
    path = create(alice, "Alice")
    assert parse(alice.client.get(path)).select_one("[data-testid=race-start]").has_attr("disabled")
    response = alice.client.post(path + "start/")
    assert alert(response) == "A race needs 2 players at least: share its link."
    assert race_at(path).started is None and not Game.objects.exists()


def test_only_the_host_starts(alice, bob, pool, clock):
    path = create(alice, "Alice")
    join(bob, path, "Bob")
    response = bob.client.post(path + "start/")
    assert alert(response) == "Only the player who made this race can start it."
    assert race_at(path).started is None and not Game.objects.exists()


def test_no_one_joins_after_the_start_and_a_second_start_does_nothing(
    alice, bob, carol, pool, clock
):
    path = create(alice, "Alice")
    join(bob, path, "Bob")
    start(alice, path)
    assert not parse(carol.client.get(path)).select("[data-testid=race-join]")
    response = carol.client.post(path + "join/", {"name": "Carol"})
    assert alert(response) == "This race has started: it takes no more players."
    assert seats(path) == ["Alice", "Bob"]
    again = alice.client.post(path + "start/")
    assert alert(again) == "This race has started already."
    assert Game.objects.count() == 2


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("<script>", "Choose a name to race under: 2 to 20 letters, digits, _ or - (no spaces)."),
        ("", "Choose a name to race under: 2 to 20 letters, digits, _ or - (no spaces)."),
        ("ALICE", "Someone in this race is called ALICE or something very like it."),
        ("A1ice", "Someone in this race is called A1ice or something very like it."),
    ],
)
def test_a_guests_name_is_checked(alice, bob, pool, clock, name, message):
    path = create(alice, "Alice")
    response = bob.client.post(path + "join/", {"name": name})
    assert alert(response) == message
    assert seats(path) == ["Alice"]


def test_joining_twice_is_refused(alice, pool, clock):
    path = create(alice, "Alice")
    response = alice.client.post(path + "join/", {"name": "Alice2"})
    assert alert(response) == "You are in this race already."
    assert seats(path) == ["Alice"]


def test_an_account_races_under_its_username(alice, bob, pool, clock):
    bob.sign_up("bobby")
    path = create(alice, "Alice")
    join(bob, path, "ignored")
    assert seats(path) == ["Alice", "bobby"]
    assert Racer.objects.get(name="bobby").is_guest is False


@pytest.mark.parametrize(
    "forged",
    [
        {"mode": "chess"},
        {"minutes": "0"},
        {"minutes": "61"},
        {"minutes": "ten"},
        {"grade": "easiest"},
    ],
)
def test_a_forged_new_race_is_refused_as_not_understood(alice, forged):
    data = {"mode": "yukon", "minutes": 10, "name": "Alice", **forged}
    response = alice.client.post("/races/", data)
    assert response.status_code == 400
    assert response.content.decode().startswith("That request was not understood:")
    assert not Race.objects.exists()


def test_a_race_that_does_not_exist_is_a_404(alice, db):
    assert alice.client.get("/races/nosuchrace/").status_code == 404
    assert alice.client.post("/races/nosuchrace/join/", {"name": "Alice"}).status_code == 404


def test_the_deal_is_new_to_every_player(alice, bob, pool, clock):
    deal, _ = pool
    bob.start("yukon", deal.number)  # Bob has started the pool's one deal
    path = create(alice, "Alice")
    join(bob, path, "Bob")
    response = alice.client.post(path + "start/")
    assert alert(response).startswith("No deal in the winnable pool is new to every player")
    assert race_at(path).started is None
    other = worked_example()
    DealVerdict.objects.create(deal=other, verdict="win")
    start(alice, path)
    assert race_at(path).deal.number == WORKED_EXAMPLE


def test_a_deal_a_player_watched_a_replay_of_is_not_dealt(alice, bob, pool, clock):
    deal, _ = pool
    ReplayView.objects.create(player="bob", deal=deal)
    path = create(alice, "Alice")
    join(bob, path, "Bob")
    response = alice.client.post(path + "start/")
    assert alert(response).startswith("No deal in the winnable pool is new to every player")
    assert race_at(path).started is None and not Game.objects.exists()


def test_a_deal_someone_outside_the_race_started_may_be_dealt(alice, bob, pool, clock):
    deal, _ = pool
    record_start(Game.objects.create(player="carol", deal=deal))
    path = create(alice, "Alice")
    join(bob, path, "Bob")
    start(alice, path)
    assert race_at(path).deal == deal


def test_races_made_and_joined_count_as_games_started(alice, bob, pool, clock, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "start": (1, 100, 600)}
    path = create(alice, "Alice")
    again = alice.client.post("/races/", {"mode": "yukon", "minutes": 10, "name": "Alice"})
    assert again.status_code == 429
    assert Race.objects.count() == 1
    join(bob, path, "Bob")
    carol = Persona("carol")
    carol.client.post("/races/", {"mode": "yukon", "minutes": 10, "name": "Carol"})
    response = carol.client.post(path + "join/", {"name": "Carol"})
    assert response.status_code == 429
    assert seats(path) == ["Alice", "Bob"]


@pytest.mark.django_db(transaction=True)
def test_players_joining_at_once_each_take_a_seat_of_their_own():
    """Seven joins released together by a barrier, each in a thread of its own with its own
    database connection: a join that finds its seat taken takes the next one."""
    race = entry.create("host", "Host", Mode("yukon", None, "none"), "", 10)
    barrier = threading.Barrier(7)
    failures: list[BaseException] = []

    def join(n: int) -> None:
        try:
            barrier.wait(timeout=10)
            entry.join(Race.objects.get(pk=race.pk), f"player{n}", f"Player{n}")
        except BaseException as error:  # re-raised in the test's own thread below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=join, args=(n,)) for n in range(2, 9)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not failures, failures
    racers = Racer.objects.filter(race=race).order_by("seat")
    assert [r.seat for r in racers] == list(range(1, 9))
    assert sorted(r.name for r in racers) == sorted(["Host", *(f"Player{n}" for n in range(2, 9))])
