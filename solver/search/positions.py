"""Reading the Position JSON of DESIGN.md §3 into ints for the search, with checks.

Every problem raises PositionError with one line naming what is wrong, so that the `solve`
command can print it as is.
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import RANK, SUIT, parse


class PositionError(ValueError):
    """A position the search cannot take: malformed JSON shape or an impossible table."""


@dataclass(frozen=True, slots=True)
class Table:
    variant: str
    draw: int | None
    passes_left: int | None
    down: tuple[tuple[int, ...], ...]
    up: tuple[tuple[int, ...], ...]
    found: tuple[int, int, int, int]  # cards home per suit S, H, D, C
    stock: tuple[int, ...]  # first card listed is the next one turned
    waste: tuple[int, ...]  # bottom to top


def read_cards(codes: object, where: str) -> list[int]:
    if not isinstance(codes, list):
        raise PositionError(f"{where} must be a list of cards")
    try:
        return [parse(code, where) for code in codes]
    except ValueError as error:
        raise PositionError(str(error)) from None


def read_table(data: object) -> Table:
    """The Table of a Position JSON object (or of anything with .to_json(), such as the
    engine's Position); raises PositionError."""
    if hasattr(data, "to_json"):
        data = data.to_json()
    if not isinstance(data, dict):
        raise PositionError("a position is a JSON object")
    known = {"variant", "draw", "passes_left", "tableau", "foundations", "stock", "waste"}
    unknown = sorted(set(data) - known)
    if unknown:
        raise PositionError(f"unknown field {unknown[0]!r}")
    variant = data.get("variant")
    if variant not in ("yukon", "klondike"):
        raise PositionError(f"variant must be 'yukon' or 'klondike', not {variant!r}")
    draw = data.get("draw")
    passes = data.get("passes_left")
    for name, value in (("draw", draw), ("passes_left", passes)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool)):
            raise PositionError(f"{name} must be a whole number or null")
    if variant == "yukon":
        if draw is not None or passes is not None:
            raise PositionError("Yukon has no draw and no passes: both must be null")
    else:
        if draw not in (1, 3):
            raise PositionError("Klondike's draw must be 1 or 3")
        if passes is not None and passes < 1:
            raise PositionError("passes_left counts the current pass, so it is at least 1")
    tableau = data.get("tableau")
    if not isinstance(tableau, list) or len(tableau) != 7:
        raise PositionError("tableau must be a list of 7 columns")
    down, up = [], []
    for i, column in enumerate(tableau, 1):
        if not isinstance(column, dict) or set(column) - {"down", "up"}:
            raise PositionError(f"column {i} must be an object with 'down' and 'up'")
        down.append(tuple(read_cards(column.get("down", []), f"column {i} down")))
        up.append(tuple(read_cards(column.get("up", []), f"column {i} up")))
        if down[-1] and not up[-1]:
            raise PositionError(f"column {i} has face-down cards but none face up")
    foundations = data.get("foundations", [[], [], [], []])
    if not isinstance(foundations, list) or len(foundations) != 4:
        raise PositionError("foundations must be a list of 4 piles")
    found = [0, 0, 0, 0]
    home = []
    for i, codes in enumerate(foundations, 1):
        pile = read_cards(codes, f"foundation {i}")
        if pile:
            suit = SUIT[pile[0]]
            if any(SUIT[c] != suit or RANK[c] != n for n, c in enumerate(pile)):
                raise PositionError(f"foundation {i} is not a run from the ace in one suit")
            if found[suit]:
                raise PositionError(f"foundation {i} repeats a suit")
            found[suit] = len(pile)
        home.extend(pile)
    stock = tuple(read_cards(data.get("stock", []), "stock"))
    waste = tuple(read_cards(data.get("waste", []), "waste"))
    if variant == "yukon" and (stock or waste):
        raise PositionError("Yukon has no stock and no waste")
    every = [c for column in down + up for c in column] + home + list(stock) + list(waste)
    if len(set(every)) != len(every):
        seen = set()
        for c in every:
            if c in seen:
                from .cards import CODES

                raise PositionError(f"{CODES[c]} appears twice")
            seen.add(c)
    if len(every) != 52:
        raise PositionError(f"a position holds all 52 cards, this one {len(every)}")
    return Table(variant, draw, passes, tuple(down), tuple(up), tuple(found), stock, waste)
