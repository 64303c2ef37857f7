"""The rules again, written the slow and obvious way straight from the seed pages, so that
random play can check the engine against something it does not share code with."""

from __future__ import annotations

from dataclasses import replace

from games.engine.cards import Card
from games.engine.moves import Move
from games.engine.positions import Column, Position


def lands_on(card: Card, top: Card | None) -> bool:
    """Opposite colour and one rank higher; only a king on an empty column."""
    if top is None:
        return card.rank == 13
    return top.is_red != card.is_red and top.rank == card.rank + 1


def goes_home(card: Card, pile: tuple[Card, ...]) -> bool:
    """An ace on an empty foundation, then one card at a time up in its suit."""
    if not pile:
        return card.rank == 1
    return pile[-1].suit == card.suit and pile[-1].rank + 1 == card.rank


def in_order(cards: tuple[Card, ...]) -> bool:
    return all(
        a.is_red != b.is_red and a.rank == b.rank + 1
        for a, b in zip(cards, cards[1:], strict=False)
    )


def first_home(position: Position, card: Card) -> int | None:
    return next((s for s, pile in enumerate(position.foundations) if goes_home(card, pile)), None)


def legal_moves(position: Position) -> set[str]:
    """Every legal move as text, a foundation move naming the first slot that takes it."""
    found = set()
    tops = [column.up[-1] if column.up else None for column in position.tableau]
    for i, column in enumerate(position.tableau):
        for k, card in enumerate(column.up):
            if position.variant == "klondike" and not in_order(column.up[k:]):
                continue
            found |= {
                f"{card.code}-t{j + 1}" for j in range(7) if j != i and lands_on(card, tops[j])
            }
            if k == len(column.up) - 1 and first_home(position, card) is not None:
                found.add(f"{card.code}-f{first_home(position, card) + 1}")
    for pile in position.foundations:
        if pile:
            found |= {f"{pile[-1].code}-t{j + 1}" for j in range(7) if lands_on(pile[-1], tops[j])}
    if position.waste:
        card = position.waste[-1]
        found |= {f"{card.code}-t{j + 1}" for j in range(7) if lands_on(card, tops[j])}
        if first_home(position, card) is not None:
            found.add(f"{card.code}-f{first_home(position, card) + 1}")
    if position.variant == "klondike":
        if position.stock:
            found.add("d")
        elif position.waste and (position.passes_left is None or position.passes_left > 1):
            found.add("r")
    return found


def apply(position: Position, move: Move) -> Position:
    """The position after a move already known to be legal."""
    if move.target == "d":
        turned = position.stock[: position.draw]
        return replace(position, stock=position.stock[len(turned) :], waste=position.waste + turned)
    if move.target == "r":
        passes = position.passes_left
        return replace(
            position,
            stock=position.waste,
            waste=(),
            passes_left=None if passes is None else passes - 1,
        )
    tableau = list(position.tableau)
    foundations = list(position.foundations)
    waste = position.waste
    card = move.card
    for i, column in enumerate(tableau):
        if card in column.up:
            k = column.up.index(card)
            stack, up, down = column.up[k:], column.up[:k], column.down
            if not up and down:
                up, down = down[-1:], down[:-1]
            tableau[i] = Column(down, up)
            break
    else:
        stack = (card,)
        if waste and waste[-1] == card:
            waste = waste[:-1]
        else:
            s = next(s for s, pile in enumerate(foundations) if pile and pile[-1] == card)
            foundations[s] = foundations[s][:-1]
    if move.to_column is not None:
        j = move.to_column
        tableau[j] = Column(tableau[j].down, tableau[j].up + stack)
    else:
        slot = move.foundation_slot
        if slot is None:
            slot = first_home(position, card)
        foundations[slot] = foundations[slot] + stack
    return replace(position, tableau=tuple(tableau), foundations=tuple(foundations), waste=waste)
