"""What is Klondike's own: ordered runs only, and the stock and waste."""

from __future__ import annotations

from ..cards import Card
from ..moves import DRAW, IllegalMove, Move
from ..positions import Position

COLUMN_SIZES = (1, 2, 3, 4, 5, 6, 7)


def lift_refusal(up: tuple[Card, ...], index: int) -> str | None:
    """Only a single card or a run already in order (alternating colours, down by one) moves."""
    for lower, upper in zip(up[index:], up[index + 1 :], strict=False):
        if upper.is_red == lower.is_red or upper.rank != lower.rank - 1:
            return f"Only a run in order can move, and {upper.label} does not follow {lower.label}"
    return None


NO_PASSES_LEFT = "No passes left: this game allows no more turns through the stock"


def stock_refusal(position: Position, target: str) -> str | None:
    last_pass = position.passes_left is not None and position.passes_left <= 1
    if target == DRAW:
        if position.stock:
            return None
        if position.waste:
            # Don't tell the player to turn the waste back over when that is refused too.
            if last_pass:
                return NO_PASSES_LEFT
            return "The stock is empty: tap its space to turn the waste back over"
        return "The stock and the waste are both empty"
    if position.stock:
        return "The waste goes back only once the stock is empty"
    if not position.waste:
        return "The waste is empty: there is nothing to turn back over"
    if last_pass:
        return NO_PASSES_LEFT
    return None


def apply_stock_move(position: Position, move: Move) -> Position:
    """`d` turns `draw` cards one at a time onto the waste; `r` turns the waste back over."""
    refusal = stock_refusal(position, move.target)
    if refusal:
        raise IllegalMove(refusal)
    if move.target == DRAW:
        turned = position.stock[: position.draw]
        return position.moved(
            dict.fromkeys(turned, ("waste", 0)),
            stock=position.stock[len(turned) :],
            waste=position.waste + turned,
        )
    passes_left = None if position.passes_left is None else position.passes_left - 1
    return position.moved(
        dict.fromkeys(position.waste, ("stock", 0)),
        stock=position.waste,
        waste=(),
        passes_left=passes_left,
    )
