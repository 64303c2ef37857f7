"""Every shortcut of the search (safe moves home, toggles and twin swaps, the draw-1 rules,
the draw-3 dominance, the deadlock proof, pruned returns) keeps the verdicts: with all of
them switched off, an exhaustive search reaches the same verdict on the same positions."""

from __future__ import annotations

import pytest

from solver.search import Verdict, python_game, solve
from solver.search.budget import Budget
from solver.search.dfs import search
from solver.search.klondike import KlondikeGame
from solver.search.reader import read

from .reference import reference


def plain_verdict(position: dict) -> str:
    game = python_game(read(position))
    game.toggles = False
    game.lift_bases = False
    game.prune_returns = False
    game.is_dead = lambda: False
    game.autos = lambda: []
    if isinstance(game, KlondikeGame):
        game.delay_plays = False
        game.dominated = lambda key: []
    return Verdict.LOSS if search(game, Budget(nodes=500_000)) is None else Verdict.WIN


@pytest.mark.parametrize(
    ("name", "deal_id", "passes"),
    [
        ("yukon", "yukon-1047", None),
        ("yukon", "yukon-1081", None),
        ("yukon", "yukon-1065", None),
        ("klondike", "klondike-d1-238", None),
        ("klondike", "klondike-d1-238", 1),
        ("klondike", "klondike-d3-207", None),
        ("klondike", "klondike-d3-213", None),
        ("klondike", "klondike-d3-238", None),
        ("klondike", "klondike-d3-235", None),
        ("klondike", "klondike-d3-204", 1),
    ],
)
def test_losses_hold_without_any_shortcut(name, deal_id, passes):
    position = dict(reference(name)[deal_id]["position"])
    if passes is not None:
        position["passes_left"] = passes
    assert solve(position, budget_nodes=100_000).verdict == Verdict.LOSS
    assert plain_verdict(position) == Verdict.LOSS
