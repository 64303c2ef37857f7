"""Moves and their text form (DESIGN.md §3).

`<card>-<target>`: the named face-up card, with everything on top of it, goes to the
target: `t1`..`t7` a column, `f1`..`f4` a foundation slot, `f` the foundation that takes
it. Klondike adds `d` (turn the stock onto the waste) and `r` (turn the waste back over).
Moves name a card rather than a pile, so a stale page cannot move the wrong card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .cards import Card

DRAW = "d"
REDEAL = "r"
_MOVE = re.compile(r"^([A2-9TJQK][SHDC])-(t[1-7]|f[1-4]?)$", re.IGNORECASE)


class MoveError(ValueError):
    """Base of everything that stops a move."""


class MalformedMove(MoveError):
    """The text is not a move at all."""


class IllegalMove(MoveError):
    """A well-formed move that the rules refuse here; the message is for the player."""


@dataclass(frozen=True, slots=True)
class Move:
    card: Card | None  # None for the stock moves `d` and `r`
    target: str  # "t1".."t7", "f1".."f4", "f", "d" or "r"

    @classmethod
    def parse(cls, text: str) -> Move:
        """`Move.parse("7S-t3")`; raises MalformedMove."""
        if not isinstance(text, str):
            raise MalformedMove("A move is text such as 7S-t3")
        text = text.strip()
        if text in (DRAW, REDEAL):
            return cls(None, text)
        match = _MOVE.match(text)
        if not match:
            raise MalformedMove(f"{text[:20]!r} is not a move")
        return cls(Card.parse(match[1]), match[2].lower())

    @property
    def to_column(self) -> int | None:
        """The 0-based column index of a `tN` target."""
        return int(self.target[1:]) - 1 if self.target[0] == "t" else None

    @property
    def to_foundation(self) -> bool:
        return self.target[0] == "f"

    @property
    def foundation_slot(self) -> int | None:
        """The 0-based slot of an `fN` target; None for `f` and everything else."""
        return int(self.target[1:]) - 1 if self.target[0] == "f" and len(self.target) > 1 else None

    def __str__(self) -> str:
        return self.target if self.card is None else f"{self.card.code}-{self.target}"
