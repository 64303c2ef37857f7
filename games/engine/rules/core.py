"""The rules both games share, and the entry points: `apply`, `legal_moves`, `targets`.

Yukon and Klondike land cards the same way (opposite colour, one rank lower; kings
into empty columns), build foundations the same way (any ace claims an empty slot,
then one card at a time in its suit) and let a foundation's top card come back down.
They differ in what may be lifted from a column (`yukon.lift_refusal`,
`klondike.lift_refusal`) and in Klondike's stock and waste.
"""

from __future__ import annotations

from ..cards import Card, colour_name, rank_label
from ..moves import DRAW, REDEAL, IllegalMove, Move
from ..positions import Column, Position
from . import klondike, yukon

VARIANT_RULES = {"yukon": yukon, "klondike": klondike}


def apply(position: Position, move: Move) -> Position:
    """The position after `move`; raises IllegalMove with a message for the player.

    A move that uncovers a face-down card flips it as part of the same move.
    """
    if move.card is None:
        if position.variant != "klondike":
            raise IllegalMove("Yukon has no stock: every card is already on the table")
        return klondike.apply_stock_move(position, move)
    lifted, source = _lift(position, move.card)
    if move.to_foundation:
        slot = _foundation_slot(position, lifted, source, move.foundation_slot)
        return _move(position, lifted, source, ("f", slot))
    column = move.to_column
    if source == ("t", column):
        raise IllegalMove(f"{move.card.label} is already in that column")
    refusal = landing_refusal(move.card, position.tableau[column])
    if refusal:
        raise IllegalMove(refusal)
    return _move(position, lifted, source, ("t", column))


def move_back(before: Position, move: Move) -> Move | None:
    """The move that takes the position `move` reaches straight back to `before`, if the
    rules allow one; None when they don't: a stock move, a card from the waste, a move that
    turned a card up, or one whose card cannot land where it came from.

    The only candidate is the same card going back to its pile, so this costs one move
    tried, not a search. Raises IllegalMove if `move` itself is illegal on `before`."""
    after = apply(before, move)
    if move.card is None:
        return None
    pile, index = before.locate(move.card)
    if pile not in ("t", "f"):
        return None
    back = Move(move.card, f"{pile}{index + 1}")
    try:
        returned = apply(after, back)
    except IllegalMove:
        return None
    return back if returned == before else None


def landing_refusal(card: Card, column: Column) -> str | None:
    """Why `card` (leading whatever it carries) can't land on `column`; None if it can."""
    top = column.top
    if top is None:
        return None if card.rank == 13 else "Only a king can go to an empty column"
    if top.is_red != card.is_red and top.rank == card.rank + 1:
        return None
    if card.rank == 13:
        return f"{card.label} goes only on an empty column"
    return f"{card.label} goes on a {colour_name(not card.is_red)} {rank_label(card.rank + 1)}"


def goes_on_foundation(card: Card, pile: tuple[Card, ...]) -> bool:
    """Whether `card` may go on this foundation pile: `foundation_refusal` without the words,
    which the board asks of every movable card and slot on every move."""
    if not pile:
        return card.rank == 1
    return pile[-1].suit == card.suit and pile[-1].rank == card.rank - 1


def foundation_refusal(card: Card, pile: tuple[Card, ...]) -> str | None:
    """Why `card` can't go on this foundation pile; None if it can."""
    if goes_on_foundation(card, pile):
        return None
    if not pile:
        return "A foundation starts with an ace"
    if card.rank == 1:
        return "An ace goes on an empty foundation"
    return f"{card.label} goes on {Card(card.rank - 1, card.suit).label}"


def first_foundation_for(position: Position, card: Card) -> int | None:
    """The slot that `f` means for this card: the first one that takes it."""
    for slot, pile in enumerate(position.foundations):
        if goes_on_foundation(card, pile):
            return slot
    return None


def movable_cards(position: Position) -> list[tuple[Card, tuple[str, int]]]:
    """Every card that may be picked up, with where it lies."""
    lift_refusal = VARIANT_RULES[position.variant].lift_refusal
    cards = []
    for index, column in enumerate(position.tableau):
        for k, card in enumerate(column.up):
            if lift_refusal(column.up, k) is None:
                cards.append((card, ("t", index)))
    for slot, pile in enumerate(position.foundations):
        if pile:
            cards.append((pile[-1], ("f", slot)))
    if position.waste:
        cards.append((position.waste[-1], ("waste", 0)))
    return cards


def targets(position: Position) -> dict[Card, list[str]]:
    """For each card that may be picked up, every pile it may go to (what the page lights).

    An ace lists every empty foundation slot, since the player chooses which it claims.
    """
    found = {}
    lands = _landings(position)
    for card, source in movable_cards(position):
        places = [f"t{i + 1}" for i in _landing_columns(card, source, lands)]
        if _single(position, card, source) and source[0] != "f":
            places += [
                f"f{slot + 1}"
                for slot, pile in enumerate(position.foundations)
                if goes_on_foundation(card, pile)
            ]
        if places:
            found[card] = places
    return found


