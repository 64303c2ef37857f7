"""A whole race between two players through the pages: made, shared, joined, started, the
countdown, the same deal dealt to both, each move on the other's strip, the places, the
results page with each replay."""

from __future__ import annotations

import pytest

from daily.models import Attempt
from games.models import Game, Record
from races.models import Race, Racer
from tests.web.deals import EASY_YUKON
from tests.web.html import one, parse, text

from .racing import create, game_of, join, players, race_at, start

pytestmark = pytest.mark.django_db


def test_a_race_from_its_link_to_its_results(alice, bob, pool, clock):
    deal, line = pool
    path = create(alice, "Alice")
    assert race_at(path).secret in path and len(race_at(path).secret) == 20

    # Bob follows the link and joins; Alice may then start.
    response = join(bob, path, "Bob")
    assert players(response) == {
        "Alice": {"moves": "0", "state": "playing", "home": "0"},
        "Bob": {"moves": "0", "state": "playing", "home": "0"},
    }
    assert not parse(bob.client.get(path)).select("[data-testid=race-start]")
    start(alice, path)

    # The countdown: no game to go to yet, and the poll says so.
    waiting = bob.client.get(path, {"was": "countdown"}, headers={"HX-Request": "true"})
    assert "HX-Redirect" not in waiting
    assert one(parse(waiting), "[data-testid=race-countdown]")
    clock.advance(5)
    dealt = bob.client.get(path, {"was": "countdown"}, headers={"HX-Request": "true"})
    bobs_game = game_of(bob, path)
    assert dealt["HX-Redirect"] == f"/game/{bobs_game.slug}/"

    # Both are dealt the pool's deal, their first start on it. A page still waiting when
    # the countdown began and ended goes to the game too; one back on the race page stays.
    alices_game = game_of(alice, path)
    htmx = {"HX-Request": "true"}
    late = alice.client.get(path, {"was": "waiting"}, headers=htmx)
    assert late["HX-Redirect"] == f"/game/{alices_game.slug}/"
    assert "HX-Redirect" not in alice.client.get(path, {"was": "racing"}, headers=htmx)
    assert alices_game.deal_id == bobs_game.deal_id == deal.pk
    assert Attempt.objects.filter(deal=deal, first_game__in=[alices_game, bobs_game]).count() == 2
    page = parse(bob.client.get(dealt["HX-Redirect"]))
    assert one(page, "#play")
    assert text(one(page, "[data-testid=game-number]")) == f"Yukon #{EASY_YUKON}"

    # Alice's move is on Bob's strip, counts only.
    alice.move(alices_game, line[0])
    strip = bob.client.get(path + "strip/")
    assert players(strip)["Alice"] == {"moves": "1", "state": "playing", "home": "1"}
    assert players(strip)["Bob"] == {"moves": "0", "state": "playing", "home": "0"}
    assert not parse(strip).select("[data-card]")
    on_page = players(bob.client.get(f"/game/{bobs_game.slug}/"))
    assert on_page["Alice"]["moves"] == "1"

    # Bob wins first, at the deal's second, but his undo costs him 10 s: Alice, winning
    # 5 s after the deal with none, takes first place.
    bob.move(bobs_game, line[0])
    bob.act(bobs_game, action="undo")
    for move in line:
        bob.move(bobs_game, move)
    assert players(alice.client.get(path + "strip/"))["Bob"]["state"] == "won"
    assert race_at(path).ended is None
    clock.advance(5)
    for move in line[1:]:
        alice.move(alices_game, move)
    assert Racer.objects.get(player="bob").seconds == 10
    assert Racer.objects.get(player="alice").seconds == 5

    race = race_at(path)
    assert race.ended is not None
    results = bob.client.get(path)
    table = one(parse(results), "[data-testid=race-results]")
    rows = table.select("[data-testid=race-player]")
    assert [(r["data-name"], r["data-state"], r["data-place"]) for r in rows] == [
        ("Alice", "won", "1"),
        ("Bob", "won", "2"),
    ]
    replays = [a["href"] for a in table.select("[data-testid=race-replay]")]
    assert replays == [
        f"/replay/{Game.objects.get(pk=alices_game.pk).replay_slug}/",
        f"/replay/{Game.objects.get(pk=bobs_game.pk).replay_slug}/",
    ]
    # The race's games count like any: Alice's win is in her records.
    assert Record.objects.get(player="alice").best_moves == 52
    # Anyone with the link sees the same results.
    assert one(parse(alice.client.get(path)), "[data-testid=race-results]")
    assert Race.objects.count() == 1
