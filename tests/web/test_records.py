"""GET /records/: the player's best win on each game number and mode."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone

from games.models import Game, Record

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon
from .personas import Persona

pytestmark = pytest.mark.django_db


def test_it_says_there_are_no_wins_yet(alice):
    html = alice.client.get("/records/").content.decode()
    assert "No wins yet." in html


def test_it_lists_a_win_with_its_best_moves(alice):
    deal, line = easy_yukon()
    alice.act(alice.game_at(deal, [*line, "KS-t5"]), action="finish")
    alice.act(alice.game_at(deal, line), action="finish")
    html = alice.client.get("/records/").content.decode()
    assert f'<a href="/yukon/{EASY_YUKON}/">Yukon #{EASY_YUKON}</a>' in html
    assert '<td data-testid="best-moves">52</td>' in html
    assert html.count('data-testid="best-moves"') == 1


def test_it_links_a_vegas_record_to_its_mode(alice):
    deal, line = easy_klondike()
    alice.move(alice.game_at(deal, line[:-1], draw=1, scoring="vegas", passes=1), line[-1])
    html = alice.client.get("/records/").content.decode()
    assert re.search(rf'href="/klondike/{EASY_KLONDIKE}/\?draw=1&(amp;)?scoring=vegas"', html)
    assert "Draw 1, 1 pass<" in html


def test_it_shows_nobody_elses_records(alice, bob):
    deal, line = easy_yukon()
    alice.act(alice.game_at(deal, line), action="finish")
    html = bob.client.get("/records/").content.decode()
    assert "No wins yet." in html and f"#{EASY_YUKON}" not in html


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
