"""A turn of the stock counts as reversible (carry.reversible: the look-back carries a loss
back over it with no search) exactly where the stock comes round to the position again:
with no limit on passes, a turn in draw 1 and a turn of the waste back over in any draw;
never under a pass limit (Vegas), where a pass used is part of the position.

The oracle is the rules engine itself: from the position after the move, play the only
stock move there is, again and again, and see whether the position before comes back."""

from __future__ import annotations

import pytest

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import apply
from games.engine.rules.klondike import stock_refusal
from games.steps import current
from solver.deadends.carry import reversible
from solver.deadends.models import CheckRequest, position_key
from solver.deadends.proofs import store_verdicts
from solver.search.verdict import Verdict
from tests.deadends import stored
from tests.web.personas import Persona

TABLE = "t1: KH; t2: QS"


def comes_round(before: Position, action: str) -> bool:
    """Does turning the stock on from the position `action` reaches lead back to `before`?"""
    position, seen = apply(before, Move.parse(action)), set()
    while position != before and position not in seen:
        seen.add(position)
        turn = next((t for t in ("d", "r") if stock_refusal(position, t) is None), None)
        if turn is None:
            return False  # no passes left
        position = apply(position, Move.parse(turn))
    return position == before


@pytest.mark.parametrize(
    ("head", "stock", "waste", "action", "expected"),
    [
        ("klondike draw=1", "2C 3C 4C 5C", "AS AH", "d", True),
        ("klondike draw=1", "", "AS AH 2C 3C", "r", True),
        ("klondike draw=3", "", "AS AH 2C 3C", "r", True),
        # A card was played from a three: the threes turned after the waste goes back over
        # are AS AH 2C, then 3C 4C 5C, never AS AH alone again.
        ("klondike draw=3", "2C 3C 4C 5C", "AS AH", "d", False),
        ("klondike draw=1 passes=1", "2C 3C 4C 5C", "AS AH", "d", False),  # Vegas
        ("klondike draw=1 passes=2", "2C 3C 4C 5C", "AS AH", "d", False),
        ("klondike draw=3 passes=3", "", "AS AH 2C 3C", "r", False),
    ],
)
def test_a_stock_move_is_reversible_where_the_stock_comes_round(
    head, stock, waste, action, expected
):
    before = Position.from_text(f"{head}; {TABLE}; stock: {stock}; waste: {waste}")
    assert comes_round(before, action) is expected, "the oracle"
    assert reversible(before, action) is expected


def test_fewer_passes_left_is_another_position():
    more = Position.from_text(f"klondike draw=1 passes=2; {TABLE}; stock: 2C; waste: AS")
    fewer = Position.from_text(f"klondike draw=1 passes=1; {TABLE}; stock: 2C; waste: AS")
    assert position_key(more) != position_key(fewer)


@pytest.mark.django_db
@pytest.mark.parametrize(("scoring", "carried"), [("standard", True), ("vegas", False)])
def test_a_turn_of_the_stock_from_an_undecided_position_is_undecided_where_it_comes_round(
    scoring, carried
):
    alice = Persona("alice")
    game = alice.start("klondike", 7, draw="1", scoring=scoring)
    store_verdicts([(current(game).position, Verdict.UNKNOWN, 25_001, 0.1)])
    alice.move(game, "d", htmx=True)
    game.refresh_from_db()
    turned = current(game).position
    if carried:
        assert stored.verdicts([turned]) == [Verdict.UNKNOWN], "undecided with no search"
        assert not CheckRequest.objects.exists()
    else:  # the stock never comes round to it: its own check, a quick one only
        assert stored.verdicts([turned]) == [None]
        assert CheckRequest.objects.get().quick_only
