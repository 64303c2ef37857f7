"""The Klondike rule page (../shared/seeds) from its intro to "Draw 1 or draw 3": the layout,
setting up, how to play and the two ways of drawing, one test per sentence in the page's
order, its docstring the sentence."""

from __future__ import annotations

import pytest

from games.engine import rules
from games.engine.cards import DECK, Card
from games.engine.positions import Position
from tests.engine.klondike_rules import DEALS, codes
from tests.engine.play import legal, lights, play, refusal, table

# -- Intro ------------------------------------------------------------------------------------


@pytest.mark.parametrize("position", DEALS)
def test_seven_columns_a_stock_to_draw_from_and_four_foundations(position):
    """Klondike is the solitaire most people mean when they say solitaire: seven columns, a
    stock to draw from, and four foundations to build from ace to king."""
    assert len(position.tableau) == 7 and len(position.foundations) == 4
    assert position.stock and "d" in legal(position)


# -- Setting up -------------------------------------------------------------------------------


@pytest.mark.parametrize("position", DEALS)
def test_one_52_card_deck(position):
    """One 52-card deck."""
    assert position.cards == frozenset(DECK)


@pytest.mark.parametrize("position", DEALS)
def test_seven_columns_dealt_left_to_right_with_one_to_seven_cards(position):
    """Seven columns are dealt left to right: the first has one card, the second two, up to
    seven in the last."""
    assert [len(column) for column in position.tableau] == [1, 2, 3, 4, 5, 6, 7]


@pytest.mark.parametrize("position", DEALS)
def test_the_top_card_of_each_column_is_face_up_and_the_rest_face_down(position):
    """The top card of each column is face up and the rest face down."""
    assert [len(column.up) for column in position.tableau] == [1] * 7
    assert [len(column.down) for column in position.tableau] == [0, 1, 2, 3, 4, 5, 6]
    assert position.face_down_count == 21


@pytest.mark.parametrize("position", DEALS)
def test_the_other_24_cards_are_the_stock_with_an_empty_waste(position):
    """The other 24 cards are the stock, face down, with an empty waste pile beside it."""
    assert len(position.stock) == 24 and position.waste == ()
    for card in position.stock:  # face down: nothing in the stock can be played
        assert card not in rules.targets(position)
        assert refusal(position, f"{card.code}-t1") == (
            f"{card.label} is still in the stock: turn the stock to reach it"
        )


@pytest.mark.parametrize("position", DEALS)
def test_above_the_columns_are_four_empty_foundations(position):
    """Above the columns are four empty foundations."""
    assert position.foundations == ((), (), (), ())


# -- How to play ------------------------------------------------------------------------------


def test_build_down_in_alternating_colours_red_6_on_black_7_black_6_on_red_7():
    """Build the columns down in alternating colours: a red 6 can go on a black 7, a black 6
    on a red 7."""
    position = table("klondike; t1: 6H; t2: 6S; t3: 7C; t4: 7D; t5: 7H; t6: 7S; t7: 8D")
    assert lights(position, "6H") == ["t3", "t6"]
    assert lights(position, "6S") == ["t4", "t5"]
    assert play(position, "6H-t3").tableau[2].up == (Card.parse("7C"), Card.parse("6H"))
    assert play(position, "6S-t4").tableau[3].up == (Card.parse("7D"), Card.parse("6S"))
    assert refusal(position, "6H-t4") == "♥6 goes on a black 7"
    assert refusal(position, "6S-t6") == "♠6 goes on a red 7"
    assert refusal(position, "6S-t7") == "♠6 goes on a red 7"  # down by exactly one


def test_move_a_single_face_up_card_or_a_whole_run_already_in_order():
    """You can move a single face-up card or a whole run of face-up cards that is already in
    order."""
    position = table("klondike; t1: 2C | 9S 8H 7C; t2: TD; t4: 9H 4D KC; t5: 8D; t6: 9C")
    assert codes(play(position, "9S-t2").tableau[1].up) == ["TD", "9S", "8H", "7C"]
    assert codes(play(position, "8H-t6").tableau[5].up) == ["9C", "8H", "7C"]
    assert codes(play(position, "7C-t5").tableau[4].up) == ["8D", "7C"]
    assert codes(play(position, "KC-t3").tableau[2].up) == ["KC"]
    # A stack out of order stays put, whichever of its cards is named.
    assert refusal(position, "9H-t3") == "Only a run in order can move, and ♦4 does not follow ♥9"
    assert refusal(position, "4D-t3") == "Only a run in order can move, and ♣K does not follow ♦4"
    assert not any(move.card.code in {"9H", "4D"} for move in rules.legal_moves(position))


