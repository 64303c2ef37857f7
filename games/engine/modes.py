"""A mode: how a deal is played. Yukon has one; Klondike draws 1 or 3 and scores Standard,
Vegas or None, and its scoring sets the passes through the stock (the Klondike page,
"Scoring": Vegas gives one pass in draw 1 and three in draw 3; the others, unlimited).

One value carries all of it, so that no page or service works out passes or builds a query
string by hand.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .positions import VARIANTS
from .scoring import SCORINGS, passes_for

DRAWS = (1, 3)


@dataclass(frozen=True, slots=True)
class Mode:
    variant: str
    draw: int | None = None  # Klondike: 1 or 3
    scoring: str = "none"  # Yukon keeps no score

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS or self.scoring not in SCORINGS:
            raise ValueError(f"no such mode: {self.variant!r}, scoring {self.scoring!r}")
        if (self.variant == "klondike") != (self.draw in DRAWS):
            raise ValueError(f"{self.variant} does not draw {self.draw!r}")

    @classmethod
    def yukon(cls) -> Mode:
        return cls("yukon")

    @property
    def passes(self) -> int | None:
        """The pass limit through the stock, None for unlimited (and for Yukon)."""
        return passes_for(self.scoring, self.draw) if self.draw else None

    @property
    def query(self) -> str:
        """What a deal's or a new game's address adds to ask for this mode."""
        return f"?draw={self.draw}&scoring={self.scoring}" if self.draw else ""

    @property
    def stored(self) -> dict:
        """The mode as a game row holds it: draw, scoring and passes."""
        return {"draw": self.draw, "scoring": self.scoring, "passes": self.passes}

    def with_draw(self, draw: int) -> Mode:
        return replace(self, draw=draw)

    def with_scoring(self, scoring: str) -> Mode:
        return replace(self, scoring=scoring)
