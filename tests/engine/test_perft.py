"""Move counts ("perft") to depth 3 for a dozen fixed positions per game.

The tables in tests/data/perft were written by tests/engine/make_perft.py (see there for the
counts checked by hand). A failure here means `rules.legal_moves` or `rules.apply` now
allows or refuses something it did not: find out which rule changed before regenerating.
"""

from __future__ import annotations

import json

import pytest

from games.engine import rules
from games.engine.deal import deal
from games.engine.moves import Move
from games.engine.positions import Position
from tests.engine.make_perft import DATA, KEY, perft


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


@pytest.mark.parametrize(
    ("variant", "record"), [case for case in cases() if "deal" in case.values[1]]
)
def test_the_move_lists_still_reach_the_recorded_positions(variant, record):
    number, draw, passes = record["deal"]
    position = deal(variant, number, KEY, draw, passes)
    for move in record["moves"]:
        position = rules.apply(position, Move.parse(move))
    assert position.to_text() == record["position"]
