"""The move text form, and the two ways a move can fail: malformed (not a move at all) and
illegal (a move the rules refuse here)."""

from __future__ import annotations

import pytest

from games.engine import rules
from games.engine.cards import DECK, Card
from games.engine.moves import IllegalMove, MalformedMove, Move, MoveError
from tests.engine.play import refusal, table

TARGETS = [f"t{i}" for i in range(1, 8)] + ["f"] + [f"f{i}" for i in range(1, 5)]


def test_every_card_and_target_reads_and_writes_back():
    for card in DECK:
        for target in TARGETS:
            text = f"{card.code}-{target}"
            move = Move.parse(text)
            assert (move.card, move.target, str(move)) == (card, target, text)
    assert Move.parse("d") == Move(None, "d") and str(Move.parse("r")) == "r"


def test_moves_name_their_target():
    assert Move.parse("7S-t3").to_column == 2 and not Move.parse("7S-t3").to_foundation
    assert Move.parse("7S-f3").foundation_slot == 2 and Move.parse("7S-f3").to_column is None
    assert Move.parse("7S-f").to_foundation and Move.parse("7S-f").foundation_slot is None
    assert Move.parse(" 7s-T3 ") == Move(Card.parse("7S"), "t3")


@pytest.mark.parametrize(
    "text",
    ["", " ", "7S", "7S-", "-t3", "7S-t0", "7S-t8", "7S-f0", "7S-f5", "10S-t1", "1S-t1",
     "7X-t1", "7S t1", "7S_t1", "7S-t1-t2", "7S-t12", "dd", "d r", "x", "7S-d", "7S-r",
     "7S-stock", "7S-waste", "t1-7S"],
)  # fmt: skip
def test_malformed_moves_raise_malformed_move(text):
    with pytest.raises(MalformedMove):
        Move.parse(text)


@pytest.mark.parametrize("value", [None, 7, b"7S-t3", ["7S-t3"]])
def test_a_move_is_text(value):
    with pytest.raises(MalformedMove, match="A move is text such as 7S-t3"):
        Move.parse(value)


def test_malformed_and_illegal_are_different_errors_of_one_family():
    assert not issubclass(MalformedMove, IllegalMove) and not issubclass(IllegalMove, MalformedMove)
    assert issubclass(MalformedMove, MoveError) and issubclass(IllegalMove, MoveError)
    assert issubclass(MoveError, ValueError)
    with pytest.raises(MalformedMove) as caught:
        Move.parse("9S-t9")
    assert not isinstance(caught.value, IllegalMove)
    assert "'9S-t9' is not a move" == str(caught.value)
    long = "9S-" + "t" * 100
    assert len(str(pytest.raises(MalformedMove, Move.parse, long).value)) < 40


def test_a_long_garbage_move_is_echoed_short():
    with pytest.raises(MalformedMove) as caught:
        Move.parse("x" * 10_000)
    assert str(caught.value) == f"{'x' * 20!r} is not a move"


@pytest.mark.parametrize(
    ("text", "move", "message"),
    [
        ("yukon; t1: 6S; t2: 9H", "7S-t2", "♠7 is not on the table"),
        ("yukon; t1: 8D | 6S", "6S-t1", "♠6 is already in that column"),
        ("yukon; t1: 8D | 6S", "8D-t2", "That card is face down"),
        ("yukon; t1: 6S; f1: AH", "AH-f2", "♥A is already on a foundation"),
        ("yukon; t1: 6S; f1: AH", "AH-f", "♥A is already on a foundation"),
        ("yukon; t1: 6S 2H", "6S-f", "Only a column's top card can go to a foundation, not ♠6"),
        ("yukon; t1: 5D", "5D-f", "♦5 goes on ♦4"),
        ("yukon; t1: 5D; f1: AD..3D", "5D-f1", "♦5 goes on ♦4"),
        ("yukon; t1: 5D", "5D-f2", "A foundation starts with an ace"),
        ("yukon; t1: AD; f1: AS", "AD-f1", "An ace goes on an empty foundation"),
        ("yukon; t1: 6S", "6S-t2", "Only a king can go to an empty column"),
        ("yukon; t1: KS; t2: 6D", "KS-t2", "♠K goes only on an empty column"),
        ("yukon; t1: 9S; t2: TS", "9S-t2", "♠9 goes on a red 10"),
        ("yukon; t1: 9D; t2: TD", "9D-t2", "♦9 goes on a black 10"),
        ("yukon; t1: QH; t2: 6C", "QH-t2", "♥Q goes on a black K"),
        ("yukon; t1: AH; t2: 6C", "AH-t2", "♥A goes on a black 2"),
        ("yukon; t1: 6S", "d", "Yukon has no stock: every card is already on the table"),
        (
            "klondike; t1: 9S 4D; t2: TH",
            "9S-t2",
            "Only a run in order can move, and ♦4 does not follow ♠9",
        ),
        (
            "klondike; t1: 9S 8S; t2: TH",
            "9S-t2",
            "Only a run in order can move, and ♠8 does not follow ♠9",
        ),
        ("klondike; stock: 7H 2D", "2D-t1", "♦2 is still in the stock: turn the stock to reach it"),
        ("klondike; waste: KS 2D", "KS-t1", "Only the top card of the waste can be played"),
        ("klondike; waste: 2D; stock: 3C", "r", "The waste goes back only once the stock is empty"),
        ("klondike; t1: KS", "r", "The waste is empty: there is nothing to turn back over"),
        ("klondike; t1: KS", "d", "The stock and the waste are both empty"),
        (
            "klondike; waste: 2D",
            "d",
            "The stock is empty: tap its space to turn the waste back over",
        ),
        (
            "klondike passes=1; waste: 2D",
            "r",
            "No passes left: this game allows no more turns through the stock",
        ),
        (
            "klondike draw=3 passes=1; waste: 2D",
            "d",
            "No passes left: this game allows no more turns through the stock",
        ),
    ],
)
def test_every_refusal_has_a_message_for_the_player(text, move, message):
    assert refusal(text, move) == message


def test_legal_moves_are_each_listed_once_and_all_apply():
    position = table("yukon; t1: AH; t2: AS; t3: 2S; t4: KD | 9C 3D; t5: TH")
    moves = rules.legal_moves(position)
    assert len({str(m) for m in moves}) == len(moves)
    assert {str(m) for m in moves} == {"AH-f1", "AH-t3", "AS-f1", "2S-t4", "9C-t5"}
    for move in moves:
        rules.apply(position, move)
