"""The solver against the reference verdicts of ../shared/testdata: no contradiction, every
win replays through the rules engine, and known losses are proven."""

from __future__ import annotations

import pytest

from games.engine import rules
from solver.search import LOSS, UNKNOWN, WIN, solve

from .reference import reference, replay

# A fast subset: the first deals of each file and mode, a small budget each.
SUBSET = 10
BUDGET_SECONDS = 0.25


def subset(name: str, draw: int | None) -> list[str]:
    ids = [i for i, row in reference(name).items() if row["position"]["draw"] == draw]
    return ids[:SUBSET]


CASES = (
    [("yukon", i) for i in subset("yukon", None)]
    + [("klondike", i) for i in subset("klondike", 1)]
    + [("klondike", i) for i in subset("klondike", 3)]
)


@pytest.mark.parametrize(("name", "deal_id"), CASES, ids=[c[1] for c in CASES])
def test_it_never_contradicts_the_reference_and_its_wins_replay(name, deal_id):
    row = reference(name)[deal_id]
    result = solve(row["position"], budget_seconds=BUDGET_SECONDS)
    assert result.verdict in (WIN, LOSS, UNKNOWN)
    if result.verdict == WIN:
        assert row["reference"] != LOSS or name == "yukon"  # KPat forbids foundation returns
        assert rules.is_won(replay(row["position"], result.moves))
    if result.verdict == LOSS:
        assert row["reference"] != WIN
        assert result.moves == []


# Reference losses that our search proves in well under a second (a few at the root, by
# the face-down deadlock argument, the others by exhausting every reachable position).
KNOWN_LOSSES = [
    ("yukon", "yukon-1033"),
    ("yukon", "yukon-1047"),
    ("yukon", "yukon-1081"),
    ("klondike", "klondike-d1-201"),
    ("klondike", "klondike-d1-229"),
    ("klondike", "klondike-d1-238"),
    ("klondike", "klondike-d1-213"),
    ("klondike", "klondike-d3-207"),
    ("klondike", "klondike-d3-230"),
    ("klondike", "klondike-d3-238"),
]


@pytest.mark.parametrize(("name", "deal_id"), KNOWN_LOSSES, ids=[c[1] for c in KNOWN_LOSSES])
def test_it_proves_known_losses(name, deal_id):
    row = reference(name)[deal_id]
    assert row["reference"] == LOSS
    result = solve(row["position"], budget_seconds=5)
    assert result.verdict == LOSS
    assert result.nodes >= 1


def test_it_wins_with_a_pass_limit_and_its_line_respects_it():
    """Vegas draw 3: three passes. The line's redeals must fit in them (the engine refuses
    a fourth)."""
    row = reference("klondike")["klondike-d3-202"]
    position = dict(row["position"], passes_left=3)
    result = solve(position, budget_seconds=5)
    assert result.verdict == WIN
    assert rules.is_won(replay(position, result.moves))
    assert result.moves.count("r") <= 2
