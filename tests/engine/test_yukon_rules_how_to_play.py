"""The "How to play" part of the Yukon rule page (../shared/seeds): the deal, moving cards,
the foundations and winning, one test per sentence in the page's order, its docstring the
sentence. Where a sentence is about the page (its buttons, the result card), the test covers
the part the engine owns and the web tests the rest."""

from __future__ import annotations

import pytest

from games.engine import finish, rules
from games.engine.cards import DECK, Card
from games.engine.deal import deal
from games.engine.moves import Move
from tests.engine.play import legal, lights, play, refusal, table
from tests.engine.yukon_rules import DEALS, KEY, WORKED

# -- How to play: 1. How is a Yukon Solitaire game dealt? -------------------------------------


@pytest.mark.parametrize("position", DEALS)
def test_all_52_cards_are_dealt_into_seven_columns_of_1_6_7_8_9_10_and_11(position):
    """All 52 cards are dealt into seven columns of 1, 6, 7, 8, 9, 10 and 11 cards."""
    assert [len(column) for column in position.tableau] == [1, 6, 7, 8, 9, 10, 11]
    assert position.cards == frozenset(DECK)


@pytest.mark.parametrize("position", DEALS)
def test_first_column_is_one_face_up_card_others_hide_1_to_6_under_five(position):
    """The first column is a single face-up card; the other six have 1 to 6 face-down cards
    under five face-up cards each."""
    assert [len(column.down) for column in position.tableau] == [0, 1, 2, 3, 4, 5, 6]
    assert [len(column.up) for column in position.tableau] == [1, 5, 5, 5, 5, 5, 5]


@pytest.mark.parametrize("position", DEALS)
def test_the_four_empty_slots_at_the_top_are_the_foundations(position):
    """The four empty slots at the top are the foundations, and the three buttons to their
    left are undo, hint and menu. (The buttons are the page's; see the web tests.)"""
    assert position.foundations == ((), (), (), ())


@pytest.mark.parametrize("position", DEALS)
def test_there_is_no_stock_everything_is_already_on_the_table(position):
    """There is no stock — everything is already on the table."""
    assert position.stock == () and position.waste == ()
    assert refusal(position, "d") == "Yukon has no stock: every card is already on the table"
    assert refusal(position, "r") == "Yukon has no stock: every card is already on the table"
    assert not any(move.card is None for move in rules.legal_moves(position))


# -- 2. How do you move cards in Yukon? ------------------------------------------------------


def test_a_tapped_card_lifts_with_every_card_on_it_and_the_columns_that_take_it_light_up():
    """Tap any face-up card: it and every card on top of it lift as one stack, and the columns
    that can take it light up."""
    position = table("yukon; t1: 8C | 4D 9S 2H; t2: TH; t3: TD; t4: TC")
    assert lights(position, "9S") == ["t2", "t3"]
    after = play(position, "9S-t3")
    assert after.tableau[0].up == (Card.parse("4D"),)
    assert after.tableau[2].up == tuple(map(Card.parse, ["TD", "9S", "2H"]))


def test_tap_a_glowing_column_to_move_there():
    """Tap a glowing column to move there."""
    for position in [*DEALS, WORKED]:
        for card, places in rules.targets(position).items():
            for place in places:
                after = rules.apply(position, Move(card, place))
                pile, index = after.locate(card)
                assert f"{pile}{index + 1}" == place


def test_the_stack_need_not_be_in_order_only_the_tapped_card_must_fit():
    """The stack does not have to be in order — only the card you tapped matters: the column's
    top card must be the opposite colour and one rank higher."""
    position = table("yukon; t1: 6S 2D KC QH; t2: 7H; t3: 7S; t4: 8D; t5: 7D")
    assert play(position, "6S-t2").tableau[1].up == tuple(
        map(Card.parse, ["7H", "6S", "2D", "KC", "QH"])
    )
    assert play(position, "6S-t5").tableau[4].top == Card.parse("QH")
    assert refusal(position, "6S-t3") == "♠6 goes on a red 7"  # same colour
    assert refusal(position, "6S-t4") == "♠6 goes on a red 7"  # red, but not one higher


def test_an_empty_column_only_takes_a_stack_led_by_a_king():
    """An empty column only takes a stack led by a king."""
    position = table("yukon; t1: 5C | QH KS 4D; t2: 9C | JD")
    assert refusal(position, "QH-t3") == "Only a king can go to an empty column"
    assert refusal(position, "4D-t7") == "Only a king can go to an empty column"
    assert refusal(position, "JD-t3") == "Only a king can go to an empty column"
    after = play(position, "KS-t3")
    assert after.tableau[2].up == (Card.parse("KS"), Card.parse("4D"))
    assert lights(position, "KS") == ["t3", "t4", "t5", "t6", "t7"]


