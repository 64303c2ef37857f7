"""The dead-end banner: what the solver has proven about the current position, and where
"jump back to the last winnable move" goes."""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import history
from games.engine.moves import MalformedMove, Move
from games.engine.positions import Position
from games.models import Game
from solver.deadends import carry, checks, lookback, queue
from solver.deadends.models import PENDING, position_key
from solver.search.verdict import Verdict

WHY = "The solver tried every way on from here, with all the cards turned up: none wins."


@dataclass(frozen=True)
class Banner:
    state: str  # PENDING, or a Verdict: win, loss, unknown
    jump_to: int | None = None  # step index of the latest earlier winnable position
    jump_moves: int | None = None  # the move count there, for the button
    searching_back: bool = False  # lost, and earlier positions are still being checked

    @property
    def polling(self) -> bool:
        return self.state == PENDING or self.searching_back

    # What the banner says of a lost line: one short sentence, a second while the way back
    # is looked for or when there is none (the jump button says where back is), and why
    # behind a tap (WHY).
    @property
    def headline(self) -> str:
        return "This line is lost." if self.state == Verdict.LOSS else ""

    @property
    def more(self) -> str:
        if self.searching_back:
            return "Looking for your last winnable move…"
        if self.state == Verdict.LOSS and self.jump_to is None:
            return "This deal was lost from the start."
        return ""

    @property
    def why(self) -> str:
        return WHY if self.state == Verdict.LOSS else ""


def verdict(
    game: Game,
    step: history.Step,
    before: Position | None = None,
    ask: bool = False,
    known: carry.Read | None = None,
) -> Banner:
    """What is known about the game's current position. With `ask` (the player just acted),
    a check is queued for it if none is known or wanted, and on a lost line for the nearest
    undecided earlier position; without, nothing is written (a page's GET or poll).
    A game not started yet (no row until its first action) has nothing known.

    `before` is the position a move was just made from (the game's last action): if it was
    lost, so is this one; if that move follows a stored winning line, this is winnable.
    `known`: what the action's own save read of those positions (play.actions._save)."""
    if game.result or game.pk is None:
        return Banner(Verdict.UNKNOWN)
    if ask:
        move = _last_move(game) if before is not None else None
        state = checks.request(game, step.position, before, move, known)
    else:
        state = checks.known(game, step.position)
    if state != Verdict.LOSS:
        return Banner(state)
    back = lookback.look_back_on(game, step, position_key(step.position), ask, before)
    if back.asked:
        checks.wake()
    if back.jump_to is not None:
        return Banner(Verdict.LOSS, jump_to=back.jump_to, jump_moves=back.jump_moves)
    searching = back.searching and (ask or queue.pending(game))
    return Banner(Verdict.LOSS, searching_back=searching)


def _last_move(game: Game) -> Move | None:
    """The move the game's last action made (a move, or a move redone)."""
    try:
        parsed = history.parse_action(game.actions[-1]) if game.actions else None
    except MalformedMove:
        return None
    return parsed if isinstance(parsed, Move) else None
