"""What the table says after an action, in words, for the page's live region: a screen
reader hears "nine of hearts and 3 cards to column 5; a card turned up: king of diamonds"
where a sighted player sees the cards fly. Pure wording: it reads positions, never the
database."""

from __future__ import annotations

from games.engine import history
from games.engine.cards import Card
from games.engine.moves import DRAW, IllegalMove, Move
from games.engine.positions import Position
from games.engine.rules import apply


def card_name(card: Card) -> str:
    """The card's accessible name: it contains what the card shows, word for word, so a
    voice command that says the visible text finds it (WCAG 2.5.3). A number card's name
    starts with its number ("9 of hearts", read "nine of hearts"); an ace's or a court
    card's letter is no word of its name, so the name starts with the index it shows
    ("Q♦, queen of diamonds")."""
    if 2 <= card.rank <= 10:
        return f"{card.rank} of {card.spoken.split(' of ')[1]}"
    return f"{card.label[1:]}{card.label[:1]}, {card.spoken}"


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def place(pile: str, index: int) -> str:
    """`("t", 4)` → "column 5", `("f", 0)` → "foundation 1"."""
    return f"{'column' if pile == 't' else 'foundation'} {index + 1}"


def move_words(before: Position, move: Move, after: Position, undone: bool = False) -> str:
    """One move as a sentence: what went where, and what it turned up. `undone`: the move
    was just taken back, so the board shows `before`, where the card it turned up and the
    cards it turned from the stock are face down again, and are not named (DESIGN §5)."""
    if move.card is None:
        return _stock_words(before, move, after, undone)
    card = move.card
    source = before.locate(card)
    target = after.locate(card)
    if source is None or target is None:
        return f"{card.spoken} moved"
    words = card.spoken
    if source[0] == "t":
        up = before.tableau[source[1]].up
        carried = len(up) - up.index(card) - 1
        if carried:
            words += f" and {plural(carried, 'card')}"
    words += f" to {place(*target)}"
    if source[0] == "t":
        was, now = before.tableau[source[1]], after.tableau[source[1]]
        if len(now.down) < len(was.down) and now.up:
            if undone:
                words += "; the card it turned up is face down again"
            else:
                words += f"; a card turned up: {now.up[0].spoken}"
    return words


def _stock_words(before: Position, move: Move, after: Position, undone: bool = False) -> str:
    if move.target == DRAW:
        turned = len(after.waste) - len(before.waste)
        if undone:
            return f"turned {plural(turned, 'card')} from the stock; back in the stock face down"
        words = f"turned {plural(turned, 'card')} from the stock; {after.waste[-1].spoken} on top"
        if not after.stock:
            words += "; the stock is empty"
        return words
    if undone:
        return f"waste turned back over; the waste holds {plural(len(before.waste), 'card')} again"
    words = f"waste turned back over: {plural(len(after.stock), 'card')} in the stock"
    if after.passes_left is not None:
        words += "; this is the last pass" if after.passes_left <= 1 else ""
    return words


def after_action(action: str, step: history.Step, *, actions: list[str], redo: list[str],
                 before: Position | None, finished_moves: int = 0) -> str:  # fmt: skip
    """What to say once `action` is done and the game is at `step` (with these `actions`
    and `redo` lists, and `before` the position a move or redo was made from)."""
    position = step.position
    if action in ("move", "redo") and before is not None and actions:
        parsed = history.parse_action(actions[-1])
        words = (
            move_words(before, parsed, position)
            if isinstance(parsed, Move)
            else f"back to {moves_point(step.moves)}"
        )
        said = words[0].upper() + words[1:] + "."
        if action == "redo":
            said = "Redone: " + said
    elif action == "undo":
        said = "Undone: " + _undone(step, redo) + "."
    elif action == "finish":
        said = f"{plural(finished_moves, 'card')} played home."
    elif action in ("restart", "jump"):
        said = f"Back to {moves_point(step.moves)}."
    elif action == "resign":
        return f"You resigned after {plural(step.moves, 'move')}."
    else:
        return ""
    if position.is_won:
        said += f" You won in {plural(step.moves, 'move')}!"
    return said


def moves_point(moves: int) -> str:
    """Where a jump lands, as the jump-back button says it: "the start" or "move 12"."""
    return "the start" if moves == 0 else f"move {moves}"


def _undone(step: history.Step, redo: list[str]) -> str:
    """The action just undone (the last one put on the redo list), from where it was made."""
    if not redo:
        return "nothing"
    parsed = history.parse_action(redo[-1])
    if not isinstance(parsed, Move):
        # A restart is stored as a jump to the deal (step 0), but the player pressed Restart.
        what = "the restart" if parsed == 0 else "the jump back"
        return f"{what}; at {moves_point(step.moves)} again"
    try:
        after = apply(step.position, parsed)
    except IllegalMove:  # cannot happen for a move that was played from here
        return str(parsed)
    return move_words(step.position, parsed, after, undone=True)


def hint_words(hint: Move | None, state: str = "") -> str:
    """What a hint says aloud; `state` is the position's check ("pending", "loss", ...)."""
    if hint is None and state == "pending":
        return "The solver is looking for a winning line from here; the hint follows."
    if hint is None and state == "loss":
        return "No hint: the solver has proven this position lost."
    if hint is None:
        return "No winning line is known from here."
    if hint.card is None:
        return "Hint: turn the stock." if hint.target == DRAW else "Hint: turn the waste back over."
    if hint.to_foundation:
        return f"Hint: move {hint.card.spoken} to a foundation."
    return f"Hint: move {hint.card.spoken} to column {hint.to_column + 1}."
