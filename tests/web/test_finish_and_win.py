"""The end of a game: Auto-finish / Finish when the seed says, winning, the result card, the
player's record on the game number, and resigning."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game, Record

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon
from .html import parse, refusal, text, text_of

pytestmark = pytest.mark.django_db


def finish_button(response) -> str | None:
    """The finish button's words, or None when the page offers none."""
    found = parse(response).select("#play button[name=action][value=finish]")
    return text(found[0]) if found else None


def result(response) -> dict[str, str] | None:
    """The result card's figures ({"Moves": "52", ...}) and its title, or None if there is
    no result card."""
    found = parse(response).select("[data-testid=result]")
    if not found:
        return None
    card = found[0]
    figures = {text(row.dt): text(row.dd) for row in card.select("dl > div")}
    return {"title": text_of(card, "h2"), "said": text(card), **figures}


def result_moves(response) -> int:
    return int(text_of(parse(response), "[data-testid=result] [data-testid=result-moves]"))


def new_record(response) -> str | None:
    found = parse(response).select("[data-testid=result] [data-testid=new-record]")
    return text(found[0]) if found else None


def test_the_move_that_sends_the_last_card_home_wins(alice):
    deal, line = easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    for move in [*line, "KS-f", "KH-f", "KD-f"]:
        assert alice.move(game, move).status_code == 200
    response = alice.move(game, "KC-f")
    card = result(response)
    assert card["title"] == "You won!"
    assert result_moves(response) == 52
    assert (card["Moves"], card["Undos"], card["Hints"]) == ("52", "0", "0")
    assert text_of(parse(response), "[data-testid=result] [data-share]") == (
        f"Share game #{EASY_YUKON}"
    )
    game.refresh_from_db()
    assert game.result == "won" and game.finished is not None and game.ply == 52
    record = Record.objects.get(player="alice")
    assert (record.variant, record.number, record.best_moves, record.wins) == (
        "yukon", EASY_YUKON, 52, 1,
    )  # fmt: skip


def test_the_winning_move_marks_the_game_won_in_its_one_update_of_the_game(alice):
    """Winning is part of the move that wins: the game row is written once, moves, result
    and finishing time together, not saved by the move and then marked won."""
    deal, line = easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    for move in [*line, "KS-f", "KH-f", "KD-f"]:
        alice.move(game, move)
    with CaptureQueriesContext(connection) as queries:
        alice.move(game, "KC-f")
    table = Game._meta.db_table
    writes = [
        q["sql"] for q in queries.captured_queries
        if q["sql"].startswith("UPDATE") and f'"{table}"' in q["sql"].split(" SET ")[0]
    ]  # fmt: skip
    assert len(writes) == 1, writes
    assert '"result"' in writes[0] and '"finished"' in writes[0]
    game.refresh_from_db()
    assert game.result == "won"


def test_a_won_game_takes_no_more_actions(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line)
    alice.act(game, action="finish")
    response = alice.act(game, action="undo")
    assert refusal(parse(response)) == "This game is over"
    assert Game.objects.get(pk=game.pk).result == "won"


def test_auto_finish_shows_only_once_every_card_is_up_and_in_order(alice):
    deal, line = easy_yukon()
    almost = alice.game_at(deal, line[:-1])  # ♥K still lies face down under ♣Q
    assert finish_button(alice.open("yukon", EASY_YUKON)) is None
    response = alice.act(almost, action="finish")
    assert refusal(parse(response)).startswith(
        "Not yet: finishing needs every card face up and in order"
    )
    assert Game.objects.get(pk=almost.pk).ply == len(line) - 1

    alice.move(almost, line[-1])  # the four kings stand alone: nothing left to do but go home
    assert finish_button(alice.open("yukon", EASY_YUKON)) == "Auto-finish"


def test_auto_finish_plays_every_card_home_as_its_own_move(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line)
    response = alice.act(game, action="finish", htmx=True)
    assert result(response)["title"] == "You won!"
    board = parse(response).select_one("#board")
    assert board["data-finished"] == "4", "the board tells the page how many cards fly home"
    assert result_moves(response) == 52
    game.refresh_from_db()
    assert game.actions[48:] == ["KS-f1", "KH-f2", "KD-f3", "KC-f4"]
    assert game.result == "won"


def win(persona, deal, actions: list[str]):
    """Win a game that has `actions` played, with Auto-finish; the result page."""
    game = persona.game_at(deal, actions)
    return persona.act(game, action="finish")


