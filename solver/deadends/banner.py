"""The dead-end banner: what the solver has proven about the current position, and where
"jump back to the last winnable move" goes."""

from __future__ import annotations

from dataclasses import dataclass

from games.deals import deal_position
from games.engine import history
from games.engine.positions import Position
from games.models import Game
from games.steps import steps
from solver.pool.models import DealVerdict, Outcome

from . import checks
from .models import Check
from .proofs import store_line


@dataclass(frozen=True)
class Verdict:
    state: str  # Check: pending, win, loss, unknown
    jump_to: int | None = None  # step index of the latest earlier winnable position
    jump_moves: int | None = None  # the move count there, for the button
    searching_back: bool = False  # lost, and earlier positions are still being checked

    @property
    def polling(self) -> bool:
        return self.state == Check.PENDING or self.searching_back


def verdict(
    game: Game, step: history.Step, before: Position | None = None, *, ask: bool = True
) -> Verdict:
    """Asks for the current position's check (if not known or queued) and says what is known.

    `before` is the position a move was just made from: if it was lost, so is this one.
    With `ask` False (a page being looked at: a GET writes nothing) it only reads what is
    known; the page's poll asks."""
    if game.result or game.pk is None:
        return Verdict(Check.UNKNOWN)
    if ask:
        state = checks.request(step.position, before).verdict
    else:
        state = checks.verdicts([step.position])[0] or Check.PENDING
    if state != Check.LOSS:
        return Verdict(state)
    earlier = steps(game)[:-1]
    known = checks.verdicts([each.position for each in earlier])
    for index in range(len(earlier) - 1, -1, -1):
        if known[index] == Check.WIN:
            return Verdict(Check.LOSS, jump_to=index, jump_moves=earlier[index].moves)
        if known[index] is None:
            # Walk back one position at a time, nearest first, until one is proven winnable.
            if ask:
                checks.request(earlier[index].position)
            return Verdict(Check.LOSS, searching_back=True)
        if known[index] == Check.PENDING:
            if ask:
                checks.request(earlier[index].position)  # still wanted: keep it from going stale
            return Verdict(Check.LOSS, searching_back=True)
    return Verdict(Check.LOSS)


def seed_from_deal(game: Game) -> None:
    """A deal from the winnable pool comes with its winning line: every position on it is
    known winnable without a search. Called as a game starts (its first action)."""
    position = deal_position(game.deal, game.draw, game.passes)
    proof = DealVerdict.objects.filter(
        deal=game.deal, draw=game.draw, passes=game.passes, verdict=Outcome.WIN
    ).first()
    if proof and not checks.verdicts([position])[0]:
        store_line(position, proof.moves, include_start=True)
