"""Playing cards: the two-character code (`7S`, `TD`, `AH`) and how people see them (`♠7`)."""

from __future__ import annotations

from dataclasses import dataclass, field

RANKS = "A23456789TJQK"
SUITS = "SHDC"
RED_SUITS = frozenset("HD")

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_LABELS = {1: "A", 10: "10", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "jack", 12: "queen", 13: "king",
}  # fmt: skip


class CardError(ValueError):
    """A card code that names no card."""


@dataclass(frozen=True, slots=True)
class Card:
    rank: int  # 1 (ace) .. 13 (king)
    suit: str  # one of SUITS
    # Derived once when the card is made: every page shows each card's code, label and name,
    # and the rules ask its colour on every landing.
    code: str = field(init=False, compare=False, repr=False)  # `7S`
    is_red: bool = field(init=False, compare=False, repr=False)
    label: str = field(init=False, compare=False, repr=False)  # what a person reads: `♠9`, `♦10`
    spoken: str = field(init=False, compare=False, repr=False)  # a screen reader: `nine of spades`
    _hash: int = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not (1 <= self.rank <= 13 and self.suit in SUIT_NAMES):
            raise CardError(f"no card has rank {self.rank!r} and suit {self.suit!r}")
        facts = {
            "code": RANKS[self.rank - 1] + self.suit,
            "is_red": self.suit in RED_SUITS,
            "label": SUIT_SYMBOLS[self.suit] + rank_label(self.rank),
            "spoken": f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}",
            "_hash": hash((self.rank, self.suit)),
        }
        for name, value in facts.items():
            object.__setattr__(self, name, value)

    @classmethod
    def parse(cls, code: str) -> Card:
        """`Card.parse("7S")`; raises CardError for anything else."""
        try:
            return _BY_CODE[code.upper()]
        except (KeyError, AttributeError):
            raise CardError(f"{code!r} is not a card") from None

    def __hash__(self) -> int:
        # Kept, not recomputed: every position maps all 52 cards to their places.
        return self._hash

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({self.code})"


def rank_label(rank: int) -> str:
    return RANK_LABELS.get(rank, str(rank))


def colour_name(red: bool) -> str:
    return "red" if red else "black"


# A new deck in a fixed order: suits S, H, D, C, each ace to king.
DECK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))
_BY_CODE = {card.code: card for card in DECK}
