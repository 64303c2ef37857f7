"""The talon cards a macro move may play are exactly those that d's and r's can bring to
the waste top, checked against a direct model of the two stock moves."""

from __future__ import annotations

import pytest

from solver.search.klondike import _reachable


def by_stock_moves(n: int, ptr: int, draw: int, passes: int | None) -> dict[int, bool]:
    """Waste-top index -> whether it needs a redeal, by trying d and r in every order."""
    tops: dict[int, bool] = {}
    seen = set()
    todo = [(ptr, passes, False)]
    while todo:
        state = todo.pop()
        if state in seen:
            continue
        seen.add(state)
        p, left, redealt = state
        if p:
            tops[p - 1] = tops.get(p - 1, True) and redealt
        if p < n:  # d: turn up to `draw` cards, one at a time
            todo.append((min(p + draw, n), left, redealt))
        elif p and (left is None or left > 1):  # r: only with the stock empty
            todo.append((0, None if left is None else left - 1, True))
    return tops


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("passes", [None, 1, 2, 3])
def test_macro_moves_reach_exactly_the_waste_tops_that_stock_moves_reach(draw, passes):
    for n in range(0, 25):
        for ptr in range(0, n + 1):
            ours = dict(_reachable(n, ptr, draw, passes is None or passes > 1))
            assert ours == by_stock_moves(n, ptr, draw, passes), (n, ptr)
