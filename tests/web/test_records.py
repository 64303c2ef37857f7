"""GET /records/: the player's best win on each game number and mode."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Record

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon
from .html import one, parse, text, text_of
from .personas import Persona

pytestmark = pytest.mark.django_db


def records(persona) -> list[dict[str, str]]:
    """The rows of the player's records table: the game link's text and address, the mode
    and the best moves."""
    rows = parse(persona.client.get("/records/")).select("[data-testid=record]")
    return [
        {
            "game": text_of(row, "a"),
            "href": one(row, "a")["href"],
            "mode": text_of(row, "[data-testid=mode]"),
            "best": text_of(row, "[data-testid=best-moves]"),
        }
        for row in rows
    ]


def says_no_wins_yet(persona) -> bool:
    found = parse(persona.client.get("/records/")).select("[data-testid=no-wins]")
    return bool(found) and text(found[0]).startswith("No wins yet.")


def test_it_says_there_are_no_wins_yet(alice):
    assert says_no_wins_yet(alice) and records(alice) == []


def test_it_lists_a_win_with_its_best_moves(alice):
    deal, line = easy_yukon()
    alice.act(alice.game_at(deal, [*line, "KS-t5"]), action="finish")
    alice.act(alice.game_at(deal, line), action="finish")
    assert records(alice) == [
        {"game": f"Yukon #{EASY_YUKON}", "href": f"/yukon/{EASY_YUKON}/", "mode": "—", "best": "52"}
    ]
    assert not says_no_wins_yet(alice)


def test_it_links_a_vegas_record_to_its_mode(alice):
    deal, line = easy_klondike()
    alice.move(alice.game_at(deal, line[:-1], draw=1, scoring="vegas", passes=1), line[-1])
    [record] = records(alice)
    assert record["href"] == f"/klondike/{EASY_KLONDIKE}/?draw=1&scoring=vegas"
    assert record["mode"] == "Draw 1, 1 pass"


def test_it_shows_nobody_elses_records(alice, bob):
    deal, line = easy_yukon()
    alice.act(alice.game_at(deal, line), action="finish")
    assert says_no_wins_yet(bob) and records(bob) == []
    assert f"#{EASY_YUKON}" not in text_of(parse(bob.client.get("/records/")), "main")


def test_it_refuses_a_post(alice):
    assert alice.client.post("/records/").status_code == 405


def finish_after(persona, deal, actions, seconds: int) -> None:
    """Auto-finish a game on `deal` that began `seconds` ago."""
    game = persona.game_at(deal, actions)
    Game.objects.filter(pk=game.pk).update(started=timezone.now() - timedelta(seconds=seconds))
    persona.act(game, action="finish")


def test_best_moves_and_best_time_are_separate_bests(alice):
    deal, line = easy_yukon()
    finish_after(alice, deal, line, seconds=600)  # fewest moves (52), slowly
    finish_after(alice, deal, [*line, "KS-t5"], seconds=90)  # one move more, quickly
    record = Record.objects.get(player="alice")
    assert (record.best_moves, record.best_seconds, record.wins) == (52, 90, 2)
    html = alice.client.get("/records/").content.decode()
    assert '<td data-testid="best-moves">52</td>' in html
    assert '<td data-testid="best-time">1:30</td>' in html


def test_a_faster_win_in_more_moves_is_a_new_record_for_time(alice):
    deal, line = easy_yukon()
    finish_after(alice, deal, line, seconds=600)
    finish_after(alice, deal, [*line, "KS-t5"], seconds=90)
    assert Game.objects.filter(player="alice").latest("pk").new_record


def test_a_signed_in_player_sees_their_records_on_any_device(alice):
    alice.sign_up()
    deal, line = easy_yukon()
    alice.act(alice.game_at(deal, line), action="finish")
    phone = Persona("phone")
    assert "No wins yet." in phone.client.get("/records/").content.decode()
    phone.log_in("alice")
    html = phone.client.get("/records/").content.decode()
    assert '<td data-testid="best-moves">52</td>' in html
    assert "The records of your account, alice, from every device." in html