def legal_moves(position: Position) -> list[Move]:
    """Every legal move, once each: a foundation move names the slot `f` would pick."""
    moves = []
    lands = _landings(position)
    for card, source in movable_cards(position):
        moves += [Move(card, f"t{i + 1}") for i in _landing_columns(card, source, lands)]
        if _single(position, card, source) and source[0] != "f":
            slot = first_foundation_for(position, card)
            if slot is not None:
                moves.append(Move(card, f"f{slot + 1}"))
    if position.variant == "klondike":
        moves += [
            Move(None, target)
            for target in (DRAW, REDEAL)
            if klondike.stock_refusal(position, target) is None
        ]
    return moves


# -- the mechanics -----------------------------------------------------------------------------


def _lift(position: Position, card: Card) -> tuple[tuple[Card, ...], tuple[str, int]]:
    """The cards that go with `card`, and where they come from; raises IllegalMove."""
    where = position.locate(card)
    if where is None:
        raise IllegalMove(f"{card.label} is not on the table")
    pile, index = where
    if pile == "t":
        column = position.tableau[index]
        if card in column.down:
            raise IllegalMove("That card is face down")
        k = column.up.index(card)
        refusal = VARIANT_RULES[position.variant].lift_refusal(column.up, k)
        if refusal:
            raise IllegalMove(refusal)
        return column.up[k:], where
    if pile == "f":
        if position.foundations[index][-1] != card:
            raise IllegalMove("Only the top card of a foundation can move")
        return (card,), where
    if pile == "waste":
        if position.waste[-1] != card:
            raise IllegalMove("Only the top card of the waste can be played")
        return (card,), where
    raise IllegalMove(f"{card.label} is still in the stock: turn the stock to reach it")


def _foundation_slot(
    position: Position, lifted: tuple[Card, ...], source: tuple[str, int], slot: int | None
) -> int:
    card = lifted[0]
    if source[0] == "f":
        raise IllegalMove(f"{card.label} is already on a foundation")
    if len(lifted) > 1:
        raise IllegalMove(f"Only a column's top card can go to a foundation, not {card.label}")
    if slot is None:
        slot = first_foundation_for(position, card)
        if slot is None:
            raise IllegalMove(f"{card.label} goes on {Card(card.rank - 1, card.suit).label}")
        return slot
    refusal = foundation_refusal(card, position.foundations[slot])
    if refusal:
        raise IllegalMove(refusal)
    return slot


def _landings(position: Position) -> dict[tuple[int, bool | None], list[int]]:
    """The landing rule of `landing_refusal`, read once for all the columns: which columns
    take a card of each (rank, is_red). An empty column takes any king: (13, None)."""
    lands: dict[tuple[int, bool | None], list[int]] = {}
    for i, column in enumerate(position.tableau):
        top = column.top
        key = (13, None) if top is None else (top.rank - 1, not top.is_red)
        lands.setdefault(key, []).append(i)
    return lands


def _landing_columns(card: Card, source: tuple[str, int], lands: dict) -> list[int]:
    """The columns, in order, where `card` (leading whatever it carries) may land; `lands`
    is the position's `_landings`."""
    columns = lands.get((card.rank, card.is_red), [])
    if card.rank == 13:
        columns = sorted(columns + lands.get((13, None), []))
    return [i for i in columns if source != ("t", i)]


def _single(position: Position, card: Card, source: tuple[str, int]) -> bool:
    """True when `card` travels alone (it is the top of its pile)."""
    return source[0] != "t" or position.tableau[source[1]].top == card


def _move(
    position: Position,
    lifted: tuple[Card, ...],
    source: tuple[str, int],
    target: tuple[str, int],
) -> Position:
    tableau = list(position.tableau)
    foundations = list(position.foundations)
    changes: dict = {}
    kind, index = source
    if kind == "t":
        column = tableau[index]
        up = column.up[: len(column.up) - len(lifted)]
        down = column.down
        if not up and down:  # auto-flip: part of the same move
            down, up = down[:-1], down[-1:]
        tableau[index] = Column(down, up)
    elif kind == "f":
        foundations[index] = foundations[index][:-1]
    else:
        changes["waste"] = position.waste[:-1]
    kind, index = target
    if kind == "t":
        tableau[index] = Column(tableau[index].down, tableau[index].up + lifted)
    else:
        foundations[index] = foundations[index] + lifted
    landed = dict.fromkeys(lifted, target)
    return position.moved(landed, tableau=tuple(tableau), foundations=tuple(foundations), **changes)
