"""The reference deals of ../shared/testdata (issue 3; copied to tests/data/reference), and
replaying a solver's line."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from games.engine import rules
from games.engine.moves import Move
from games.engine.positions import Position

TESTDATA = Path(__file__).resolve().parents[1] / "data" / "reference"  # ../shared/testdata


@cache
def reference(name: str) -> dict[str, dict]:
    """id -> row of yukon.jsonl or klondike.jsonl: position, reference verdict, solver."""
    with open(TESTDATA / f"{name}.jsonl", encoding="utf-8") as lines:
        rows = [json.loads(line) for line in lines]
    return {row["id"]: row for row in rows}


def replay(position: dict | Position, moves: list[str]) -> Position:
    """The position after `moves`, each applied by the rules engine (IllegalMove if one
    is not legal)."""
    if isinstance(position, dict):
        position = Position.from_json(position)
    for text in moves:
        position = rules.apply(position, Move.parse(text))
    return position
