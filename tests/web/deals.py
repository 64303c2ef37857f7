"""Deals built by hand for the web tests, stored as real Deal rows (DESIGN §4: the Deal row is
the truth once a number is dealt), each checked against the engine's own layout."""

from __future__ import annotations

from games import deals
from games.engine.cards import DECK, Card
from games.engine.positions import Position
from games.models import Deal

# Numbers no test reaches through the site's own shuffle.
WORKED_EXAMPLE = 2_000_000_001
EASY_YUKON = 2_000_000_002
EASY_KLONDIKE = 2_000_000_003


def dealt(variant: str, columns: list[str], stock: tuple[str, ...] = (), draw: int = 1) -> Position:
    """A deal position from its seven columns ("down | up", bottom to top) and Klondike's
    stock. `?` is any card not named elsewhere, in deck order; cards left over after the
    columns go to the end of the stock."""
    named = {code for column in columns for code in column.replace("|", " ").split()}
    spare = iter(card.code for card in DECK if card.code not in named | set(stock))
    filled = [" ".join(next(spare) if c == "?" else c for c in col.split()) for col in columns]
    head = f"klondike draw={draw}" if variant == "klondike" else variant
    sections = [head] + [f"t{i}: {column}" for i, column in enumerate(filled, start=1)]
    stock = [*stock, *spare]
    if stock:
        sections.append("stock: " + " ".join(stock))
    return Position.from_text("; ".join(sections))


def store(position: Position, number: int) -> Deal:
    """Store the position as the deal of `number`; it must be a real deal of that variant."""
    cards = "".join(card.code for card in deals.dealt_order(position))
    deal = Deal.objects.create(variant=position.variant, number=number, cards=cards)
    assert deals.deal_position(deal, position.draw) == position, "not a dealt layout"
    return deal


def worked_example() -> Deal:
    """The Yukon seed's worked example: column three shows ♠9 ♦4 ♣J ♥2 ♠6 over two hidden
    cards, column five ends in ♥10 and column six in ♣10."""
    return store(
        dealt(
            "yukon",
            [
                "QS",
                "? | ? ? ? ? 3C",
                "? ? | 9S 4D JC 2H 6S",
                "? ? ? | ? ? ? ? 8H",
                "? ? ? ? | ? ? ? ? TH",
                "? ? ? ? ? | ? ? ? ? TC",
                "? ? ? ? ? ? | ? ? ? ? 5D",
            ],
        ),
        WORKED_EXAMPLE,
    )


# The order cards go home in: every ace, then every two, and so on.
HOME_ORDER = [Card(rank, suit) for rank in range(1, 14) for suit in "SHDC"]


def easy_yukon() -> tuple[Deal, list[str]]:
    """A Yukon deal won by sending cards home in HOME_ORDER, with the 48 moves that leave
    only the four kings, each alone in one of the first four columns (Auto-finish shows).

    Every column holds cards that go home later the lower they lie, so the next card home
    is always on top of a column; the kings lie at the bottom of columns one to four.
    """
    later_first = [card.code for card in reversed(HOME_ORDER) if card.rank != 13]
    sizes = (0, 5, 6, 7, 9, 10, 11)  # what each column holds above its king, if any
    columns, start = [], 0
    for i, size in enumerate(sizes):
        cards = ([f"K{'SHDC'[i]}"] if i < 4 else []) + later_first[start : start + size]
        start += size
        columns.append(" ".join(cards[:i]) + " | " + " ".join(cards[i:]) if i else cards[0])
    line = [f"{card.code}-f" for card in HOME_ORDER if card.rank != 13]
    return store(dealt("yukon", columns), EASY_YUKON), line


def easy_klondike() -> tuple[Deal, list[str]]:
    """A Klondike deal whose draw-1 line sends HOME_ORDER home: the 28 lowest cards from the
    columns, then each stock card as it is turned. Returns the deal and the 76-move line."""
    later_first = [card.code for card in reversed(HOME_ORDER[:28])]
    columns, start = [], 0
    for size in range(1, 8):
        cards = later_first[start : start + size]
        start += size
        columns.append(" ".join(cards[: size - 1]) + " | " + cards[-1])
    position = dealt("klondike", columns, stock=tuple(c.code for c in HOME_ORDER[28:]))
    line = [f"{card.code}-f" for card in HOME_ORDER[:28]]
    for card in HOME_ORDER[28:]:
        line += ["d", f"{card.code}-f"]
    return store(position, EASY_KLONDIKE), line
