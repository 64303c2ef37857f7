"""Klondike scoring, one move at a time (the Klondike page, "Scoring"); history.replay adds
it up over a game.

Standard: +10 a card to a foundation, +5 waste to column, +5 a column card turned
face up, -15 a card taken back off a foundation, -100 (draw 1) or -20 (draw 3) each
time the waste is turned back over; never below zero.
Vegas: start at -52 and +5 for every card on a foundation; draw 1 gets one pass
through the stock and draw 3 gets three. None: no score.
"""

from __future__ import annotations

from .moves import REDEAL, Move
from .positions import Position

SCORINGS = ("standard", "vegas", "none")
VEGAS_START = -52


def passes_for(scoring: str, draw: int) -> int | None:
    """The pass limit a scoring brings: Vegas allows one pass in draw 1 and three in draw 3."""
    return draw if scoring == "vegas" else None


def initial_score(scoring: str) -> int | None:
    return {"standard": 0, "vegas": VEGAS_START, "none": None}[scoring]


def next_score(
    scoring: str, score: int | None, before: Position, move: Move, after: Position
) -> int | None:
    """The score after one move, given the score before it."""
    if scoring == "none":
        return None
    if scoring == "vegas":
        return VEGAS_START + 5 * after.foundation_count
    delta = 0
    if move.target == REDEAL:
        delta -= 100 if before.draw == 1 else 20
    elif move.card is not None:
        source = before.locate(move.card)[0]
        if move.to_foundation:
            delta += 10
        elif source == "f":
            delta -= 15
        elif source == "waste":
            delta += 5
        if after.face_down_count < before.face_down_count:
            delta += 5
    return max(0, score + delta)
