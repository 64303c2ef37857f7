"""The time limit (enforced on the next request, and by the worker's cleanup), the places
of players who did not win, and no help from hints or the solver during a race."""

from __future__ import annotations

import pytest

from games.models import Game
from races.models import Racer
from races.progress import settle_overdue
from races.referee import NO_HINTS
from retention.schedule import cleanup
from solver.pool.models import DealVerdict
from tests.web.deals import easy_klondike
from tests.web.html import one, parse

from .racing import alert, create, game_of, join, players, race_at, start

pytestmark = pytest.mark.django_db


@pytest.fixture
def racing(alice, bob, pool, clock):
    """Alice and Bob in a 1-minute race, dealt."""
    path = create(alice, "Alice", minutes=1)
    join(bob, path, "Bob")
    start(alice, path)
    clock.advance(5)
    return path


def test_at_the_time_limit_the_rest_are_placed_by_cards_home(alice, bob, pool, clock, racing):
    line = pool[1]
    alices, bobs = game_of(alice, racing), game_of(bob, racing)
    for move in line[:3]:
        alice.move(alices, move)
    bob.move(bobs, line[0])
    clock.advance(60)
    late = bob.move(bobs, line[1])
    assert "This game is over" in alert(late)
    bobs.refresh_from_db()
    assert (bobs.result, bobs.ply, bobs.replay_slug is not None) == ("resigned", 1, True)
    table = one(parse(bob.client.get(racing)), "[data-testid=race-results]")
    rows = table.select("[data-testid=race-player]")
    assert [(r["data-name"], r["data-moves"], r["data-state"], r["data-place"]) for r in rows] == [
        ("Alice", "3", "lost", "1"),
        ("Bob", "1", "lost", "2"),
    ]
    assert len(table.select("[data-testid=race-replay]")) == 2


def test_the_workers_cleanup_ends_a_race_nobody_looks_at(alice, bob, clock, racing):
    clock.advance(59)
    assert settle_overdue() == 0
    clock.advance(1)
    assert cleanup.call()["races_ended"] == 1
    assert race_at(racing).ended is not None
    assert set(Racer.objects.values_list("state", flat=True)) == {"lost"}
    assert set(Game.objects.values_list("result", flat=True)) == {"resigned"}
    assert settle_overdue() == 0


def test_a_resignation_shows_and_the_last_player_done_ends_the_race(alice, bob, clock, racing):
    alice.act(game_of(alice, racing), action="resign")
    assert players(bob.client.get(racing + "strip/"))["Alice"]["state"] == "resigned"
    assert race_at(racing).ended is None
    bob.act(game_of(bob, racing), action="resign")
    assert race_at(racing).ended is not None


def test_no_hints_during_a_race(alice, clock, racing):
    game = game_of(alice, racing)
    page = parse(alice.client.get(f"/game/{game.slug}/"))
    assert one(page, "#play button[value=hint]").has_attr("disabled")
    response = alice.act(game, action="hint")
    assert alert(response) == NO_HINTS
    game.refresh_from_db()
    assert (game.hints, game.ply) == (0, 0)


def test_no_winning_line_for_a_resigned_racer_while_the_race_is_on(alice, clock, racing):
    game = game_of(alice, racing)
    response = alice.act(game, action="resign", then="line")
    page = parse(response)
    assert one(page, "[data-testid=result]")
    assert not page.select("[data-testid=show-line]")
    game.refresh_from_db()
    watched = alice.client.post(f"/replay/{game.replay_slug}/win/")
    assert watched.status_code == 404
    clock.advance(60)  # the race is over: the line is hers to see
    assert parse(alice.client.get(f"/game/{game.slug}/")).select("[data-testid=show-line]")


def test_the_race_deal_opened_in_another_mode_gives_no_hint_until_the_race_is_over(
    alice, bob, clock
):
    """Racing a Klondike deal in draw 1, Alice opens it in draw 3 for help: refused there too."""
    deal, line = easy_klondike()
    DealVerdict.objects.create(deal=deal, draw=1, verdict="win", moves=line)
    path = create(alice, "Alice", mode="klondike-1", minutes=1)
    join(bob, path, "Bob")
    start(alice, path)
    clock.advance(5)
    assert race_at(path).deal == deal
    elsewhere = alice.start("klondike", deal.number, draw=3)
    assert elsewhere.draw == 3 and elsewhere != game_of(alice, path)

    refused = alice.act(elsewhere, action="hint")
    assert alert(refused) == NO_HINTS
    elsewhere.refresh_from_db()
    assert (elsewhere.hints, elsewhere.ply) == (0, 0)

    clock.advance(60)  # the race is over: the other game's hints are hers again
    alice.act(elsewhere, action="hint")
    elsewhere.refresh_from_db()
    assert elsewhere.hints == 1