def test_when_a_face_down_card_is_uncovered_it_turns_face_up():
    """When a face-down card is uncovered it turns face up."""
    position = table("klondike; t1: 3D 8C | 4S; t2: 5H; t3: AH")
    after = play(position, "4S-t2")
    assert after.tableau[0].down == (Card.parse("3D"),)
    assert after.tableau[0].up == (Card.parse("8C"),)
    assert after.face_down_count == position.face_down_count - 1
    emptied = play(after, "AH-f")  # nothing hidden under ♥A: nothing to turn
    assert emptied.tableau[2].down == emptied.tableau[2].up == ()
    assert emptied.face_down_count == after.face_down_count


def test_an_empty_column_only_takes_a_king_or_a_run_starting_with_a_king():
    """An empty column can only take a king, or a run that starts with a king."""
    position = table("klondike; t1: 4C | KH QS JD; t2: 5C | QH; t3: 6C | KS; stock: KD")
    assert codes(play(position, "KH-t4").tableau[3].up) == ["KH", "QS", "JD"]
    assert codes(play(position, "KS-t4").tableau[3].up) == ["KS"]
    assert codes(play(position, "d", "KD-t4").tableau[3].up) == ["KD"]
    assert refusal(position, "QS-t4") == "Only a king can go to an empty column"
    assert refusal(position, "QH-t4") == "Only a king can go to an empty column"
    assert lights(position, "QH") == ["t3"]  # on ♠K, never on an empty column


def test_aces_go_home_when_free_and_each_foundation_builds_up_in_one_suit():
    """Aces go to the foundations as soon as they are free, and each foundation is built up in
    one suit: ace, 2, 3 and so on to king."""
    position = table("klondike; t1: 2H; t2: 3S | AS; t3: 2S; t4: 3H; stock: AH")
    assert "AS-f1" in legal(position)
    after = play(position, "AS-f", "2S-f", "3S-f", "d", "AH-f3", "2H-f", "3H-f")
    assert codes(after.foundations[0]) == ["AS", "2S", "3S"]
    assert codes(after.foundations[2]) == ["AH", "2H", "3H"]
    claimed = play(position, "AS-f2")
    assert refusal(claimed, "2H-f2") == "♥2 goes on ♥A"
    assert refusal(claimed, "2H-f1") == "A foundation starts with an ace"
    assert refusal(claimed, "2H-f") == "♥2 goes on ♥A"
    assert refusal(play(claimed, "2S-f2"), "3H-f2") == "♥3 goes on ♥2"
    full = table("klondike; t1: KS; f1: AS..QS")
    assert codes(play(full, "KS-f1").foundations[0]) == [f"{rank}S" for rank in "A23456789TJQK"]


def test_a_card_can_come_back_down_from_a_foundation_if_it_fits():
    """A card can also come back down from a foundation to a column if it fits there."""
    position = table("klondike; t1: 5C; t2: 5H; f1: AD..4D")
    after = play(position, "4D-t1")
    assert codes(after.tableau[0].up) == ["5C", "4D"]
    assert codes(after.foundations[0]) == ["AD", "2D", "3D"]
    assert refusal(position, "4D-t2") == "♦4 goes on a black 5"
    assert refusal(position, "4D-t3") == "Only a king can go to an empty column"
    assert refusal(position, "3D-t1") == "Only the top card of a foundation can move"
    assert lights(position, "4D") == ["t1"]


def test_tap_the_stock_to_turn_cards_onto_the_waste():
    """Tap the stock to turn cards onto the waste."""
    position = table("klondike; t1: 5C; stock: 7H 2D 9S")
    after = play(position, "d")
    assert codes(after.stock) == ["2D", "9S"] and codes(after.waste) == ["7H"]
    assert codes(play(after, "d").waste) == ["7H", "2D"]
    assert refusal(position, "2D-t1") == "♦2 is still in the stock: turn the stock to reach it"


