"""Playing positions in tests: build from the text form, apply move strings, read refusals."""

from __future__ import annotations

import random

import pytest

from games.engine import rules
from games.engine.moves import IllegalMove, Move
from games.engine.positions import Position


def table(text: str) -> Position:
    return Position.from_text(text)


def play(position: Position | str, *moves: str) -> Position:
    """The position after playing `moves` in turn; an illegal move fails the test loudly."""
    if isinstance(position, str):
        position = table(position)
    for text in moves:
        position = rules.apply(position, Move.parse(text))
    return position


def refusal(position: Position | str, move: str) -> str:
    """The message an illegal move is refused with (and the position is left as it was)."""
    if isinstance(position, str):
        position = table(position)
    before = position.to_json()
    with pytest.raises(IllegalMove) as caught:
        rules.apply(position, Move.parse(move))
    assert position.to_json() == before
    return str(caught.value)


def legal(position: Position | str) -> set[str]:
    if isinstance(position, str):
        position = table(position)
    return {str(move) for move in rules.legal_moves(position)}


def lights(position: Position | str, card: str) -> list[str]:
    """The piles the page lights when `card` is tapped."""
    if isinstance(position, str):
        position = table(position)
    found = rules.targets(position)
    return next((places for c, places in found.items() if c.code == card), [])


def wander(position: Position, steps: int, seed: int) -> list[Position]:
    """A fixed pseudo-random walk of legal moves: the positions along it, the start included."""
    chooser = random.Random(seed)
    line = [position]
    for _ in range(steps):
        moves = rules.legal_moves(line[-1])
        if not moves:
            break
        line.append(rules.apply(line[-1], chooser.choice(moves)))
    return line
