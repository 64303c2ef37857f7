"""Deals by game number: a keyed Fisher–Yates shuffle (DESIGN.md §4).

The random stream is HMAC-SHA256(key, "<variant>:<number>:<block>") for blocks 0, 1, 2, …
read as 32-bit big-endian integers. The shuffle walks i from 51 down to 1 and swaps card i
with card j, j uniform in 0..i, drawn by rejection sampling so that no j is favoured.
The shuffled deck is dealt column by column, bottom to top; Klondike's last 24 cards are
the stock, the first of them the next card turned. Without the site's key nobody can work
out the face-down cards from a game number.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterator

from .cards import DECK, Card
from .positions import VARIANTS, Column, Position
from .rules import klondike, yukon

MIN_NUMBER = 1
MAX_NUMBER = 2**31 - 1


class DealError(ValueError):
    """A variant or game number that names no deal."""


def check_number(number: object) -> int:
    """The game number as an int; raises DealError for anything outside 1..2**31-1."""
    # isascii: str.isdigit also admits "²" (int() fails) and other scripts' digits.
    if isinstance(number, str) and number.isascii() and number.isdigit() and len(number) <= 10:
        number = int(number)
    if not isinstance(number, int) or isinstance(number, bool):
        raise DealError(f"{str(number)[:20]!r} is not a game number")
    if not MIN_NUMBER <= number <= MAX_NUMBER:
        raise DealError(f"Game numbers run from {MIN_NUMBER} to {MAX_NUMBER}")
    return number


def shuffled_deck(variant: str, number: int, key: bytes) -> tuple[Card, ...]:
    if variant not in VARIANTS:
        raise DealError(f"{variant!r} is not a variant: choose {' or '.join(VARIANTS)}")
    number = check_number(number)
    stream = _stream(key, f"{variant}:{number}".encode())
    cards = list(DECK)
    for i in range(len(cards) - 1, 0, -1):
        j = _below(stream, i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def deal(
    variant: str, number: int, key: bytes, draw: int = 1, passes: int | None = None
) -> Position:
    """The deal of game `number`; `draw` and `passes` only matter for Klondike."""
    return layout(variant, shuffled_deck(variant, number, key), draw, passes)


def layout(
    variant: str, cards: tuple[Card, ...], draw: int = 1, passes: int | None = None
) -> Position:
    """Deal a deck in the given order onto the table."""
    sizes = yukon.COLUMN_SIZES if variant == "yukon" else klondike.COLUMN_SIZES
    columns = []
    start = 0
    for i, size in enumerate(sizes):
        dealt = cards[start : start + size]
        hidden = i  # column k (from 1) hides k-1 cards in both games
        columns.append(Column(dealt[:hidden], dealt[hidden:]))
        start += size
    if variant == "yukon":
        return Position("yukon", tuple(columns))
    return Position("klondike", tuple(columns), stock=cards[start:], draw=draw, passes_left=passes)


def _stream(key: bytes, label: bytes) -> Iterator[int]:
    block = 0
    while True:
        digest = hmac.new(key, label + b":%d" % block, hashlib.sha256).digest()
        for k in range(0, len(digest), 4):
            yield int.from_bytes(digest[k : k + 4], "big")
        block += 1


def _below(stream: Iterator[int], n: int) -> int:
    """A uniform integer in 0..n-1: values in the incomplete last bucket are thrown away."""
    limit = (2**32 // n) * n
    while True:
        value = next(stream)
        if value < limit:
            return value % n
