"""What a race sends on its live stream (live.publish, the database's table here: no Redis in
the tests): the strip's rows, counts only, on topic race-<secret>, as each action commits."""

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
    assert sent.event == "strip"
    rows = {row["data-name"]: row for row in parse(sent.data).select("[data-testid=race-player]")}
    assert (rows["Alice"]["data-moves"], rows["Alice"]["data-home"]) == ("1", "1")
    assert rows["Bob"]["data-moves"] == "0"
    assert not parse(sent.data).select("[data-card]")

    clock.advance(60)
    with django_capture_on_commit_callbacks(execute=True):
        bob.client.get(path)  # the time is up: the race ends as it is looked at
    last = LiveEvent.objects.filter(topic=topic).latest("id")
    states = [row["data-state"] for row in parse(last.data).select("[data-testid=race-player]")]
    assert states == ["lost", "lost"]


def test_the_game_page_listens_on_the_races_stream(alice, bob, pool, clock):
    path = create(alice, "Alice")
    join(bob, path, "Bob")
    start(alice, path)
    clock.advance(5)
    page = parse(alice.client.get(f"/game/{game_of(alice, path).slug}/"))
    strip = page.select_one("[data-testid=race-strip]")
    assert strip["sse-connect"] == f"/live/race-{race_at(path).secret}/"
    assert strip.select_one("#race-rows")["sse-swap"] == "strip"
    assert page.select_one("script[src*='hx-sse']")
