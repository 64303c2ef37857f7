"""Two POSTs on the same ply at the same moment: exactly one is applied, the other gets the
board as it stands (DESIGN §5). On SQLite and PostgreSQL alike: each request runs in its own
thread with its own database connection, released together by a barrier."""

from __future__ import annotations

import threading

import pytest
from django.db import connections

from daily.models import Attempt
from games import deals
from games.models import Game
from solver.deadends import queue
from solver.deadends.models import CheckRequest

from .deals import easy_yukon
from .html import parse, text
from .personas import Persona

pytestmark = pytest.mark.django_db(transaction=True)

STALE = "The table had changed since that page was drawn"
ROUNDS = 6


def at_once(work, items: list, timeout: float = 30) -> None:
    """Runs `work(tab, item)` for each item in a thread of its own, each with a new tab of
    alice's, released together by a barrier; re-raises the first failure here."""
    barrier = threading.Barrier(len(items))
    failures: list[BaseException] = []

    def run(item) -> None:
        try:
            tab = Persona("alice")
            barrier.wait(timeout=10)
            work(tab, item)
        except BaseException as error:  # re-raised in the test's own thread below
            failures.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(item,)) for item in items]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=timeout)
    if failures:
        raise failures[0]


def race(game: Game, *posts: dict) -> list[str]:
    """POST each set of fields from its own tab of alice's, all at once; the pages back."""
    pages: list[str] = []

    def post(tab: Persona, fields: dict) -> None:
        response = tab.act(game, **fields)
        assert response.status_code == 200, response.content[:300]
        pages.append(response.content.decode())

    at_once(post, list(posts))
    assert len(pages) == len(posts)
    return pages


def klondike_games(*numbers: int) -> list[Game]:
    """Alice's draw-1 games on these Klondike deals, none of them moved yet."""
    return [
        Persona("alice").game_at(deals.deal_for("klondike", number), [], draw=1)
        for number in numbers
    ]


def is_stale(page: str) -> bool:
    """The page says the board had moved on, and nothing was applied."""
    notes = parse(page).select("[data-testid=note]")
    return bool(notes) and text(notes[0]).startswith(STALE)


def applied(pages: list[str]) -> int:
    return sum(not is_stale(page) for page in pages)


def test_two_identical_moves_at_once_apply_one():
    deal, line = easy_yukon()
    game = Persona("alice").game_at(deal, [])
    for ply in range(ROUNDS):
        pages = race(game, *[{"ply": ply, "move": line[ply]}] * 2)
        assert applied(pages) == 1, f"round {ply}"
        game.refresh_from_db()
        assert (game.ply, game.actions) == (ply + 1, line[: ply + 1])


def test_four_tabs_racing_the_first_move_apply_it_once():
    deal, line = easy_yukon()
    game = Persona("alice").game_at(deal, [])
    assert applied(race(game, *[{"ply": 0, "move": line[0]}] * 4)) == 1
    game.refresh_from_db()
    assert (game.ply, game.actions) == (1, line[:1])


def test_two_different_moves_on_the_same_ply_apply_only_one():
    deal, line = easy_yukon()
    game = Persona("alice").game_at(deal, line[:2])  # ♠A and ♥A are home
    # ♦A home, or ♦A back onto... no: ♦A home in a fresh slot f3 or f4, both legal
    pages = race(game, {"ply": 2, "move": "AD-f3"}, {"ply": 2, "move": "AD-f4"})
    assert applied(pages) == 1
    game.refresh_from_db()
    assert game.ply == 3 and game.actions[-1] in ("AD-f3", "AD-f4")


def test_two_undos_at_once_undo_one_move_and_count_once():
    deal, line = easy_yukon()
    game = Persona("alice").game_at(deal, line[:3])
    pages = race(game, *[{"ply": 3, "action": "undo"}] * 2)
    assert applied(pages) == 1
    game.refresh_from_db()
    assert (game.ply, game.actions, game.undos) == (2, line[:2], 1)


def test_four_tabs_racing_the_first_move_on_a_deal_start_one_game_and_apply_it_once():
    """No game yet: each POST goes to the deal's address, and the one-unfinished-game
    constraint makes the tabs that lose the insert find the winner's game, where the ply
    guard turns them away."""
    deal, line = easy_yukon()
    pages: list[str] = []

    def post(tab: Persona, _) -> None:
        response = tab.client.post(f"/yukon/{deal.number}/", {"ply": 0, "move": line[0]})
        pages.append(response.content.decode() if response.status_code == 200 else "moved")

    at_once(post, [None] * 4)
    assert len(pages) == 4 and applied(pages) == 1  # the others see the board as it stands
    game = Game.objects.get()
    assert (game.ply, game.actions) == (1, line[:1])


def test_one_players_tabs_on_four_games_moving_and_asking_hints_at_once_all_get_answers():
    """Every request asks for a dead-end check and trims the player's waiting checks to the
    newest few, across all their games: four tabs doing that at once must queue up behind
    each other's row locks, never deadlock (a 500 for the tab PostgreSQL picks)."""
    games = klondike_games(101, 102, 103, 104)

    def play(tab: Persona, game: Game) -> None:
        for turn in range(12):  # six hints each: 24 of the player's 30 a minute
            for fields in ({"move": "d"}, {"action": "hint"})[: 1 + turn % 2]:
                response = tab.act(game, htmx=True, **fields)
                assert response.status_code == 200, response.content[:300]

    at_once(play, games, timeout=60)
    assert all(Game.objects.get(pk=game.pk).ply == 12 for game in games)
    assert CheckRequest.objects.filter(player=games[0].player).count() <= queue.MAX_PER_PLAYER


def test_tabs_over_the_rate_limit_at_once_are_all_refused_cleanly(settings):
    """Four tabs of one player flooding at once: exactly the limit's worth is applied (no two
    requests see the same count), and every other request is refused with a 429 while
    others add to and take back from the same two rows."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "action": (4, 1000, 3600)}
    games = klondike_games(201, 202, 203, 204)
    statuses: list[int] = []

    def flood(tab: Persona, game: Game) -> None:
        for _ in range(15):
            statuses.append(tab.act(game, htmx=True, move="d").status_code)

    at_once(flood, games, timeout=60)
    assert sorted(set(statuses)) == [200, 429] and statuses.count(200) == 4
    assert sum(Game.objects.get(pk=game.pk).ply for game in games) == 4


def test_four_modes_of_one_deal_started_at_once_count_one_first_start_and_others():
    """First attempts rest on the starts recorded with each game: four first moves at once in
    four modes of one deal start four games, and their starts are one Attempt whose first
    game is one of them, with another start noted, whichever insert wins."""
    modes = ["draw=1&scoring=none", "draw=1&scoring=standard", "draw=3&scoring=standard",
             "draw=3&scoring=vegas"]  # fmt: skip
    deals.deal_for("klondike", 301)

    def post(tab: Persona, mode: str) -> None:
        response = tab.client.post(f"/klondike/301/?{mode}", {"ply": 0, "move": "d"})
        assert response.status_code == 303, response.content[:300]

    at_once(post, modes)
    games = set(Game.objects.values_list("pk", flat=True))
    attempt = Attempt.objects.get()
    assert len(games) == 4 and attempt.first_game_id in games and attempt.again is not None
