"""The end of a game: Auto-finish / Finish when the seed says, winning, the result card, the
player's record on the game number, and resigning."""

from __future__ import annotations

import re

import pytest

from games.models import Game, Record

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon

pytestmark = pytest.mark.django_db

FINISH = re.compile(r'<button class="button finish" name="action" value="finish">(\w[\w-]*)<')


def result_moves(html: str) -> int:
    return int(re.search(r'<dd data-testid="result-moves">(\d+)</dd>', html)[1])


def test_the_move_that_sends_the_last_card_home_wins(alice):
    deal, line = easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    for move in [*line, "KS-f", "KH-f", "KD-f"]:
        assert alice.move(game, move).status_code == 200
    html = alice.move(game, "KC-f").content.decode()
    assert 'data-testid="result"' in html and "You won!" in html
    assert result_moves(html) == 52
    assert "<dt>Undos</dt><dd>0</dd>" in html and "<dt>Hints</dt><dd>0</dd>" in html
    assert f"Share game #{EASY_YUKON}" in html
    game.refresh_from_db()
    assert game.result == "won" and game.finished is not None and game.ply == 52
    record = Record.objects.get(player="alice")
    assert (record.variant, record.number, record.best_moves, record.wins) == (
        "yukon", EASY_YUKON, 52, 1,
    )  # fmt: skip


def test_a_won_game_takes_no_more_actions(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line)
    alice.act(game, action="finish")
    html = alice.act(game, action="undo").content.decode()
    assert '<p class="alert" role="alert">This game is over</p>' in html
    assert Game.objects.get(pk=game.pk).result == "won"


def test_auto_finish_shows_only_once_every_card_is_up_and_in_order(alice):
    deal, line = easy_yukon()
    almost = alice.game_at(deal, line[:-1])  # ♥K still lies face down under ♣Q
    html = alice.open("yukon", EASY_YUKON).content.decode()
    assert not FINISH.search(html)
    html = alice.act(almost, action="finish").content.decode()
    assert "Not yet: finishing needs every card face up and in order" in html
    assert Game.objects.get(pk=almost.pk).ply == len(line) - 1

    alice.move(almost, line[-1])  # the four kings stand alone: nothing left to do but go home
    html = alice.open("yukon", EASY_YUKON).content.decode()
    assert FINISH.search(html)[1] == "Auto-finish"


def test_auto_finish_plays_every_card_home_as_its_own_move(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line)
    html = alice.act(game, action="finish", htmx=True).content.decode()
    assert 'data-testid="result"' in html
    assert 'data-finished="4"' in html, "the board tells the page how many cards fly home"
    assert result_moves(html) == 52
    game.refresh_from_db()
    assert game.actions[48:] == ["KS-f1", "KH-f2", "KD-f3", "KC-f4"]
    assert game.result == "won"


def win(persona, deal, actions: list[str]) -> str:
    """Win a game that has `actions` played, with Auto-finish; the result page."""
    game = persona.game_at(deal, actions)
    return persona.act(game, action="finish").content.decode()


def test_fewer_moves_on_the_same_number_is_a_new_record_and_more_is_not(alice):
    deal, line = easy_yukon()
    first = win(alice, deal, [*line, "KS-t5"])  # a detour: 53 moves
    assert result_moves(first) == 53
    assert Record.objects.get(player="alice").best_moves == 53

    better = win(alice, deal, line)
    assert result_moves(better) == 52
    assert f'<p class="record" data-testid="new-record">New record for game #{EASY_YUKON}' in better
    assert Record.objects.get(player="alice").best_moves == 52

    worse = win(alice, deal, [*line, "KS-t5", "KH-t6"])
    assert result_moves(worse) == 54
    assert 'data-testid="new-record"' not in worse
    record = Record.objects.get(player="alice")
    assert (record.best_moves, record.wins) == (52, 3)


def test_an_equal_number_of_moves_is_not_a_new_record(alice):
    deal, line = easy_yukon()
    win(alice, deal, line)
    assert 'data-testid="new-record"' not in win(alice, deal, line)


def test_records_are_each_players_own(alice, bob):
    deal, line = easy_yukon()
    win(alice, deal, line)
    bobs = win(bob, deal, [*line, "KS-t5"])
    assert 'data-testid="result"' in bobs
    assert Record.objects.get(player="alice").best_moves == 52
    assert Record.objects.get(player="bob").best_moves == 53


