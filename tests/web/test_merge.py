"""Signing up or logging in hands the visitor's games and records on this browser to the
account, merged with what the account already had: best record wins, nothing lost, nothing
doubled."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.db.models import F
from django.utils import timezone

from games.models import Game, Record
from play.merge import merge_player
from solver.deadends.models import CheckRequest

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon, worked_example
from .personas import PASSWORD, Persona

pytestmark = pytest.mark.django_db


def win(persona: Persona, deal, actions: list[str], seconds: int = 0, **mode) -> Game:
    """A win on `deal` by `persona`, `seconds` after the start: Yukon plays the actions, then
    Auto-finish; Klondike plays its winning line to the last move, which the player makes."""
    last = actions[-1] if deal.variant == "klondike" else None
    game = persona.game_at(deal, actions[:-1] if last else actions, **mode)
    Game.objects.filter(pk=game.pk).update(started=timezone.now() - timedelta(seconds=seconds))
    if last:
        persona.move(game, last)
    else:
        persona.act(game, action="finish")
    game = Game.objects.get(pk=game.pk)
    assert game.result == "won"
    return game


def records_of(player: str) -> list[tuple]:
    return list(
        Record.objects.filter(player=player)
        .order_by(
            "variant", "number", F("draw").asc(nulls_first=True), F("passes").asc(nulls_first=True)
        )
        .values_list("variant", "number", "draw", "passes", "best_moves", "best_seconds", "wins")
    )


@pytest.fixture
def account(db) -> User:
    return User.objects.create_user("alice", password=PASSWORD)


@pytest.fixture
def laptop(alice) -> Persona:
    """alice's laptop, where she plays as a visitor before logging in."""
    return alice


def test_signing_up_keeps_the_visitors_games_and_records(alice):
    deal, line = easy_yukon()
    won = win(alice, deal, line)
    playing = alice.start("yukon", 12)
    alice.sign_up()
    account = f"user:{alice.user_id}"
    assert set(Game.objects.filter(player=account)) == {won, playing}
    assert records_of(account) == [("yukon", EASY_YUKON, None, None, 52, 0, 1)]
    assert not Game.objects.filter(player="alice").exists()
    assert not Record.objects.filter(player="alice").exists()
    html = alice.client.get("/records/").content.decode()
    assert f"Yukon #{EASY_YUKON}" in html
    assert alice.client.get(f"/game/{playing.slug}/").status_code == 200


def test_logging_in_adds_the_visitors_records_on_other_numbers(laptop, account):
    phone = Persona("phone")
    phone.log_in("alice")
    yukon, yukon_line = easy_yukon()
    win(phone, yukon, yukon_line)  # the account's
    klondike, klondike_line = easy_klondike()
    win(laptop, klondike, klondike_line, draw=1, scoring="standard")  # the visitor's
    laptop.log_in("alice")
    assert records_of(laptop.player) == [
        ("klondike", EASY_KLONDIKE, 1, None, 76, 0, 1),
        ("yukon", EASY_YUKON, None, None, 52, 0, 1),
    ]
    assert Game.objects.filter(player=laptop.player).count() == 2


def test_the_same_number_won_under_both_keeps_each_best_and_every_win(laptop, account):
    deal, line = easy_yukon()
    phone = Persona("phone")
    phone.log_in("alice")
    win(phone, deal, [*line, "KS-t5"], seconds=100)  # the account: 53 moves in 1:40
    win(phone, deal, [*line, "KS-t5", "KH-t6"], seconds=400)  # and 54 moves in 6:40
    win(laptop, deal, line, seconds=300)  # the visitor: 52 moves, but in 5:00
    laptop.log_in("alice")
    # Fewest moves from the visitor, shortest time from the account, three wins in all.
    assert records_of(laptop.player) == [("yukon", EASY_YUKON, None, None, 52, 100, 3)]
    assert Record.objects.count() == 1
    assert Game.objects.filter(player=laptop.player, result="won").count() == 3