def test_the_waste_top_can_be_played_to_a_column_or_a_foundation():
    """The top card of the waste can be played to a column or a foundation."""
    position = table("klondike; t1: 5C; f1: AH..3H; waste: 4D 4H")
    assert lights(position, "4H") == ["t1", "f1"]
    assert play(position, "4H-t1").tableau[0].top == Card.parse("4H")
    assert play(position, "4H-f").foundations[0][-1] == Card.parse("4H")
    assert codes(play(position, "4H-f").waste) == ["4D"]
    assert refusal(position, "4D-t1") == "Only the top card of the waste can be played"
    assert Card.parse("4D") not in rules.targets(position)


def test_when_the_stock_runs_out_the_waste_turns_back_over_to_go_through_again():
    """When the stock runs out, tap its empty space to turn the waste back over and go through
    again."""
    position = table("klondike; t1: 5C; stock: 7H 2D 9S")
    spent = play(position, "d", "d", "d")
    assert spent.stock == () and legal(spent) == {"r"}
    assert refusal(spent, "d") == "The stock is empty: tap its space to turn the waste back over"
    again = play(spent, "r")
    assert again.stock == position.stock and again.waste == ()
    assert play(again, "d", "d", "d") == spent
    assert refusal(position, "r") == "The waste goes back only once the stock is empty"
    assert refusal("klondike; t1: 5C", "r") == (
        "The waste is empty: there is nothing to turn back over"
    )
    assert refusal("klondike; t1: 5C", "d") == "The stock and the waste are both empty"


# -- Draw 1 or draw 3 -------------------------------------------------------------------------


@pytest.mark.parametrize("position", DEALS[:3])
def test_draw_1_turns_one_card_and_every_stock_card_is_reachable_every_pass(position):
    """In draw 1 you turn one card at a time and every card in the stock is reachable on
    every pass."""
    assert position.draw == 1
    stock = set(position.stock)
    for _ in range(3):  # three passes, nothing played
        seen = set()
        while position.stock:
            before = len(position.waste)
            position = play(position, "d")
            assert len(position.waste) == before + 1
            seen.add(position.waste[-1])
            assert position.waste[-1] in {card for card, _ in rules.movable_cards(position)}
        assert seen == stock
        position = play(position, "r")


def test_draw_3_turns_three_and_only_the_top_of_the_three_plays():
    """In draw 3 you turn three at a time and can only play the top one of the three, which
    makes the game noticeably harder because the cards underneath stay buried until the order
    shifts."""
    position = table("klondike draw=3; t1: 8C; t2: 8S; stock: 2C 7D 7H 5S 9D AD QH")
    after = play(position, "d")
    assert codes(after.waste) == ["2C", "7D", "7H"]
    assert codes(after.stock) == ["5S", "9D", "AD", "QH"]
    assert lights(after, "7H") == ["t1", "t2"]
    assert refusal(after, "7D-t1") == "Only the top card of the waste can be played"
    assert refusal(after, "2C-t1") == "Only the top card of the waste can be played"
    assert codes(play(after, "d", "d").waste)[-1:] == ["QH"]  # fewer than three left: one
    # Nothing played: every pass shows the same tops, and ♣2, ♦7, ♠5, ♦9 stay buried...
    assert _waste_tops(position, passes=2) == [["7H", "AD", "QH"], ["7H", "AD", "QH"]]
    # ...until a card leaves the waste and the order shifts: now ♠5 comes up.
    shifted = play(position, "d", "7H-t1", "d", "d", "r")
    assert _waste_tops(shifted, passes=1) == [["5S", "QH"]]


def _waste_tops(position: Position, passes: int) -> list[list[str]]:
    """The waste's top card after each turn of the stock, pass by pass, playing nothing."""
    found = []
    for _ in range(passes):
        tops = []
        while position.stock:
            position = play(position, "d")
            tops.append(position.waste[-1].code)
        found.append(tops)
        position = play(position, "r")
    return found
