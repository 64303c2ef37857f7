"""GET /records/: the player's best win on each game number and mode."""

from __future__ import annotations

import re

import pytest

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon

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
