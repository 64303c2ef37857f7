"""Move counts ("perft") to depth 3 for a dozen fixed positions per game.

The tables in tests/data/perft were written by tests/engine/make_perft.py (see there for the
counts checked by hand). A failure here means `rules.legal_moves` or `rules.apply` now
allows or refuses something it did not: find out which rule changed before regenerating.

The tables come from the engine's own move generator, so on every run the independent rules
oracle (tests/engine/oracle.py, which shares no rule code with the engine) counts the same
lines too: a table written by a wrong engine fails here, not only a later change to it.
"""

from __future__ import annotations

import json

import pytest

from games.engine import rules
from games.engine.deal import deal
from games.engine.moves import Move
from games.engine.positions import Position
from tests.engine import oracle
from tests.engine.make_perft import DATA, KEY, perft


def oracle_perft(position: Position, depth: int) -> int:
    """perft with the oracle's move list and its apply instead of the engine's."""
    moves = oracle.legal_moves(position)
    if depth == 1:
        return len(moves)
    return sum(oracle_perft(oracle.apply(position, Move.parse(m)), depth - 1) for m in moves)


def cases() -> list:
    found = []
    for variant in ("yukon", "klondike"):
        for line in (DATA / f"{variant}.jsonl").read_text().splitlines():
            record = json.loads(line)
            found.append(pytest.param(variant, record, id=f"{variant}: {record['name']}"))
    return found


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_a_dozen_positions_per_game(variant):
    assert sum(1 for case in cases() if case.values[0] == variant) >= 12


@pytest.mark.parametrize(("variant", "record"), cases())
def test_move_counts(variant, record):
    position = Position.from_text(record["position"])
    assert position.variant == variant
    assert [perft(position, depth) for depth in (1, 2, 3)] == record["perft"]


@pytest.mark.parametrize(("variant", "record"), cases())
def test_the_oracle_counts_the_same_moves(variant, record):
    position = Position.from_text(record["position"])
    assert [oracle_perft(position, depth) for depth in (1, 2, 3)] == record["perft"]
    # One ply deeper than the tables, engine against oracle, where that stays cheap (the two
    # all-face-up positions would take seconds each; their tables count ~10,000 lines already).
    if record["perft"][-1] < 5_000:
        assert perft(position, 4) == oracle_perft(position, 4)


@pytest.mark.parametrize(
    ("variant", "record"), [case for case in cases() if "deal" in case.values[1]]
)
def test_the_move_lists_still_reach_the_recorded_positions(variant, record):
    number, draw, passes = record["deal"]
    position = deal(variant, number, KEY, draw, passes)
    for move in record["moves"]:
        position = rules.apply(position, Move.parse(move))
    assert position.to_text() == record["position"]
