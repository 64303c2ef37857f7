"""Undo, redo and restart: all free and unlimited, each one action on the game's history."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.utils import timezone

from games.deals import deal_position
from games.engine import rules
from games.models import Game, Record
from games.steps import CHECKPOINT_EVERY

from .deals import WORKED_EXAMPLE, easy_yukon, worked_example
from .html import cards, moves, one, parse, refusal, text, text_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def example(alice) -> Game:
    worked_example()
    return alice.start("yukon", WORKED_EXAMPLE)


def moves_shown(response) -> int:
    return moves(parse(response))


def column_three(response) -> tuple[str, list[str]]:
    """What column three says of itself (its face-down count) and its face-up cards."""
    pile = one(parse(response), "[data-pile=t3]")
    return pile["aria-label"], cards(pile)


def button(response, action: str):
    return one(parse(response), f"#play button[name=action][value={action}]")


def test_one_undo_takes_back_a_move_and_its_flip(alice, example):
    before = column_three(alice.open("yukon", WORKED_EXAMPLE))
    alice.move(example, "9S-t5")
    response = alice.act(example, action="undo")
    assert moves_shown(response) == 0
    assert column_three(response) == before  # ♠9 ♦4 ♣J ♥2 ♠6 over two hidden cards again
    assert "8S" not in cards(parse(response))  # the flipped ♠8 is face down again
    example.refresh_from_db()
    assert (example.actions, example.redo, example.undos, example.ply) == ([], ["9S-t5"], 1, 0)


def test_every_undo_is_counted(alice, example):
    for _ in range(3):
        alice.move(example, "9S-t5")
        alice.act(example, action="undo")
    example.refresh_from_db()
    assert (example.undos, example.actions) == (3, [])


def test_undo_with_nothing_to_undo_says_so_and_counts_nothing(alice, example):
    response = alice.act(example, action="undo")
    assert refusal(parse(response)) == "Nothing to undo yet"
    example.refresh_from_db()
    assert example.undos == 0


def test_redo_plays_the_undone_move_again(alice, example):
    alice.move(example, "9S-t5")
    alice.act(example, action="undo")
    response = alice.act(example, action="redo")
    assert moves_shown(response) == 1 and "8S" in cards(parse(response), "[data-pile=t3]")
    example.refresh_from_db()
    assert (example.actions, example.redo, example.undos) == (["9S-t5"], [], 1)


def test_a_new_move_forgets_what_could_be_redone(alice, example):
    alice.move(example, "9S-t5")
    alice.act(example, action="undo")
    alice.move(example, "2H-t2")  # ♥2 and ♠6 onto ♣3
    response = alice.act(example, action="redo")
    assert refusal(parse(response)) == "Nothing to redo"
    assert Game.objects.get(pk=example.pk).actions == ["2H-t2"]


def test_redo_comes_back_in_the_order_things_were_undone(alice, example):
    alice.move(example, "9S-t5")
    alice.move(example, "4S-t7")  # ♠4, carrying ♠5 ♣3, onto ♦5
    example.refresh_from_db()
    assert example.ply == 2, example.actions
    alice.act(example, action="undo")
    alice.act(example, action="undo")
    alice.act(example, action="redo")
    example.refresh_from_db()
    assert (example.actions, example.redo) == (["9S-t5"], ["4S-t7"])


def test_restart_goes_back_to_the_deal_and_is_itself_undone(alice, example):
    deal_page = column_three(alice.open("yukon", WORKED_EXAMPLE))
    alice.move(example, "9S-t5")
    alice.move(example, "2H-t2")
    played = cards(parse(alice.open("yukon", WORKED_EXAMPLE)))

    response = alice.act(example, action="restart")
    assert moves_shown(response) == 0 and column_three(response) == deal_page
    example.refresh_from_db()
    assert example.actions == ["9S-t5", "2H-t2", "@0"]

    response = alice.act(example, action="undo")
    assert moves_shown(response) == 2
    assert cards(parse(response)) == played
    example.refresh_from_db()
    assert example.actions == ["9S-t5", "2H-t2"]


def test_moves_after_a_restart_count_from_zero(alice, example):
    alice.move(example, "9S-t5")
    alice.act(example, action="restart")
    assert moves_shown(alice.move(example, "9S-t5")) == 1


def clock_shown(html: str) -> str:
    return text_of(parse(html), "#board [data-testid=clock]")


def test_restart_sets_the_clock_back_to_zero(alice, example):
    alice.move(example, "9S-t5")
    Game.objects.filter(pk=example.pk).update(started=timezone.now() - timedelta(minutes=10))
    assert clock_shown(alice.open("yukon", WORKED_EXAMPLE).content.decode()) == "10:00"
    before = timezone.now()
    html = alice.act(example, action="restart").content.decode()
    after = timezone.now()
    assert clock_shown(html) == "0:00"
    example.refresh_from_db()
    assert before <= example.started <= after, "started again by the restart itself"


def test_a_win_after_a_restart_is_timed_from_the_restart(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    Game.objects.filter(pk=game.pk).update(started=timezone.now() - timedelta(hours=1))
    restarted = timezone.now()
    alice.act(game, action="restart")
    for move in line:
        alice.move(game, move)
    html = alice.act(game, action="finish").content.decode()
    card = one(parse(html), "[data-testid=result]")
    shown = {text(row.dt): text(row.dd) for row in card.select("dl > div")}["Time"]
    game.refresh_from_db()
    assert game.started >= restarted, "timed from the restart, not from the start an hour ago"
    seconds = int((game.finished - game.started).total_seconds())
    assert Record.objects.get(player="alice").best_seconds == seconds
    assert shown == f"{seconds // 60}:{seconds % 60:02}"


def test_undo_does_not_bring_the_old_clock_back(alice, example):
    alice.move(example, "9S-t5")
    Game.objects.filter(pk=example.pk).update(started=timezone.now() - timedelta(minutes=10))
    alice.act(example, action="restart")
    html = alice.act(example, action="undo").content.decode()
    assert clock_shown(html) == "0:00"


def test_restart_at_the_start_is_refused(alice, example):
    response = alice.act(example, action="restart")
    assert refusal(parse(response)) == "The game is already at its start"
    assert Game.objects.get(pk=example.pk).actions == []


def test_the_page_offers_undo_only_when_there_is_something_to_undo(alice, example):
    assert button(alice.open("yukon", WORKED_EXAMPLE), "undo").has_attr("disabled")
    alice.move(example, "9S-t5")
    assert not button(alice.open("yukon", WORKED_EXAMPLE), "undo").has_attr("disabled")


def test_klondike_redo_is_a_button_after_an_undo(alice):
    game = alice.start("klondike", 11)
    alice.move(game, "d")
    assert not button(alice.act(game, action="undo"), "redo").has_attr("disabled")
    response = alice.act(game, action="redo")
    assert moves_shown(response) == 1
    stock = one(parse(response), "[data-pile=stock] button")
    assert stock["aria-label"].startswith("Stock, 23 cards")


def test_undo_is_unlimited_and_free(alice):
    """Undo is unlimited and free: forty moves (past a checkpoint) undone one by one bring
    back every earlier table exactly, as far back as the deal, and no undo costs a move."""
    deal, _ = easy_yukon()
    game = alice.start("yukon", deal.number)
    rng = random.Random(19)
    # The table before each move: the deal's page, then the page each move's post lands on.
    tables, position = [alice.open("yukon", deal.number)], deal_position(deal)
    for _ in range(40):
        legal = rules.legal_moves(position)
        if not legal:
            break
        move = rng.choice(legal)
        tables.append(alice.move(game, str(move)))
        position = rules.apply(position, move)
    assert board_of(tables[-1]) != board_of(tables[0])
    tables.pop()  # the table after the last move, which no undo brings back
    assert len(tables) > CHECKPOINT_EVERY
    for before in reversed(tables):
        response = alice.act(game, action="undo")
        assert refusal(parse(response)) is None
        assert board_of(response) == board_of(before)
    game.refresh_from_db()
    assert (game.actions, game.undos, len(game.redo)) == ([], len(tables), len(tables))
    assert refusal(parse(alice.act(game, action="undo"))) == "Nothing to undo yet"


def board_of(response) -> list[tuple[str, str, list[str]]]:
    """Every pile as the page draws it: its name, its label and its face-up cards, and the
    move counter."""
    page = parse(response)
    piles = page.select("[data-pile]")
    drawn = [(p["data-pile"], p.get("aria-label", ""), cards(p)) for p in piles]
    return [*drawn, ("moves", "", [str(moves(page))])]
