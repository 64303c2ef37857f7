"""Auto-finish (Yukon) and Finish (Klondike): when the button shows, and what it plays."""

from __future__ import annotations

from .moves import DRAW, REDEAL, Move
from .positions import Position
from .rules import klondike
from .rules.core import apply, first_foundation_for


def is_in_order(position: Position) -> bool:
    """Every column's face-up cards already alternate in colour and descend by one."""
    return all(
        upper.is_red != lower.is_red and upper.rank == lower.rank - 1
        for column in position.tableau
        for lower, upper in zip(column.up, column.up[1:], strict=False)
    )


def finishing_moves(position: Position) -> list[Move] | None:
    """The moves the finish button plays, or None when it must not be offered.

    The button shows when the seed pages say so (Yukon: no face-down card and every
    column in order; Klondike: the stock empty and every card face up), and only when
    playing cards home really completes the game: the moves are found by playing it out.
    """
    if position.is_won or position.face_down_count or not is_in_order(position):
        return None
    if position.variant == "klondike" and position.stock:
        return None
    moves: list[Move] = []
    # Every move either sends a card home or turns the stock; two whole trips through
    # stock and waste without a card going home means the stock is stuck.
    stuck_after = 2 * (len(position.stock) + len(position.waste) + 1)
    idle = 0
    while not position.is_won:
        move = _next_home(position)
        if move is None:
            target = DRAW if position.stock else REDEAL
            if position.variant != "klondike" or idle >= stuck_after:
                return None
            if klondike.stock_refusal(position, target):
                return None
            move = Move(None, target)
            idle += 1
        else:
            idle = 0
        position = apply(position, move)
        moves.append(move)
    return moves


def _next_home(position: Position) -> Move | None:
    """The lowest card that can go to a foundation right now."""
    candidates = [column.top for column in position.tableau if column.top]
    if position.waste:
        candidates.append(position.waste[-1])
    for card in sorted(candidates, key=lambda card: card.rank):
        slot = first_foundation_for(position, card)
        if slot is not None:
            return Move(card, f"f{slot + 1}")
    return None
