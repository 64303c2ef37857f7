"""A card sent home that the search sends home unasked (search.cards.is_safe_home) carries
verdicts as a reversible move does (carry.reversible, carry.derive): the positions before
and after it are won or lost together, and a search of the one before, which plays the card
home first, is decided or left undecided with the search of the one after.

Held against the search itself on long random walks from deals of each game, on a small
budget, and on tables written out for the rules' edges (which cards, from which pile)."""

from __future__ import annotations

import random

import pytest

from games.engine import rules
from games.engine.deal import deal
from games.engine.moves import Move
from games.engine.positions import Position
from solver.deadends import carry
from solver.deadends.carry import reversible
from solver.search import Verdict, solve

KEY = b"test-key"
NODES = 20_000
CASES = [("yukon", None), ("klondike", 1), ("klondike", 3)]


def safe_homes(variant: str, draw: int | None, deals: int, steps: int):
    """(P, Q) for each card sent home on a random walk from each of the first `deals` deals
    (greedy for cards home, so that walks get far) that carry.reversible takes for one that
    cannot cost the win, and that cannot go straight back."""
    for number in range(1, deals + 1):
        position = deal(variant, number, KEY, draw or 1)
        chooser = random.Random(number)
        for _ in range(steps):
            moves = rules.legal_moves(position)
            if not moves:
                break
            home = [m for m in moves if m.to_foundation]
            move = chooser.choice(home if home and chooser.random() < 0.7 else moves)
            after = rules.apply(position, move)
            if rules.move_back(position, move) is None and reversible(position, str(move)):
                yield position, after
            position = after


@pytest.mark.parametrize(("variant", "draw"), CASES)
def test_a_safe_card_home_leaves_the_search_s_verdict_as_it_was(variant, draw):
    pairs, decided = 0, 0
    for before, after in safe_homes(variant, draw, deals=12, steps=150):
        p = solve(before, budget_nodes=NODES).verdict
        q = solve(after, budget_nodes=NODES).verdict
        assert p == q, f"{p} from {before.to_text()}, {q} after it: {after.to_text()}"
        pairs += 1
        decided += p != Verdict.UNKNOWN
    assert pairs >= 20 and decided >= 10, (pairs, decided)


@pytest.mark.parametrize(
    ("table", "move", "safe"),
    [
        ("yukon; t1: 5D | AS; t2: KH", "AS-f1", True),  # an ace: always
        ("yukon; t1: 2C; t2: KH; f1: AC", "2C-f1", False),  # no ace of the red suits home
        ("yukon; t1: 2C; t2: KH; f1: AC; f2: AH; f3: AD", "2C-f1", True),
        ("yukon; t1: 3C; t2: 2H; f1: AS..2S; f2: AC..2C; f3: AH; f4: AD..2D", "3C-f2", False),
        ("klondike draw=1; t1: KH; stock: 7C; waste: TD AS", "AS-f1", True),  # the waste top
        ("klondike draw=3; t1: KH; stock: 7C; waste: TD AS", "AS-f1", False),  # regroups threes
        ("klondike draw=3; t1: QC | AS; stock: 7C; waste: TD", "AS-f1", True),  # from a column
    ],
)
def test_which_cards_home_carry_the_verdict(table, move, safe):
    position = Position.from_text(table)
    assert rules.move_back(position, Move.parse(move)) is None or "yukon" in table
    assert reversible(position, move) is safe


def test_a_safe_card_home_from_an_undecided_position_is_undecided_with_no_search():
    undecided = carry.Row(Verdict.UNKNOWN, nodes=25_001)
    safe = Position.from_text("yukon; t1: 5D | AS; t2: KH")
    assert carry.derive(safe, undecided, Move.parse("AS-f1")) == carry.Derived(Verdict.UNKNOWN)
    unsafe = Position.from_text("yukon; t1: 2C; t2: KH; f1: AC")
    assert carry.derive(unsafe, undecided, Move.parse("2C-f1")) is None, "it gets a check"