def test_plus_and_minus_take_one_card_more_or_less():
    """Use the plus and minus keys on the selection bar to take one card more or less.
    (The keys are the page's; the engine lets any face-up card lead, so one more or one
    less is the card below or above.)"""
    position = WORKED
    assert play(position, "4D-t2").tableau[1].up == tuple(
        map(Card.parse, ["5C", "4D", "JC", "2H", "6S"])
    )
    assert play(position, "4D-t2").tableau[2].up == (Card.parse("9S"),)
    assert refusal(position, "7H-t5") == "That card is face down"  # one more than there is


# -- 3. How do the foundations work? ----------------------------------------------------------


def test_a_column_top_card_builds_a_foundation_up_from_the_ace_in_suit_one_at_a_time():
    """Tap a column's top card and then a foundation to build it up from the ace, one card at
    a time in the same suit."""
    position = table("yukon; t1: 3H 2H; t2: 3S AH; t3: 2S")
    after = play(position, "AH-f1", "2H-f1", "3H-f1")
    assert after.foundations[0] == tuple(map(Card.parse, ["AH", "2H", "3H"]))
    assert refusal(position, "2H-f1") == "A foundation starts with an ace"
    assert refusal(play(position, "AH-f1"), "2S-f1") == "♠2 goes on ♠A"
    assert refusal(position, "3S-f1") == "Only a column's top card can go to a foundation, not ♠3"
    assert refusal(play(position, "AH-f1"), "3H-f1") == (
        "Only a column's top card can go to a foundation, not ♥3"
    )


def test_sent_one_up_too_early():
    """Sent one up too early? (A card that went home can be fetched back: ♦3 went up, then
    ♣2 turns up needing a red 3.)"""
    position = table("yukon; t1: 4S 3D; t2: 2C; f1: AD..2D")
    early = play(position, "3D-f1")
    assert refusal(early, "2C-t1") == "♣2 goes on a red 3"
    fixed = play(early, "3D-t1", "2C-t1")
    assert [card.code for card in fixed.tableau[0].up] == ["4S", "3D", "2C"]


def test_a_foundation_top_card_comes_back_to_a_column_under_the_same_landing_rule():
    """Tap the foundation's top card and then a column to bring it back — the same landing
    rule applies."""
    position = table("yukon; t1: 9H | 4C; t2: 4H; f1: AD..3D")
    after = play(position, "3D-t1")
    assert after.tableau[0].up == (Card.parse("4C"), Card.parse("3D"))
    assert after.foundations[0] == (Card.parse("AD"), Card.parse("2D"))
    assert refusal(position, "3D-t2") == "♦3 goes on a black 4"
    assert refusal(position, "3D-t3") == "Only a king can go to an empty column"
    assert refusal(position, "2D-t1") == "Only the top card of a foundation can move"
    assert lights(position, "3D") == ["t1"]


# -- 4. How do you win Yukon Solitaire? -------------------------------------------------------


def test_get_all_52_cards_onto_the_foundations():
    """Get all 52 cards onto the foundations."""
    almost = table("yukon; t1: KC; f1: AS..KS; f2: AH..KH; f3: AD..KD; f4: AC..QC")
    assert len(almost.cards) == 52 and not almost.is_won
    won = play(almost, "KC-f")
    assert won.is_won and won.foundation_count == 52
    assert legal(won) == {f"K{suit}-t{i}" for suit in "SHDC" for i in range(1, 8)}


def test_auto_finish_appears_once_nothing_is_hidden_and_columns_alternate_descending():
    """Once every hidden card is face up and each column is already in alternating descending
    order, an Auto-finish button appears and flies the rest home for you."""
    ready = table(
        "yukon; t1: KH QS JH TS 9H; t2: KS QH JS TH 9S; t3: KD QC JD TC 9D 8C;"
        " t4: KC QD JC TD 9C 8D; f1: AS..8S; f2: AH..8H; f3: AD..7D; f4: AC..7C"
    )
    moves = finish.finishing_moves(ready)
    assert moves is not None and all(move.to_foundation for move in moves)
    assert play(ready, *map(str, moves)).is_won
    hidden = table("yukon; t1: KH | QS; t2: KS; f1: AS..JS; f2: AH..QH; f3: AD..KD; f4: AC..KC")
    assert finish.finishing_moves(hidden) is None
    jumbled = table("yukon; t1: QH KS QS; t2: KH; f1: AS..JS; f2: AH..JH; f3: AD..KD; f4: AC..KC")
    assert finish.finishing_moves(jumbled) is None
    # Same colour twice in a row is not alternating either, even when descending.
    same_colour = table("yukon; t1: KH QD; t2: KD QH; f1: AS..KS; f2: AH..JH; f3: AD..JD;"
                        " f4: AC..KC")  # fmt: skip
    assert finish.finishing_moves(same_colour) is None


def test_the_result_card_and_records_rest_on_the_game_number():
    """The result card records moves, time, undos and hints, and fewer moves on the same game
    number is a new record. (The card is the page's; the engine makes the same game number
    the same deal, so records compare like with like.)"""
    assert deal("yukon", 4242, KEY) == deal("yukon", 4242, KEY)
    assert deal("yukon", 4242, KEY) != deal("yukon", 4243, KEY)
