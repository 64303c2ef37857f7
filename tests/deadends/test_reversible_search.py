"""The verdicts a reversible move carries with no search (solver.deadends.checks and queue),
held against the search itself on random positions of both games: for a move from P to Q
whose cards can go straight back (rules.move_back), a win from P means a win from Q, and a
loss from Q means a loss from P; so P and Q, each one move from the other, are won or lost
together, which is why one left undecided leaves the other undecided too (carry.derive).

The positions are those of long random walks from deals, so that lost ones come up as well
as winnable ones. Each is searched on a small budget; a pair with an undecided side proves
nothing and is passed over, but each test needs enough decided pairs of both kinds."""

from __future__ import annotations

import random

import pytest

from games.engine import rules
from games.engine.deal import deal
from solver.search import Verdict, solve

KEY = b"test-key"
NODES = 20_000
ENOUGH = 50  # decided pairs of each kind, at the least
CASES = [("yukon", None), ("klondike", 1), ("klondike", 3)]


def reversible_moves(variant: str, draw: int | None, deals: int, steps: int):
    """(P, Q) for each move of a random walk from each of the first `deals` deals that can
    be played straight back."""
    for number in range(1, deals + 1):
        position = deal(variant, number, KEY, draw or 1)
        chooser = random.Random(number)
        for _ in range(steps):
            moves = rules.legal_moves(position)
            if not moves:
                break
            move = chooser.choice(moves)
            after = rules.apply(position, move)
            if rules.move_back(position, move) is not None:
                yield position, after
            position = after


@pytest.mark.parametrize(("variant", "draw"), CASES)
def test_a_reversible_move_carries_the_verdict_of_the_search(variant, draw):
    wins = losses = 0
    verdicts: dict = {}  # a walk's Q is often its next P, and walks come back to positions

    def verdict(position):
        if position not in verdicts:
            verdicts[position] = solve(position, budget_nodes=NODES).verdict
        return verdicts[position]

    for before, after in reversible_moves(variant, draw, deals=8, steps=200):
        p, q = verdict(before), verdict(after)
        if p == Verdict.WIN and q != Verdict.UNKNOWN:
            assert q == Verdict.WIN, f"won from {before.to_text()}, not after it: {after.to_text()}"
            wins += 1
        if q == Verdict.LOSS and p != Verdict.UNKNOWN:
            assert p == Verdict.LOSS, (
                f"lost from {after.to_text()}, not before it: {before.to_text()}"
            )
            losses += 1
        if Verdict.UNKNOWN not in (p, q):  # and the other way round: either way, the same verdict
            assert p == q, f"{p} from {before.to_text()}, {q} after it: {after.to_text()}"
    assert wins >= ENOUGH and losses >= ENOUGH, (wins, losses)
