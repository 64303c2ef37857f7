"""Positions: the Position JSON of DESIGN.md §3 and the one-line text form, both ways."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from games.engine.cards import DECK, Card, CardError
from games.engine.deal import deal, layout
from games.engine.positions import Column, Position, PositionError
from tests.engine.play import table, wander

KEY = b"test-key"
REFERENCE = Path(__file__).resolve().parents[1] / "data" / "reference"


def reference_positions() -> list[tuple[str, dict]]:
    found = []
    for path in sorted(REFERENCE.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            record = json.loads(line)
            found.append((record["id"], record["position"]))
    return found


def sample_positions() -> list[Position]:
    """Deals of both games and positions part way through them."""
    found = []
    for variant in ("yukon", "klondike"):
        for number in (1, 2, 31337):
            for draw, passes in ((1, None), (3, 3)):
                start = deal(variant, number, KEY, draw=draw, passes=passes)
                line = wander(start, steps=60, seed=number)
                found += line[:: len(line) // 4 or 1]
                if variant == "yukon":
                    break
    return found


SAMPLES = sample_positions()


# -- Position JSON ----------------------------------------------------------------------------


def test_the_reference_data_is_here():
    ids = [name for name, _ in reference_positions()]
    assert len(ids) == 500 and sum(name.startswith("yukon") for name in ids) == 100


@pytest.mark.parametrize(("name", "data"), reference_positions())
def test_reference_positions_read_and_write_back_unchanged(name, data):
    position = Position.from_json(data)
    assert position.to_json() == data
    assert position.cards == frozenset(DECK)
    assert json.loads(json.dumps(position.to_json())) == data


@pytest.mark.parametrize(("name", "data"), reference_positions())
def test_reference_deals_are_laid_out_the_way_our_deals_are(name, data):
    """The reference files deal column by column, bottom to top, then the stock: re-dealing
    their card order with our `layout` gives the same table."""
    position = Position.from_json(data)
    order = [card for column in position.tableau for card in column.down + column.up]
    again = layout(position.variant, tuple(order) + position.stock, draw=position.draw or 1)
    assert again == position


@pytest.mark.parametrize("position", SAMPLES, ids=lambda p: p.to_text()[:40])
def test_json_round_trip(position):
    data = position.to_json()
    assert Position.from_json(json.loads(json.dumps(data))) == position
    assert set(data) == {
        "variant",
        "draw",
        "passes_left",
        "tableau",
        "foundations",
        "stock",
        "waste",
    }
    assert len(data["tableau"]) == 7 and len(data["foundations"]) == 4


def test_json_lists_columns_bottom_to_top_and_the_next_stock_card_first():
    position = table(
        "klondike draw=3 passes=2; t1: KH 2C | 7S 4D; f2: AH..3H; stock: 9C TD; waste: 3S 5D"
    )
    assert position.to_json() == {
        "variant": "klondike",
        "draw": 3,
        "passes_left": 2,
        "tableau": [{"down": ["KH", "2C"], "up": ["7S", "4D"]}] + [{"down": [], "up": []}] * 6,
        "foundations": [[], ["AH", "2H", "3H"], [], []],
        "stock": ["9C", "TD"],
        "waste": ["3S", "5D"],
    }


def test_json_may_leave_out_empty_piles():
    data = {"variant": "yukon", "tableau": [{"up": ["6S"]}] + [{}] * 6}
    assert Position.from_json(data) == table("yukon; t1: 6S")


def _json(**changes) -> dict:
    data = table("klondike; t1: 9S | 7H; t2: 8C; f1: AS..2S; stock: 5D; waste: 4C").to_json()
    data.update(changes)
    return data


def _column(data: dict, index: int, **changes) -> dict:
    data["tableau"][index] = {**data["tableau"][index], **changes}
    return data


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (_json(stock=["5D", "7H"]), "7H appears twice"),
        (_json(waste=["2S"]), "2S appears twice"),
        (_column(_json(), 1, up=["ZZ"]), "column 2 up: 'ZZ' is not a card"),
        (_column(_json(), 0, down=["10S"]), "column 1 down: '10S' is not a card"),
        (_json(stock=[7]), "stock: 7 is not a card"),
        (_json(tableau=[{"down": [], "up": []}] * 6), "tableau must be a list of 7 columns"),
        (_json(tableau=[{"down": [], "up": []}] * 8), "tableau must be a list of 7 columns"),
        (_json(tableau="t1: 6S"), "tableau must be a list of 7 columns"),
        (_column(_json(), 2, cards=[]), "column 3 must be an object with 'down' and 'up'"),
        (_column(_json(), 3, down="7S"), "column 4 down must be a list of cards"),
        (_column(_json(), 1, down=["KD"], up=[]), "column 2 has face-down cards but none face up"),
        (_json(foundations=[["2S"], [], [], []]), "foundation 1 is not a run from the ace"),
        (_json(foundations=[[], ["AH", "3H"], [], []]), "foundation 2 is not a run from the ace"),
        (_json(foundations=[[], [], ["AD", "2H"], []]), "foundation 3 is not a run from the ace"),
        (_json(foundations=[[], [], []]), "foundations must be a list of 4 piles"),
        (_json(variant="russian"), "unknown variant 'russian'"),
        (_json(variant=None), "unknown variant None"),
        (_json(draw=2), "Klondike draws 1 or 3 cards"),
        (_json(draw=None), "Klondike draws 1 or 3 cards"),
        (_json(draw=True), "draw must be a whole number or null"),
        (_json(draw="3"), "draw must be a whole number or null"),
        (_json(passes_left=0), "passes_left counts the current pass, so it is at least 1"),
        (_json(passes_left=1.5), "passes_left must be a whole number or null"),
        (_json(colour="red"), "unknown field 'colour'"),
        (_json(variant="yukon", draw=None, stock=[], waste=[]) | {"passes_left": 1},
         "Yukon has no stock, waste, draw or passes"),
        (_json(variant="yukon", draw=None), "Yukon has no stock, waste, draw or passes"),
    ],
)  # fmt: skip
def test_malformed_json_is_refused_with_a_message_naming_the_fault(data, message):
    with pytest.raises(PositionError) as caught:
        Position.from_json(data)
    assert message in str(caught.value)


@pytest.mark.parametrize("data", [None, [], "yukon", 7])
def test_a_position_is_a_json_object(data):
    with pytest.raises(PositionError, match="a position is a JSON object"):
        Position.from_json(data)


# -- Text form --------------------------------------------------------------------------------


@pytest.mark.parametrize("position", SAMPLES, ids=lambda p: p.to_text()[:40])
def test_text_round_trip(position):
    assert Position.from_text(position.to_text()) == position


@pytest.mark.parametrize(
    "text",
    [
        "yukon",
        "yukon; t1: 6S; t2: 4S | QC 9H; f1: AS..3S",
        "yukon; t7: KD; f2: AH..AH; f4: AC..KC",
        "klondike draw=1",
        "klondike draw=3 passes=2; t1: 7H; stock: 7C TD; waste: 3S",
        "klondike draw=1 passes=1; t3: 3D 9H | KS QH; f1: AD..2D; waste: 5S",
    ],
)
def test_canonical_text_reads_and_writes_back_unchanged(text):
    assert Position.from_text(text).to_text() == text


def test_text_form_reads_faces_down_then_up_bottom_to_top():
    position = table("yukon; t2: 4S 8D | QC 9H; f3: AS..3S")
    assert position.tableau[1] == Column(
        down=(Card.parse("4S"), Card.parse("8D")), up=(Card.parse("QC"), Card.parse("9H"))
    )
    assert position.tableau[1].top == Card.parse("9H")
    assert position.foundations[2] == tuple(map(Card.parse, ["AS", "2S", "3S"]))
    assert table("klondike; t1: 5C").draw == 1 and table("klondike; t1: 5C").passes_left is None
    assert table(" yukon ;; t1: 6s ; ") == table("yukon; t1: 6S")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "a position text starts with its variant"),
        ("; t1: 6S", "a position text starts with its variant"),
        ("chess; t1: 6S", "unknown variant 'chess'"),
        ("klondike draw=three", "unknown option 'draw=three'"),
        ("klondike turns=3", "unknown option 'turns=3'"),
        ("yukon; t1 6S", "section 't1 6S' needs a name and a colon"),
        ("yukon; t8: 6S", "unknown pile 't8'"),
        ("yukon; f5: AS", "unknown pile 'f5'"),
        ("yukon; t1: 6S; t1: 7S", "pile 't1' is given twice"),
        ("yukon; t1: 6S 6S", "6S appears twice"),
        ("yukon; t1: 6S; f1: AS..6S", "6S appears twice"),
        ("yukon; t1: 1S", "'1S' is not a card"),
        ("yukon; t2: 4S |", "column 2 has face-down cards but none face up"),
        ("yukon; f1: 2S..4S", "'2S..4S' is not a run from the ace in one suit"),
        ("yukon; f1: AS..4H", "'AS..4H' is not a run in one suit"),
        ("yukon; f1: 4S..AS", "'4S..AS' runs backwards"),
        ("yukon; f1: AS..", "'AS..' is not a run such as AS..4S"),
        ("yukon; f1: AS..4S..6S", "'AS..4S..6S' is not a run such as AS..4S"),
        ("yukon; f1: AS 3S", "'AS 3S' is not a run from the ace in one suit"),
        ("yukon draw=1; t1: 6S", "Yukon has no stock, waste, draw or passes"),
        ("klondike draw=3 passes=0", "passes_left counts the current pass"),
    ],
)
def test_malformed_text_is_refused_with_a_position_error(text, message):
    with pytest.raises(PositionError) as caught:
        Position.from_text(text)
    assert message in str(caught.value)


# -- Values -----------------------------------------------------------------------------------


def test_positions_are_immutable_hashable_values():
    position = table("yukon; t1: 6S; t2: 4S | QC 9H")
    same = table("yukon;  t2: 4S | QC 9H; t1: 6S")
    assert position == same and hash(position) == hash(same)
    assert len({position, same, table("yukon; t1: 6S")}) == 2
    with pytest.raises(dataclasses.FrozenInstanceError):
        position.variant = "klondike"
    assert table("klondike draw=1; t1: 5C") != table("klondike draw=3; t1: 5C")
    assert table("klondike; t1: 5C") != table("klondike passes=1; t1: 5C")


def test_where_a_card_lies():
    position = table("klondike; t3: 2D | 9H; f2: AS; stock: 7C; waste: 3S")
    assert position.locate(Card.parse("2D")) == ("t", 2)
    assert position.locate(Card.parse("AS")) == ("f", 1)
    assert position.locate(Card.parse("7C")) == ("stock", 0)
    assert position.locate(Card.parse("3S")) == ("waste", 0)
    assert position.locate(Card.parse("KH")) is None
    assert position.face_down_count == 1 and position.foundation_count == 1


def test_cards_have_a_code_a_label_and_a_spoken_name():
    assert [Card.parse(code).label for code in ("9S", "TD", "AH", "KC", "QD", "JS")] == [
        "♠9", "♦10", "♥A", "♣K", "♦Q", "♠J",
    ]  # fmt: skip
    assert Card.parse("TD").code == "TD" and Card.parse("td") == Card.parse("TD")
    assert Card.parse("9S").spoken == "nine of spades"
    assert Card.parse("9S").is_red is False and Card.parse("9D").is_red is True
    assert len(DECK) == 52 and len(set(DECK)) == 52
    for code in ("10D", "1S", "AX", "", "AS ", None, 7):
        with pytest.raises(CardError):
            Card.parse(code)


# -- positions made by moves -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("variant", "draw", "passes"),
    [("yukon", None, None), ("klondike", 1, None), ("klondike", 3, 3), ("klondike", 1, 1)],
)
@pytest.mark.parametrize("number", [1, 2, 31337, 4242])
def test_a_position_made_by_a_move_is_the_one_the_checked_constructor_makes(
    variant, draw, passes, number
):
    """`Position.moved` skips the card-by-card check: every position a walk of legal moves
    reaches (stock turns and redeals included) must equal, and locate every card as, the
    position built from the same piles with every check."""
    line = wander(deal(variant, number, KEY, draw=draw or 1, passes=passes), steps=150, seed=number)
    assert len(line) > 20
    for position in line[1:]:
        checked = Position(
            position.variant, position.tableau, position.foundations, position.stock,
            position.waste, position.draw, position.passes_left,
        )  # fmt: skip
        assert position == checked
        assert all(position.locate(card) == checked.locate(card) for card in DECK)
        assert position.cards == frozenset(DECK)


def test_moved_refuses_a_field_a_position_does_not_have():
    start = deal("yukon", 1, KEY)
    with pytest.raises(TypeError, match="no field 'colour'"):
        start.moved({}, colour="red")
