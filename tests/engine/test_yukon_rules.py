"""One test per sentence of the Yukon rule page (../shared/seeds), in the page's order.

Each test's docstring is the sentence it checks. Sentences about the page itself rather
than the rules (the undo, hint and menu buttons, the result card, the background check of
a lost line, the menu switch for winnable deals) are tested here for the part the engine
owns and belong to the web and solver tests for the rest.
"""

from __future__ import annotations

import pytest

from games.engine import finish, rules
from games.engine.cards import DECK, Card
from games.engine.deal import DealError, deal
from games.engine.moves import IllegalMove, Move
from games.engine.positions import PositionError
from tests.engine.play import legal, lights, play, refusal, table

KEY = b"test-key"
DEALS = [deal("yukon", number, KEY) for number in (1, 2, 3, 17, 4242, 2**31 - 1)]

# The worked example: column three shows ♠9 ♦4 ♣J ♥2 ♠6 over a hidden ♥7, column five ends
# in ♥10, column six in ♣10. The other columns hold cards that must not light up for ♠9:
# a red 10 face down (t2), a black 10 (t4), a king (t1), a red 9 (t7).
WORKED = table(
    "yukon; t1: QS; t2: TD | 5C; t3: 7H | 9S 4D JC 2H 6S; t4: 3C | TS;"
    " t5: 8C | KD TH; t6: 5D | TC; t7: 4H | 9D"
)


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
    assert len(almost.cards) == 52 and not rules.is_won(almost)
    won = play(almost, "KC-f")
    assert rules.is_won(won) and won.foundation_count == 52
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
    assert rules.is_won(play(ready, *map(str, moves)))
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


# -- Rules & variants: Yukon Solitaire basics -------------------------------------------------


@pytest.mark.parametrize("position", DEALS)
def test_one_deck_without_jokers_dealt_entirely_into_the_seven_columns(position):
    """Yukon Solitaire basics: one 52-card deck without jokers, dealt entirely into seven
    columns of 1, 6, 7, 8, 9, 10 and 11 cards."""
    dealt = [card for column in position.tableau for card in column.down + column.up]
    assert len(dealt) == 52 and set(dealt) == set(DECK)
    assert [len(column) for column in position.tableau] == [1, 6, 7, 8, 9, 10, 11]


@pytest.mark.parametrize("position", DEALS)
def test_21_face_down_and_31_face_up_in_all(position):
    """Column one is a single face-up card; columns two to seven hide 1 to 6 face-down cards
    under five face-up cards — 21 face-down and 31 face-up in all."""
    assert position.tableau[0].down == () and len(position.tableau[0].up) == 1
    assert [len(c.down) for c in position.tableau[1:]] == [1, 2, 3, 4, 5, 6]
    assert position.face_down_count == 21
    assert sum(len(column.up) for column in position.tableau) == 31


def test_there_is_no_stock_no_waste_pile_and_no_free_cell():
    """There is no stock, no waste pile and no free cell."""
    with pytest.raises(PositionError, match="Yukon has no stock"):
        table("yukon; t1: 6S; stock: 7C")
    with pytest.raises(PositionError, match="Yukon has no stock"):
        table("yukon; t1: 6S; waste: 7C")
    with pytest.raises(PositionError, match="unknown pile"):
        table("yukon; t1: 6S; cell: 7C")
    # Every legal move goes to a column or a foundation: there is nowhere else to park.
    for position in DEALS:
        assert all(move.target[0] in "tf" for move in rules.legal_moves(position))


def test_the_goal_is_each_suit_from_ace_to_king_on_four_foundations():
    """The goal is to build each suit from ace to king on four foundations."""
    won = table("yukon; f1: AC..KC; f2: AS..KS; f3: AD..KD; f4: AH..KH")
    assert rules.is_won(won)
    with pytest.raises(PositionError, match="not a run from the ace in one suit"):
        table("yukon; f1: AS 2H")


# -- Moving stacks in Yukon -------------------------------------------------------------------


def test_moving_stacks_is_what_sets_yukon_apart_from_klondike():
    """Moving stacks in Yukon: this is what sets Yukon apart from Klondike."""
    layout = "t1: 8C | 9S 4D JC; t2: TH"
    assert play(f"yukon; {layout}", "9S-t2").tableau[1].top == Card.parse("JC")
    assert refusal(f"klondike; {layout}", "9S-t2") == (
        "Only a run in order can move, and ♦4 does not follow ♠9"
    )


