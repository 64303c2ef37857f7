"""A game's history: the actions a player took, and where each one leads.

An action is a move (`7S-t3`, `d`) or a jump back to an earlier step (`@0` is Restart;
`@12` jumps to the position after the first twelve actions). Undo drops the last action
and redo puts it back, so Restart and jumps are themselves undoable. The truth of a game
is its deal plus this list: every position, move count and score is replayed from them.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import scoring
from .moves import MalformedMove, Move
from .positions import Position
from .rules.core import apply

JUMP = "@"


@dataclass(frozen=True, slots=True)
class Step:
    position: Position
    moves: int  # moves on the line from the deal to here (jumps take the line back)
    score: int | None


def jump(step_index: int) -> str:
    return f"{JUMP}{step_index}"


def parse_action(text: str) -> Move | int:
    """A Move, or the step index of a jump; raises MalformedMove."""
    if isinstance(text, str) and text.startswith(JUMP):
        index = text[1:]
        if index.isdigit() and len(index) < 7:
            return int(index)
        raise MalformedMove(f"{text[:20]!r} is not a jump")
    return Move.parse(text)


def start(deal: Position, score_mode: str) -> Step:
    return Step(deal, 0, scoring.initial_score(score_mode))


def advance(step: Step, move: Move, score_mode: str) -> Step:
    """The step after a move; raises IllegalMove."""
    after = apply(step.position, move)
    score = scoring.next_score(score_mode, step.score, step.position, move, after)
    return Step(after, step.moves + 1, score)


def replay(deal: Position, actions: list[str], score_mode: str) -> list[Step]:
    """Every step from the deal (index 0) to after the last action; raises MoveError.

    A jump must point to an earlier step.
    """
    steps = [start(deal, score_mode)]
    for action in actions:
        parsed = parse_action(action)
        if isinstance(parsed, int):
            if parsed >= len(steps):
                raise MalformedMove(f"{action!r} jumps forward")
            steps.append(steps[parsed])
        else:
            steps.append(advance(steps[-1], parsed, score_mode))
    return steps
