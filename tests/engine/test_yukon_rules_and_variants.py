"""The "Rules & variants" part of the Yukon rule page (../shared/seeds): the basics, moving
stacks, empty columns and hidden cards, foundations, the worked example, strategy, winnable
deals and other solitaires, one test per sentence in the page's order, its docstring the
sentence. Where a sentence is about the page (the background check of a lost line, the menu
switch for winnable deals), the test covers the part the engine owns."""

from __future__ import annotations

import pytest

from games.engine import rules
from games.engine.cards import DECK, Card
from games.engine.deal import DealError, deal
from games.engine.moves import IllegalMove, Move
from games.engine.positions import PositionError
from tests.engine.play import legal, lights, play, refusal, table
from tests.engine.yukon_rules import DEALS, KEY, WORKED

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
    assert won.is_won
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
    assert not stuck.is_won
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