def test_any_face_up_card_moves_with_everything_on_it_in_any_order():
    """Any face-up card can be moved together with every card on top of it, and that stack
    does not need to be in sequence."""
    position = table("yukon; t1: 2C | 7C 3H QD 8S AH; t2: 4S; t3: KD; t4: 9H; t5: 4C; t6: KC")
    assert play(position, "3H-t2").tableau[1].up == tuple(
        map(Card.parse, ["4S", "3H", "QD", "8S", "AH"])
    )
    assert play(position, "QD-t6").tableau[5].up == tuple(map(Card.parse, ["KC", "QD", "8S", "AH"]))
    assert play(position, "8S-t4").tableau[3].up == tuple(map(Card.parse, ["9H", "8S", "AH"]))
    assert play(position, "AH-f").foundations[0] == (Card.parse("AH"),)
    assert {"3H-t2", "3H-t5", "QD-t6", "8S-t4", "AH-f1"} <= legal(position)


def test_only_the_picked_card_decides_opposite_colour_exactly_one_rank_higher():
    """Only the card you pick up decides where it can land: the target column's top card must
    be the opposite colour and exactly one rank higher."""
    position = table("yukon; t1: 7D KS; t2: 8S; t3: 8C; t4: 8H; t5: 9S; t6: 7S; t7: 8D")
    assert lights(position, "7D") == ["t2", "t3"]
    assert refusal(position, "7D-t4") == "♦7 goes on a black 8"
    assert refusal(position, "7D-t5") == "♦7 goes on a black 8"
    assert refusal(position, "7D-t6") == "♦7 goes on a black 8"
    assert refusal(position, "KS-t2") == "♠K goes only on an empty column"


def test_a_black_9_carrying_four_jumbled_cards_can_go_onto_a_red_10():
    """A black 9 carrying four jumbled cards can go onto a red 10."""
    for nine, ten in [("9S", "TH"), ("9S", "TD"), ("9C", "TH"), ("9C", "TD")]:
        position = table(f"yukon; t1: {nine} 3D KH 5C QS; t2: {ten}")
        after = play(position, f"{nine}-t2")
        assert [c.code for c in after.tableau[1].up] == [ten, nine, "3D", "KH", "5C", "QS"]


# -- Empty columns and hidden cards -----------------------------------------------------------


def test_an_empty_column_only_accepts_a_king_or_a_stack_led_by_a_king():
    """Empty columns and hidden cards: an empty column only accepts a king or a stack led by
    a king."""
    position = table("yukon; t1: 3S | KH; t2: 4S | KC 2D 9S; t3: 5S | QD; f1: AH..QH")
    assert play(position, "KH-t4").tableau[3].up == (Card.parse("KH"),)
    assert play(position, "KC-t4").tableau[3].up == tuple(map(Card.parse, ["KC", "2D", "9S"]))
    assert refusal(position, "QD-t4") == "Only a king can go to an empty column"
    assert refusal(position, "2D-t4") == "Only a king can go to an empty column"
    assert refusal(position, "QH-t4") == "Only a king can go to an empty column"


def test_face_down_cards_can_never_be_picked_up_nor_a_stack_reach_into_them():
    """Face-down cards can never be picked up, and a stack can never reach into them."""
    position = table("yukon; t1: 8D 4C | 5H 2S; t2: 6S; t3: 5D | 9C; t4: 3H")
    for hidden in ("8D", "4C", "5D"):
        for target in ("t2", "t4", "t5", "f", "f1"):
            assert refusal(position, f"{hidden}-{target}") == "That card is face down"
    assert all(
        card.code not in {"8D", "4C", "5D"} for card in rules.targets(position)
    )  # never lit, never movable
    assert all(move.card.code not in {"8D", "4C", "5D"} for move in rules.legal_moves(position))
    # The deepest a stack can reach is the lowest face-up card: 5H takes 2S and nothing more.
    after = play(position, "5H-t2")
    assert after.tableau[0] == table("yukon; t1: 8D | 4C").tableau[0]


