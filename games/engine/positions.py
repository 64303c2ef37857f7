"""Positions: immutable snapshots of the table, with the Position JSON of DESIGN.md §3
and a compact one-line text form for building test cases.

Text form, sections separated by `;`, empty piles left out:

    yukon; t1: 6S; t2: 4S | QC 9H 2D; f1: AS..4S
    klondike draw=3 passes=2; t1: 7H; stock: 7C TD; waste: 3S

A column lists its face-down cards, `|`, then its face-up cards, bottom to top
(no `|`: all face up). `AS..4S` spells a foundation run.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .cards import Card, CardError

VARIANTS = ("yukon", "klondike")
COLUMNS = 7
FOUNDATIONS = 4
JSON_FIELDS = {"variant", "draw", "passes_left", "tableau", "foundations", "stock", "waste"}


class PositionError(ValueError):
    """A position description (JSON or text) that does not describe a legal table."""


@dataclass(frozen=True, slots=True)
class Column:
    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()

    @property
    def top(self) -> Card | None:
        return self.up[-1] if self.up else None

    def __len__(self) -> int:
        return len(self.down) + len(self.up)


@dataclass(frozen=True, slots=True)
class Position:
    variant: str
    tableau: tuple[Column, ...]
    foundations: tuple[tuple[Card, ...], ...] = ((), (), (), ())
    stock: tuple[Card, ...] = ()  # first card is the next one turned
    waste: tuple[Card, ...] = ()  # bottom to top
    draw: int | None = None  # Klondike: 1 or 3
    # Passes through the stock still allowed, the current one included; None = unlimited.
    passes_left: int | None = None
    _where: dict = field(default=None, compare=False, hash=False, repr=False)

    def __post_init__(self) -> None:
        if self.variant not in VARIANTS:
            raise PositionError(f"unknown variant {self.variant!r}")
        if len(self.tableau) != COLUMNS or len(self.foundations) != FOUNDATIONS:
            raise PositionError("a position has 7 columns and 4 foundations")
        if self.variant == "yukon":
            if self.draw is not None or self.passes_left is not None or self.stock or self.waste:
                raise PositionError("Yukon has no stock, waste, draw or passes")
        else:
            if self.draw not in (1, 3):
                raise PositionError("Klondike draws 1 or 3 cards")
            if self.passes_left is not None and self.passes_left < 1:
                raise PositionError("passes_left counts the current pass, so it is at least 1")
        for i, column in enumerate(self.tableau, start=1):
            # Auto-flip means a column never shows only its back: that is not a table.
            if column.down and not column.up:
                raise PositionError(f"column {i} has face-down cards but none face up")
        where: dict[Card, tuple[str, int]] = {}
        for pile, index, card in self._placements():
            if card in where:
                raise PositionError(f"{card.code} appears twice")
            where[card] = (pile, index)
        object.__setattr__(self, "_where", where)

    def _placements(self) -> Iterator[tuple[str, int, Card]]:
        for i, column in enumerate(self.tableau):
            for card in column.down + column.up:
                yield "t", i, card
        for i, pile in enumerate(self.foundations):
            for card in pile:
                yield "f", i, card
        for card in self.stock:
            yield "stock", 0, card
        for card in self.waste:
            yield "waste", 0, card

    # -- questions -------------------------------------------------------------------------

    def locate(self, card: Card) -> tuple[str, int] | None:
        """Where a card lies: ("t", column), ("f", slot), ("stock", 0), ("waste", 0) or None."""
        return self._where.get(card)

    @property
    def cards(self) -> frozenset[Card]:
        return frozenset(self._where)

    @property
    def face_down_count(self) -> int:
        return sum(len(column.down) for column in self.tableau)

    @property
    def foundation_count(self) -> int:
        return sum(len(pile) for pile in self.foundations)

    @property
    def is_won(self) -> bool:
        return self.foundation_count == len(self._where)

    def moved(self, relocated: dict[Card, tuple[str, int]], **changes) -> Position:
        """The position after a move the rules have allowed: `changes` the fields it
        changes (as for dataclasses.replace), and `relocated` where each card that changed piles
        lies now.

        A replay makes one position per move, and checking all 52 cards again was most of its
        time; a legal move only moves the cards it names, so their new places are enough.
        tests/engine/test_positions.py holds this to the checked constructor over whole games.
        """
        new = object.__new__(Position)
        for name in _FIELDS:
            object.__setattr__(new, name, changes.pop(name, getattr(self, name)))
        if changes:
            raise TypeError(f"a position has no field {sorted(changes)[0]!r}")
        where = self._where.copy()
        where.update(relocated)
        object.__setattr__(new, "_where", where)
        return new

    # -- Position JSON ---------------------------------------------------------------------

    def to_json(self) -> dict:
        return {
            "variant": self.variant,
            "draw": self.draw,
            "passes_left": self.passes_left,
            "tableau": [
                {"down": _codes(column.down), "up": _codes(column.up)} for column in self.tableau
            ],
            "foundations": [_codes(pile) for pile in self.foundations],
            "stock": _codes(self.stock),
            "waste": _codes(self.waste),
        }

    @classmethod
    def from_json(cls, data: object) -> Position:
        """Reads the Position JSON; raises PositionError naming what is wrong."""
        if not isinstance(data, dict):
            raise PositionError("a position is a JSON object")
        unknown = set(data) - JSON_FIELDS
        if unknown:
            raise PositionError(f"unknown field {sorted(unknown)[0]!r}")
        if data.get("variant") not in VARIANTS:  # first: it says what the rest should be
            raise PositionError(f"unknown variant {data.get('variant')!r}")
        tableau = data.get("tableau")
        if not isinstance(tableau, list) or len(tableau) != COLUMNS:
            raise PositionError("tableau must be a list of 7 columns")
        columns = []
        for i, column in enumerate(tableau, start=1):
            if not isinstance(column, dict) or set(column) - {"down", "up"}:
                raise PositionError(f"column {i} must be an object with 'down' and 'up'")
            down = _cards(column.get("down", []), f"column {i} down")
            up = _cards(column.get("up", []), f"column {i} up")
            columns.append(Column(down, up))
        foundations = data.get("foundations", [[], [], [], []])
        if not isinstance(foundations, list) or len(foundations) != FOUNDATIONS:
            raise PositionError("foundations must be a list of 4 piles")
        piles = tuple(_cards(p, f"foundation {i}") for i, p in enumerate(foundations, 1))
        for i, pile in enumerate(piles, start=1):
            if not is_foundation_run(pile):
                raise PositionError(f"foundation {i} is not a run from the ace in one suit")
        draw = data.get("draw")
        passes_left = data.get("passes_left")
        for name, value in (("draw", draw), ("passes_left", passes_left)):
            if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
                raise PositionError(f"{name} must be a whole number or null")
        return cls(
            variant=data.get("variant"),
            tableau=tuple(columns),
            foundations=piles,
            stock=_cards(data.get("stock", []), "stock"),
            waste=_cards(data.get("waste", []), "waste"),
            draw=draw,
            passes_left=passes_left,
        )

    # -- text form -------------------------------------------------------------------------

    def to_text(self) -> str:
        head = self.variant
        if self.variant == "klondike":
            head += f" draw={self.draw}"
            if self.passes_left is not None:
                head += f" passes={self.passes_left}"
        parts = [head]
        for i, column in enumerate(self.tableau, start=1):
            if column.down:
                parts.append(f"t{i}: {_spaced(column.down)} | {_spaced(column.up)}")
            elif column.up:
                parts.append(f"t{i}: {_spaced(column.up)}")
        for i, pile in enumerate(self.foundations, start=1):
            if pile:
                parts.append(f"f{i}: {pile[0].code}..{pile[-1].code}")
        if self.stock:
            parts.append(f"stock: {_spaced(self.stock)}")
        if self.waste:
            parts.append(f"waste: {_spaced(self.waste)}")
        return "; ".join(parts)

    @classmethod
    def from_text(cls, text: str) -> Position:
        """Reads the one-line text form (see the module docstring); raises PositionError."""
        head, *sections = [part.strip() for part in text.strip().split(";")]
        if not head:
            raise PositionError("a position text starts with its variant, e.g. 'yukon; t1: 6S'")
        variant, *options = head.split()
        settings = {"draw": None, "passes": None}
        for option in options:
            name, _, value = option.partition("=")
            if name not in settings or not value.isdigit():
                raise PositionError(f"unknown option {option!r}")
            settings[name] = int(value)
        if variant == "klondike" and settings["draw"] is None:
            settings["draw"] = 1
        columns = [Column() for _ in range(COLUMNS)]
        foundations: list[tuple[Card, ...]] = [() for _ in range(FOUNDATIONS)]
        stock: tuple[Card, ...] = ()
        waste: tuple[Card, ...] = ()
        seen: set[str] = set()
        for section in sections:
            if not section:
                continue
            name, colon, body = section.partition(":")
            name = name.strip()
            if not colon:
                raise PositionError(f"section {section!r} needs a name and a colon")
            if name in seen:  # a second section would silently replace the first
                raise PositionError(f"pile {name!r} is given twice")
            seen.add(name)
            if _is_pile(name, "t", COLUMNS):
                down_text, bar, up_text = body.partition("|")
                if not bar:
                    down_text, up_text = "", down_text
                columns[int(name[1:]) - 1] = Column(_parse_cards(down_text), _parse_cards(up_text))
            elif _is_pile(name, "f", FOUNDATIONS):
                foundations[int(name[1:]) - 1] = _parse_foundation(body)
            elif name == "stock":
                stock = _parse_cards(body)
            elif name == "waste":
                waste = _parse_cards(body)
            else:
                raise PositionError(f"unknown pile {name!r}")
        return cls(
            variant=variant,
            tableau=tuple(columns),
            foundations=tuple(foundations),
            stock=stock,
            waste=waste,
            draw=settings["draw"],
            passes_left=settings["passes"],
        )


_FIELDS = ("variant", "tableau", "foundations", "stock", "waste", "draw", "passes_left")


def is_foundation_run(pile: tuple[Card, ...]) -> bool:
    return all(card.suit == pile[0].suit and card.rank == n for n, card in enumerate(pile, 1))


def _codes(cards: Iterable[Card]) -> list[str]:
    return [card.code for card in cards]


def _spaced(cards: Iterable[Card]) -> str:
    return " ".join(card.code for card in cards)


def _cards(codes: object, where: str) -> tuple[Card, ...]:
    if not isinstance(codes, list):
        raise PositionError(f"{where} must be a list of cards")
    try:
        return tuple(Card.parse(code) for code in codes)
    except CardError as error:
        raise PositionError(f"{where}: {error}") from None


def _parse_cards(text: str) -> tuple[Card, ...]:
    try:
        return tuple(Card.parse(code) for code in text.split())
    except CardError as error:
        raise PositionError(str(error)) from None


def _parse_foundation(text: str) -> tuple[Card, ...]:
    text = text.strip()
    if ".." not in text:
        pile = _parse_cards(text)
    else:
        ends = _parse_cards(text.replace("..", " "))
        if len(ends) != 2 or text.count("..") != 1:
            raise PositionError(f"{text!r} is not a run such as AS..4S")
        first, last = ends
        if first.suit != last.suit:
            raise PositionError(f"{text!r} is not a run in one suit")
        if last.rank < first.rank:  # the range would be empty and pass as an empty pile
            raise PositionError(f"{text!r} runs backwards")
        pile = tuple(Card(rank, first.suit) for rank in range(first.rank, last.rank + 1))
    if not is_foundation_run(pile):
        raise PositionError(f"{text!r} is not a run from the ace in one suit")
    return pile


def _is_pile(name: str, prefix: str, count: int) -> bool:
    return name[:1] == prefix and name[1:].isdigit() and 1 <= int(name[1:]) <= count
