"""What a search reports back: its verdict, and the evidence for it.

`Verdict` is the one vocabulary of the search, the winnable pool (DealVerdict) and the
dead-end checks (PositionVerdict): their `verdict` columns store its values, and their
choices are `CHOICES`. A check still waiting has no verdict yet: its state is
deadends.models.PENDING, which is never stored as one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum


class Verdict(StrEnum):
    """WIN: moves replay from the position to a won game. LOSS: the search visited every
    reachable position and none is won. UNKNOWN: the budget ran out first, nothing is
    claimed."""

    WIN = "win"
    LOSS = "loss"
    UNKNOWN = "unknown"

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    Verdict.WIN: "Winnable",
    Verdict.LOSS: "Not winnable",
    Verdict.UNKNOWN: "Not decided (the search ran out of budget)",
}

# A model field's choices, (stored value, label), and the values a column may hold.
CHOICES = [(verdict.value, verdict.label) for verdict in Verdict]
VALUES = [verdict.value for verdict in Verdict]


@dataclass(frozen=True, slots=True)
class Answer:
    """A search's answer: its verdict and the evidence. `moves` is a win's line from the
    position (empty otherwise); `nodes` counts the distinct positions the search entered;
    `seconds` is the CPU time it took."""

    verdict: Verdict
    moves: list[str] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def to_json(self) -> dict:
        return {
            "verdict": str(self.verdict),
            "moves": list(self.moves),
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
        }