def test_the_top_face_down_card_turns_over_as_part_of_the_same_move():
    """When a column's last face-up card leaves, the top face-down card turns over
    automatically — as part of the same move, so it costs no extra move and undoes together
    with it."""
    before = table("yukon; t1: 8D 4C | 5H 2S; t2: 6S; t3: 5D")
    after = rules.apply(before, Move.parse("5H-t2"))  # one move, one call
    assert after == table("yukon; t1: 8D | 4C; t2: 6S 5H 2S; t3: 5D")
    # The flipped card plays at once: there is no separate "turn it over" move.
    assert lights(after, "4C") == ["t3"]
    assert all(move.card is not None for move in rules.legal_moves(after))
    assert refusal(after, "8D-t2") == "That card is face down"
    # Undo replays the moves before it (here none): ♣4 is hidden again.
    assert play(before) == before and before.tableau[0].down == (Card.parse("8D"), Card.parse("4C"))
    from_foundation = play("yukon; t1: 9C | AH; t2: 2S", "AH-f3")
    assert from_foundation.tableau[0] == table("yukon; t1: 9C").tableau[0]


# -- Foundation rules -------------------------------------------------------------------------


def test_foundations_start_empty_not_tied_to_a_suit_first_ace_claims_a_pile():
    """Foundation rules: the four foundations start empty and are not tied to a suit —
    whichever ace arrives first claims a pile."""
    for position in DEALS:
        assert position.foundations == ((), (), (), ())
    position = table("yukon; t1: AH; t2: AC; t3: 2H")
    assert play(position, "AH-f3").foundations == ((), (), (Card.parse("AH"),), ())
    assert play(position, "AH-f").foundations == ((Card.parse("AH"),), (), (), ())
    assert play(position, "AC-f", "AH-f").foundations[:2] == (
        (Card.parse("AC"),),
        (Card.parse("AH"),),
    )
    assert lights(position, "AH") == ["f1", "f2", "f3", "f4"]
    assert "AH-f1" in legal(position) and "AH-f3" not in legal(position)  # listed once
    claimed = play(position, "AH-f3")
    assert refusal(claimed, "AC-f3") == "An ace goes on an empty foundation"
    assert play(claimed, "2H-f").foundations[2] == tuple(map(Card.parse, ["AH", "2H"]))
    assert lights(claimed, "2H") == ["f3"]


def test_after_that_they_build_up_in_the_same_suit_one_card_at_a_time():
    """After that they build up in the same suit, one card at a time."""
    position = table("yukon; t1: 3D; t2: 3H; t3: 5C 4H; f2: AH..2H; f3: AD")
    assert refusal(position, "3D-f2") == "♦3 goes on ♦2"
    assert refusal(position, "4H-f2") == "♥4 goes on ♥3"
    assert refusal(position, "3H-f3") == "♥3 goes on ♥2"
    assert refusal(position, "4H-f") == "♥4 goes on ♥3"
    assert refusal(position, "3D-f") == "♦3 goes on ♦2"
    assert refusal(position, "5C-f2") == "Only a column's top card can go to a foundation, not ♣5"
    assert play(position, "3H-f").foundations[1][-1] == Card.parse("3H")
    assert play(position, "3H-f2", "4H-f2").foundations[1][-1] == Card.parse("4H")


def test_a_foundation_top_card_may_come_back_to_a_column_to_build_on():
    """This version lets you move a foundation's top card back to a column under the normal
    landing rule, which helps when you need something to build on."""
    # ♣6 needs a red 7; the only one is ♥7 on its foundation and it lands on ♠8.
    position = table("yukon; t1: QD | 8S; t2: 9D | 6C; f1: AH..7H")
    assert "7H-t1" in legal(position)
    after = play(position, "7H-t1", "6C-t1")
    assert [c.code for c in after.tableau[0].up] == ["8S", "7H", "6C"]
    assert after.tableau[1].up == (Card.parse("9D"),)  # and the 9D flipped
    assert refusal(position, "7H-t2") == "♥7 goes on a black 8"
    assert refusal(position, "7H-f2") == "♥7 is already on a foundation"
    assert refusal(position, "7H-f") == "♥7 is already on a foundation"


# -- A worked example -------------------------------------------------------------------------