def test_the_same_number_in_another_mode_stays_a_record_of_its_own(laptop, account):
    deal, line = easy_klondike()
    phone = Persona("phone")
    phone.log_in("alice")
    win(phone, deal, line, draw=1, scoring="standard")
    win(laptop, deal, line, draw=1, scoring="vegas", passes=1)
    laptop.log_in("alice")
    assert [(r[2], r[3], r[6]) for r in records_of(laptop.player)] == [(1, None, 1), (1, 1, 1)]


def test_logging_in_twice_doubles_nothing(laptop, account):
    deal, line = easy_yukon()
    win(laptop, deal, line, seconds=60)
    laptop.log_in("alice")
    before = records_of(laptop.player)
    games = set(Game.objects.filter(player=laptop.player).values_list("pk", flat=True))
    laptop.log_out()
    laptop.log_in("alice")
    laptop.log_in("alice")
    assert records_of(laptop.player) == before == [("yukon", EASY_YUKON, None, None, 52, 60, 1)]
    assert set(Game.objects.filter(player=laptop.player).values_list("pk", flat=True)) == games


def test_games_played_after_logging_out_join_at_the_next_login(laptop, account):
    deal, line = easy_yukon()
    laptop.log_in("alice")
    win(laptop, deal, line, seconds=200)
    laptop.log_out()
    assert laptop.player == "alice"  # the browser's visitor again
    assert "No wins yet." in laptop.client.get("/records/").content.decode()
    win(laptop, deal, line, seconds=50)
    laptop.log_in("alice")
    assert records_of(laptop.player) == [("yukon", EASY_YUKON, None, None, 52, 50, 2)]


def test_after_logging_out_the_browser_no_longer_sees_the_accounts_games(laptop, account):
    laptop.log_in("alice")
    game = laptop.start("yukon", 12)
    laptop.log_out()
    assert laptop.client.get(f"/game/{game.slug}/").status_code == 404
    assert laptop.act(game, ply=0, action="resign").status_code == 404


def test_nobody_elses_games_move(laptop, account, bob):
    deal, line = easy_yukon()
    bobs = win(bob, deal, line)
    laptop.log_in("alice")
    assert Game.objects.get(pk=bobs.pk).player == "bob"
    assert records_of("bob") == [("yukon", EASY_YUKON, None, None, 52, 0, 1)]


def test_merging_a_player_into_itself_changes_nothing(alice):
    deal, line = easy_yukon()
    win(alice, deal, line)
    merged = merge_player("alice", "alice")
    assert (merged.games, merged.records) == (0, 0)
    assert records_of("alice") == [("yukon", EASY_YUKON, None, None, 52, 0, 1)]


def test_a_deleted_account_takes_its_games_and_records_with_it(alice, bob):
    deal, line = easy_yukon()
    win(alice, deal, line)
    alice.sign_up()
    win(bob, deal, line)
    User.objects.get(username="alice").delete()
    assert not Game.objects.filter(player=alice.player).exists()
    assert not Record.objects.filter(player=alice.player).exists()
    assert records_of("bob") == [("yukon", EASY_YUKON, None, None, 52, 0, 1)]


def test_a_deal_being_played_on_both_sides_keeps_the_accounts_game(laptop, account):
    # One game is played per player, deal and mode: the account's stays the one being
    # played, and the visitor's stays this browser's visitor's (nothing is lost or ended).
    deal, line = easy_yukon()
    phone = Persona("phone")
    phone.log_in("alice")
    accounts = phone.game_at(deal, line[:3])
    visitors = laptop.game_at(deal, line[:2])
    other = laptop.game_at(worked_example(), ["9S-t5"])
    laptop.log_in("alice")
    assert laptop.player == phone.player
    assert Game.objects.get(pk=accounts.pk).player == laptop.player
    assert Game.objects.get(pk=other.pk).player == laptop.player
    assert Game.objects.get(pk=visitors.pk).player == "alice"
    laptop.log_out()
    assert laptop.client.get(f"/game/{visitors.slug}/").status_code == 200


def test_the_checks_a_moved_game_waits_for_move_with_it(alice, account):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:2])
    alice.move(game, line[2])  # asks for the check of where it leads
    assert CheckRequest.objects.filter(game=game, player="alice").count() == 1
    alice.log_in()
    assert CheckRequest.objects.get(game=game).player == alice.player != "alice"
