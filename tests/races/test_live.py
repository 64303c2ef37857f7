"""What a race sends on its live stream (live.publish, the database's table here: no Redis in
the tests): on topic race-<secret>, as each action commits, the player's row of the strip
(counts only), and every row when the race ends."""

from __future__ import annotations

import pytest

from live.models import LiveEvent
from tests.web.html import parse

from .racing import create, game_of, join, race_at, start

pytestmark = pytest.mark.django_db


def test_a_move_and_the_end_are_sent_to_the_races_topic(
    alice, bob, pool, clock, django_capture_on_commit_callbacks
):
    line = pool[1]
    path = create(alice, "Alice", minutes=1)
    join(bob, path, "Bob")
    start(alice, path)
    clock.advance(5)
    topic = f"race-{race_at(path).secret}"
    with django_capture_on_commit_callbacks(execute=True):
        alice.move(game_of(alice, path), line[0])
    sent = LiveEvent.objects.get(topic=topic)
    # Alice's row alone, to be swapped in for the row of her seat on every page.
    assert sent.event == "racer"
    [row] = parse(sent.data).select("[data-testid=race-player]")
    assert (row["data-name"], row["data-moves"], row["data-home"]) == ("Alice", "1", "1")
    assert (row["id"], row["hx-swap-oob"]) == ("racer-1", "true")
    assert not parse(sent.data).select("[data-card]")
    with django_capture_on_commit_callbacks(execute=True):
        bob.move(game_of(bob, path), line[0])
    [row] = parse(LiveEvent.objects.filter(topic=topic).latest("id").data).select("li")
    assert (row["data-name"], row["data-moves"], row["id"]) == ("Bob", "1", "racer-2")

    clock.advance(60)
    with django_capture_on_commit_callbacks(execute=True):
        bob.client.get(path)  # the time is up: the race ends as it is looked at
    last = LiveEvent.objects.filter(topic=topic).latest("id")
    assert last.event == "strip"
    rows = parse(last.data).select("[data-testid=race-player]")
    assert [(r["id"], r["data-state"]) for r in rows] == [("racer-1", "lost"), ("racer-2", "lost")]
    assert not any(r.has_attr("hx-swap-oob") for r in rows)


def test_the_game_page_listens_on_the_races_stream(alice, bob, pool, clock):
    path = create(alice, "Alice")
    join(bob, path, "Bob")
    start(alice, path)
    clock.advance(5)
    page = parse(alice.client.get(f"/game/{game_of(alice, path).slug}/"))
    strip = page.select_one("[data-testid=race-strip]")
    assert strip["sse-connect"] == f"/live/race-{race_at(path).secret}/"
    assert strip.select_one("#race-rows")["sse-swap"] == "strip"
    rows = strip.select("#race-rows > li")
    assert [row["id"] for row in rows] == ["racer-1", "racer-2"]
    # A player's row comes by itself, swapped in by its id: its listener swaps nothing else.
    listener = strip.select_one("[sse-swap=racer]")
    assert listener["hx-swap"] == "none" and not listener.contents
    assert page.select_one("script[src*='hx-sse']")