def test_worked_example_column_three_shows_9s_4d_jc_2h_6s():
    """A worked example: say column three shows, bottom to top, ♠9 ♦4 ♣J ♥2 ♠6, column five
    ends in ♥10 and column six in ♣10."""
    assert [card.label for card in WORKED.tableau[2].up] == ["♠9", "♦4", "♣J", "♥2", "♠6"]
    assert len(WORKED.tableau[2].down) == 1
    assert WORKED.tableau[4].top.label == "♥10"
    assert WORKED.tableau[5].top.label == "♣10"


def test_worked_example_all_five_lift_and_only_column_five_lights_up():
    """Tap ♠9 and all five lift; only column five lights up, because ♣10 is black like ♠9."""
    assert lights(WORKED, "9S") == ["t5"]
    assert [str(m) for m in rules.legal_moves(WORKED) if m.card == Card.parse("9S")] == ["9S-t5"]


def test_worked_example_five_cards_land_in_order_the_hidden_card_flips_one_move():
    """Tap column five and the five cards land on ♥10 in the same order, column three's hidden
    card flips, and the move counter goes up by exactly one."""
    after = rules.apply(WORKED, Move.parse("9S-t5"))
    assert [card.label for card in after.tableau[4].up] == [
        "♦K", "♥10", "♠9", "♦4", "♣J", "♥2", "♠6",
    ]  # fmt: skip
    assert after.tableau[2].down == () and after.tableau[2].up == (Card.parse("7H"),)
    assert after.face_down_count == WORKED.face_down_count - 1
    # Exactly one move: the position after the single move 9S-t5 is the whole result.
    assert after == table(
        "yukon; t1: QS; t2: TD | 5C; t3: 7H; t4: 3C | TS;"
        " t5: 8C | KD TH 9S 4D JC 2H 6S; t6: 5D | TC; t7: 4H | 9D"
    )


def test_worked_example_column_six_is_refused_with_9s_goes_on_a_red_10():
    """Tapping column six instead is refused with "♠9 goes on a red 10"."""
    assert refusal(WORKED, "9S-t6") == "♠9 goes on a red 10"


# -- Yukon strategy ---------------------------------------------------------------------------


@pytest.mark.parametrize("position", DEALS)
def test_strategy_the_right_hand_columns_hide_five_and_six_cards(position):
    """Yukon strategy: ① dig out the columns with the most face-down cards first — the
    right-hand columns hide five and six cards and they are what really blocks you; …"""
    assert [len(column.down) for column in position.tableau[-2:]] == [5, 6]
    assert max(len(column.down) for column in position.tableau) == 6


def test_strategy_stacks_move_in_any_order_so_a_stack_can_uncover_a_hidden_card():
    """… ② since stacks move in any order, don't spend moves tidying a column — ask which
    stack uncovers a hidden card; …"""
    position = table("yukon; t1: 2D 5S | 7C KD 3H; t2: 8H")
    after = play(position, "7C-t2")
    assert after.tableau[0] == table("yukon; t1: 2D | 5S").tableau[0]


def test_strategy_kings_are_the_only_tenants_of_an_empty_column():
    """… ③ kings are the only tenants of an empty column, so don't clear one without a king
    ready; …"""
    position = table("yukon; t1: QC; t2: JH; t3: KS QH")
    for card in ("QC", "JH", "QH"):
        assert refusal(position, f"{card}-t4") == "Only a king can go to an empty column"
    assert "KS-t4" in legal(position)


def test_strategy_aces_and_twos_can_go_home_at_once():
    """… ④ send aces and twos home at once and keep higher cards on the tableau to build on;
    …"""
    position = table("yukon; t1: 9C AS; t2: 4D 2S; t3: 7H AD")
    after = play(position, "AS-f", "2S-f", "AD-f")
    assert after.foundation_count == 3


def test_strategy_taking_a_card_back_and_undoing_are_part_of_the_game():
    """… ⑤ taking a card back from a foundation and undoing are both part of the game."""
    position = table("yukon; t1: 3C; t2: 3D; f1: AH..2H")
    back = play(position, "2H-t1")
    assert back.tableau[0].top == Card.parse("2H")
    # Undo is a replay of the moves before: the position comes back exactly.
    assert play(position) == position and play(back, "2H-f1") == position


