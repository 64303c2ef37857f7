"""`rules.move_back`: the move that undoes a move by playing it backwards, when the rules
allow one. The dead-end checks lean on it (a move whose reverse is legal keeps a winnable
position winnable), so it is checked against every legal move, not only the one it tries."""

from __future__ import annotations

import pytest

from games.engine import rules
from games.engine.deal import deal
from games.engine.moves import IllegalMove, Move
from tests.engine.play import table, wander

KEY = b"test-key"


def back(position, text: str) -> str | None:
    found = rules.move_back(position, Move.parse(text))
    return None if found is None else str(found)


def test_a_stack_moved_between_columns_goes_back_onto_the_card_it_left():
    position = table("yukon; t1: 8D | 9S 4D; t2: TH; t3: TD | 5C")
    assert back(position, "9S-t2") is None  # it left ♦8's face-down: that card turned up
    position = table("yukon; t1: 8D | TD 9S 4D; t2: TH")
    assert back(position, "9S-t2") == "9S-t1"  # back onto the red 10 it came from


def test_a_move_that_leaves_a_card_it_cannot_go_back_on_is_one_way():
    position = table("yukon; t1: 8D | 3C 9S; t2: TH")  # Yukon: any face-up card may lead
    assert back(position, "9S-t2") is None  # ♠9 does not go on a black 3


def test_a_king_that_emptied_its_column_can_go_back_to_the_empty_column():
    position = table("yukon; t1: KS; t2: 5D")
    assert back(position, "KS-t3") == "KS-t1"


def test_a_card_sent_home_comes_back_when_the_column_still_takes_it():
    position = table("yukon; t1: 9H | 4C 3D; t2: 4H; f1: AD 2D")
    assert back(position, "3D-f") == "3D-t1"
    position = table("yukon; t1: 9H | 5C 3D; t2: 4H; f1: AD 2D")  # under ♦3: a black 5
    assert back(position, "3D-f") is None


def test_a_card_back_from_the_foundation_goes_home_to_its_own_slot():
    position = table("yukon; t1: 9H | 4C; t2: 4H; f3: AD..3D")
    assert back(position, "3D-t1") == "3D-f3"


def test_the_stock_and_the_waste_only_go_one_way():
    position = table("klondike; t1: 9S 8H; t2: 9C; stock: 7S 2H; waste: 7C")
    assert back(position, "d") is None
    assert back(position, "7C-t1") is None  # a waste card cannot return to the waste
    assert back(position, "8H-t2") == "8H-t1"


@pytest.mark.parametrize(
    ("variant", "draw"), [("yukon", None), ("klondike", 1), ("klondike", 3)]
)  # fmt: skip
def test_it_finds_every_move_that_leads_straight_back_and_no_other(variant, draw):
    """Along random walks, for every legal move: the moves from where it leads that come
    straight back, found by trying every face-up card on every pile: `move_back` names one
    of them when there are any, and None only when there are none."""
    tried = reversible = 0
    for number in range(1, 5):
        start = deal(variant, number, KEY, draw or 1)
        for position in wander(start, 40, seed=number):
            for move in rules.legal_moves(position):
                after = rules.apply(position, move)
                returning = {
                    text for text in _every_move(after) if _lands(after, text) == position
                }  # fmt: skip
                found = back(position, str(move))
                assert (found in returning) if found else not returning, (position, move)
                tried += 1
                reversible += found is not None
    assert reversible > 20 and tried - reversible > 20  # both kinds were met


TARGETS = [f"t{i}" for i in range(1, 8)] + [f"f{i}" for i in range(1, 5)] + ["f"]


def _every_move(position) -> list[str]:
    cards = [card for card, _ in rules.movable_cards(position)]
    return [f"{card.code}-{target}" for card in cards for target in TARGETS] + ["d", "r"]


def _lands(position, text: str):
    try:
        return rules.apply(position, Move.parse(text))
    except IllegalMove:
        return None