def test_a_klondike_win_scores_as_the_seed_says(alice):
    deal, line = easy_klondike()
    standard = alice.game_at(deal, line[:-1], draw=1, scoring="standard")
    html = alice.move(standard, line[-1]).content.decode()
    assert 'data-testid="result"' in html and result_moves(html) == 76
    # 52 cards home at 10 each, 21 column cards turned face up at 5 each
    assert "<dt>Score</dt><dd>625</dd>" in html

    vegas = alice.game_at(deal, line[:-1], draw=1, scoring="vegas", passes=1)
    html = alice.move(vegas, line[-1]).content.decode()
    assert "<dt>Score</dt><dd>$208</dd>" in html  # −52, then 5 for each of 52 cards home


def test_klondike_keeps_a_record_per_draw_mode_and_pass_limit(alice):
    deal, line = easy_klondike()
    alice.move(alice.game_at(deal, line[:-1], draw=1, scoring="standard"), line[-1])
    alice.move(alice.game_at(deal, line[:-1], draw=1, scoring="vegas", passes=1), line[-1])
    modes = Record.objects.filter(player="alice", number=EASY_KLONDIKE)
    assert set(modes.values_list("draw", "passes", "best_moves")) == {(1, None, 76), (1, 1, 76)}


def test_klondike_finish_shows_once_the_stock_is_empty_and_every_card_is_up(alice):
    deal, line = easy_klondike()
    columns_home = line[:28]
    stock_turned = [*columns_home, *["d"] * 24]
    alice.game_at(deal, columns_home, draw=1, scoring="standard")
    assert not FINISH.search(alice.open("klondike", EASY_KLONDIKE).content.decode())

    game = alice.game_at(deal, stock_turned, draw=1, scoring="standard")
    html = alice.open("klondike", EASY_KLONDIKE).content.decode()
    assert FINISH.search(html)[1] == "Finish"
    html = alice.act(game, action="finish").content.decode()
    assert 'data-testid="result"' in html
    assert Game.objects.get(pk=game.pk).actions[52] == "r"  # the waste turned back over once


def test_klondike_finish_is_not_offered_when_no_pass_is_left_to_play_it_out(alice):
    deal, line = easy_klondike()
    stuck = [*line[:28], *["d"] * 24]  # Vegas draw 1: the one pass is used up
    game = alice.game_at(deal, stuck, draw=1, scoring="vegas", passes=1)
    html = alice.open("klondike", EASY_KLONDIKE, draw=1, scoring="vegas").content.decode()
    assert not FINISH.search(html)
    html = alice.act(game, action="finish").content.decode()
    assert "Not yet" in html and 'data-testid="result"' not in html


def test_resigning_ends_the_game_without_a_record(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:5])
    html = alice.act(game, action="resign").content.decode()
    assert 'data-testid="result"' in html and "You resigned after 5 moves." in html
    game.refresh_from_db()
    assert game.result == "resigned" and game.finished is not None
    assert not Record.objects.exists()


def test_after_resigning_the_same_number_deals_a_fresh_game(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:5])
    alice.act(game, action="resign")
    again = alice.start("yukon", EASY_YUKON)
    assert again.pk != game.pk and again.actions == []


def test_the_result_card_says_how_moves_are_counted(alice):
    deal, line = easy_yukon()
    html = win(alice, deal, line)
    note = re.search(r'<p class="fine" data-testid="moves-counted">(.*?)</p>', html, re.S)[1]
    assert "each card Auto-finish sent home included" in note
    assert result_moves(html) == len(line) + 4  # the four kings Auto-finish sent home count


def test_a_klondike_result_card_counts_stock_turns_and_finish_alike(alice):
    deal, line = easy_klondike()
    game = alice.game_at(deal, line[:-1], draw=1, scoring="standard")
    html = alice.move(game, line[-1]).content.decode()
    note = re.search(r'<p class="fine" data-testid="moves-counted">(.*?)</p>', html, re.S)[1]
    assert "each turn of the stock and each card Finish sent home included" in note
    assert result_moves(html) == len(line)


def test_a_finished_game_keeps_its_move_count(alice):
    deal, line = easy_yukon()
    win(alice, deal, line)
    resigned = alice.game_at(deal, line[:3])
    alice.act(resigned, action="resign")
    counts = dict(Game.objects.filter(player="alice").values_list("result", "moves"))
    assert counts == {"won": 52, "resigned": 3}