# -- Winnable deals and dead ends -------------------------------------------------------------


def test_the_game_number_lets_you_share_the_exact_deal():
    """Winnable deals and dead ends: by default this page only deals games a solver has proven
    winnable, and the game number lets you share the exact deal. (Which numbers are winnable
    is the solver's; the engine makes the number the deal.)"""
    for number in (1, 99, 2**31 - 1):
        assert deal("yukon", number, KEY).to_json() == deal("yukon", number, KEY).to_json()


def test_a_winnable_deal_can_still_walk_into_a_dead_end():
    """Be aware that winnable is computed with all 21 hidden cards visible — you don't see
    them, so you can still walk a winnable deal into a dead end."""
    for position in DEALS:
        assert position.face_down_count == 21
        for column in position.tableau:
            for card in column.down:
                assert card not in rules.targets(position)
    # A dead end: no move at all, and the game is not won.
    stuck = table(
        "yukon; t1: 5H 4S | 9H 2D; t2: 3C | 8C KS; t3: JC; t4: 6H; t5: 3D; t6: 8D; t7: 7H;"
        " f1: AH..3H"
    )
    assert not rules.is_won(stuck)
    assert rules.legal_moves(stuck) == []


def test_a_lost_line_can_be_undone_back_to_any_earlier_move():
    """The page checks the position in the background and, once it proves your line lost,
    offers to undo, jump back to the last winnable move, or resign. (The proof is the
    solver's; jumping back is a replay of a prefix, which restores that position exactly.)"""
    start = table("yukon; t1: 5H 4S | 9H; t2: 3C | 2D 8C KS; t3: TS; t4: 3S | 7D")
    line = ["9H-t3", "KS-t5", "7D-t2"]
    positions = [start]
    for move in line:
        positions.append(play(positions[-1], move))
    for k in range(len(positions)):
        assert play(start, *line[:k]) == positions[k]


def test_fully_random_deals_accept_every_game_number():
    """Turn off Winnable deals only in the menu for fully random deals. (Any number from 1 to
    2**31-1 names a deal; the switch is the page's.)"""
    for number in (1, 2, 65536, 2**31 - 2, 2**31 - 1):
        assert deal("yukon", number, KEY).cards == frozenset(DECK)
    with pytest.raises(DealError):
        deal("yukon", 2**31, KEY)


# -- Yukon versus other solitaires ------------------------------------------------------------


def test_klondike_also_hides_21_but_moves_only_ordered_runs_and_has_a_stock():
    """Yukon versus other solitaires: Klondike also hides 21 cards but only lets you move
    ordered runs and draws the rest from a stock; Yukon deals everything at once and gives you
    the freedom to move jumbled stacks."""
    klondike = deal("klondike", 7, KEY)
    yukon = deal("yukon", 7, KEY)
    assert klondike.face_down_count == yukon.face_down_count == 21
    assert len(klondike.stock) == 24 and yukon.stock == ()
    jumbled = "t1: 9S 4D; t2: TH"
    assert play(f"yukon; {jumbled}", "9S-t2").tableau[1].top == Card.parse("4D")
    with pytest.raises(IllegalMove, match="Only a run in order can move"):
        play(f"klondike; {jumbled}", "9S-t2")


def test_yukon_does_not_build_in_suit_like_russian_or_alaska():
    """Russian Solitaire uses the same deal but builds down in suit, which makes it much
    harder; Alaska allows building up or down in suit."""
    position = table("yukon; t1: 8S; t2: 9S; t3: 7S")
    assert refusal(position, "8S-t2") == "♠8 goes on a red 9"  # Russian: down in suit
    assert refusal(position, "8S-t3") == "♠8 goes on a red 9"  # Alaska: up in suit
    assert rules.legal_moves(position) == []


def test_this_page_plays_classic_yukon_only():
    """This page plays classic Yukon — alternating colours, kings into empty columns — and
    does not include those variants."""
    for variant in ("russian", "alaska"):
        with pytest.raises(PositionError, match="unknown variant"):
            table(f"{variant}; t1: 6S")
        with pytest.raises(DealError, match="is not a variant"):
            deal(variant, 1, KEY)
    position = table("yukon; t1: 8D; t2: 9S; t3: 9H")
    assert lights(position, "8D") == ["t2"]
