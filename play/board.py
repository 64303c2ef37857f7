"""The board: what the page shows of a position. Face-up cards come with the targets they
may go to, face-down cards as nothing but a count (DESIGN §5: a face-down card carries no
identity). The templates know it as `table`."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from games.engine import rules
from games.engine.cards import Card
from games.engine.finish import finishing_moves, is_in_order
from games.engine.moves import Move
from games.engine.positions import Position


@dataclass
class CardView:
    card: Card
    targets: str  # space-separated piles it may go to, e.g. "t3 f1"
    selected: bool = False
    hinted: bool = False
    covered: bool = False  # under the top of a draw-3 waste fan: shown, never playable


@dataclass
class PileView:
    name: str  # data-pile: t1..t7, f1..f4, stock, waste
    title: str  # what a screen reader hears, e.g. "Column 3"
    down: int = 0
    cards: list[CardView] = field(default_factory=list)
    size: int = 0  # every card in the pile, shown or not
    lit: bool = False  # a target of the selected card (the no-JavaScript page lights it)
    hinted: bool = False


@dataclass
class BoardView:
    variant: str
    columns: list[PileView]
    foundations: list[PileView]
    stock: PileView | None
    waste: PileView | None
    draw: int | None
    stock_left: int
    position: Position = field(repr=False, compare=False)  # the position shown
    passes_left: int | None = None  # Klondike with limited passes: this one included

    @cached_property
    def can_finish(self) -> bool:
        """The finish button shows: worked out when the page asks, since it plays the finish
        out (the board a move's answer compares with never asks)."""
        return finishing_moves(self.position) is not None

    @property
    def last_pass(self) -> bool:
        """The waste can't go back to the stock any more (Vegas after its last pass)."""
        return self.passes_left is not None and self.passes_left <= 1


def board(position: Position, selected: Card | None = None, hint: Move | None = None) -> BoardView:
    targets = rules.targets(position)
    selected_targets = set(targets.get(selected, ())) if selected else set()
    hint_card = hint.card if hint else None

    def view(card: Card) -> CardView:
        return CardView(
            card, " ".join(targets.get(card, ())), selected=card == selected,
            hinted=card == hint_card,
        )  # fmt: skip

    def pile(name: str, title: str, cards, down: int = 0) -> PileView:
        return PileView(
            name, title, down, [view(card) for card in cards], lit=name in selected_targets,
            hinted=hint is not None and hint.target == name,
        )  # fmt: skip

    columns = [
        pile(f"t{i}", f"Column {i}", column.up, len(column.down))
        for i, column in enumerate(position.tableau, start=1)
    ]
    foundations = [
        pile(f"f{i}", f"Foundation {i}", stack[-1:], 0)
        for i, stack in enumerate(position.foundations, start=1)
    ]
    for view_, stack in zip(foundations, position.foundations, strict=True):
        view_.size = len(stack)
    stock = waste = None
    if position.variant == "klondike":
        stock = PileView("stock", "Stock", len(position.stock), size=len(position.stock))
        shown = position.waste[-(position.draw or 1) :]
        waste = pile("waste", "Waste", shown)
        for card_view in waste.cards[:-1]:
            card_view.targets = ""  # only the top of the fan is playable
            card_view.covered = True
        stock.hinted = hint is not None and hint.card is None
    return BoardView(
        variant=position.variant, columns=columns, foundations=foundations, stock=stock,
        waste=waste, draw=position.draw, stock_left=len(position.stock),
        passes_left=position.passes_left, position=position,
    )  # fmt: skip


def finish_blocker(position: Position) -> str:
    """Why the finish button is still withheld, once every column card is face up (before
    that, nobody looks for it); "" when it shows or is not near."""
    if position.is_won or position.face_down_count or finishing_moves(position) is not None:
        return ""
    name = "Auto-finish" if position.variant == "yukon" else "Finish"
    if position.variant == "klondike" and position.stock:
        return f"{name} comes once the stock is empty."
    if not is_in_order(position):
        return f"{name} comes once every column is in order."
    return ""


@dataclass
class Changes:
    """What of the board changed from one view to the next, for an answer that sends only
    that (play.views.game): the piles whose markup differs (a card's targets count: a move
    changes where the cards of piles it never touched may go), and the stock and the waste."""

    piles: list[PileView]
    stock: bool
    waste: bool


def changes(was: BoardView, now: BoardView) -> Changes:
    piles = [
        pile
        for pile, old in zip(
            now.foundations + now.columns, was.foundations + was.columns, strict=True
        )
        if pile != old
    ]
    stock = (now.stock, now.last_pass, now.draw) != (was.stock, was.last_pass, was.draw)
    return Changes(piles, stock=stock, waste=now.waste != was.waste)