def test_fewer_moves_on_the_same_number_is_a_new_record_and_more_is_not(alice):
    deal, line = easy_yukon()
    first = win(alice, deal, [*line, "KS-t5"])  # a detour: 53 moves
    assert result_moves(first) == 53
    assert Record.objects.get(player="alice").best_moves == 53

    better = win(alice, deal, line)
    assert result_moves(better) == 52
    assert new_record(better) == f"New record for game #{EASY_YUKON}"
    assert Record.objects.get(player="alice").best_moves == 52

    worse = win(alice, deal, [*line, "KS-t5", "KH-t6"])
    assert result_moves(worse) == 54
    assert result(worse)["title"] == "You won!" and new_record(worse) is None
    record = Record.objects.get(player="alice")
    assert (record.best_moves, record.wins) == (52, 3)


def test_an_equal_number_of_moves_is_not_a_new_record(alice):
    deal, line = easy_yukon()
    win(alice, deal, line)
    again = win(alice, deal, line)
    assert result(again)["title"] == "You won!" and new_record(again) is None


def test_records_are_each_players_own(alice, bob):
    deal, line = easy_yukon()
    win(alice, deal, line)
    bobs = win(bob, deal, [*line, "KS-t5"])
    assert result(bobs)["title"] == "You won!"
    assert Record.objects.get(player="alice").best_moves == 52
    assert Record.objects.get(player="bob").best_moves == 53


def test_a_klondike_win_scores_as_the_seed_says(alice):
    deal, line = easy_klondike()
    standard = alice.game_at(deal, line[:-1], draw=1, scoring="standard")
    response = alice.move(standard, line[-1])
    assert result(response) is not None and result_moves(response) == 76
    # 52 cards home at 10 each, 21 column cards turned face up at 5 each
    assert result(response)["Score"] == "625"

    vegas = alice.game_at(deal, line[:-1], draw=1, scoring="vegas", passes=1)
    response = alice.move(vegas, line[-1])
    assert result(response)["Score"] == "$208"  # −52, then 5 for each of 52 cards home


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
    first = alice.game_at(deal, columns_home, draw=1, scoring="standard")
    assert finish_button(alice.open("klondike", EASY_KLONDIKE)) is None

    first.delete()  # one game being played per deal and mode: this one takes its place
    game = alice.game_at(deal, stock_turned, draw=1, scoring="standard")
    assert finish_button(alice.open("klondike", EASY_KLONDIKE)) == "Finish"
    assert result(alice.act(game, action="finish"))["title"] == "You won!"
    assert Game.objects.get(pk=game.pk).actions[52] == "r"  # the waste turned back over once


def test_klondike_finish_is_not_offered_when_no_pass_is_left_to_play_it_out(alice):
    deal, line = easy_klondike()
    stuck = [*line[:28], *["d"] * 24]  # Vegas draw 1: the one pass is used up
    game = alice.game_at(deal, stuck, draw=1, scoring="vegas", passes=1)
    assert finish_button(alice.open("klondike", EASY_KLONDIKE, draw=1, scoring="vegas")) is None
    response = alice.act(game, action="finish")
    assert refusal(parse(response)).startswith("Not yet") and result(response) is None


def test_resigning_ends_the_game_without_a_record(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:5])
    card = result(alice.act(game, action="resign"))
    assert card["title"] == "Game over" and "You resigned after 5 moves." in card["said"]
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
    response = win(alice, deal, line)
    note = text_of(parse(response), "[data-testid=result] [data-testid=moves-counted]")
    assert "each card Auto-finish sent home included" in note
    assert result_moves(response) == len(line) + 4  # the four kings Auto-finish sent home count


def test_a_klondike_result_card_counts_stock_turns_and_finish_alike(alice):
    deal, line = easy_klondike()
    game = alice.game_at(deal, line[:-1], draw=1, scoring="standard")
    response = alice.move(game, line[-1])
    note = text_of(parse(response), "[data-testid=result] [data-testid=moves-counted]")
    assert "each turn of the stock and each card Finish sent home included" in note
    assert result_moves(response) == len(line)


def test_a_finished_game_keeps_its_move_count(alice):
    deal, line = easy_yukon()
    win(alice, deal, line)
    resigned = alice.game_at(deal, line[:3])
    alice.act(resigned, action="resign")
    counts = dict(Game.objects.filter(player="alice").values_list("result", "moves"))
    assert counts == {"won": 52, "resigned": 3}
