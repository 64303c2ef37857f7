"""The dead-end banner: what the solver has proven about the current position, and where
"jump back to the last winnable move" goes."""

from __future__ import annotations

from dataclasses import dataclass

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


def verdict(game: Game, step: history.Step, before: Position | None = None) -> Verdict:
    """Asks for the current position's check (if not known or queued) and says what is known.

    `before` is the position a move was just made from: if it was lost, so is this one."""
    if game.result:
        return Verdict(Check.UNKNOWN)
    if not game.actions:
        _seed_from_deal(game, step.position)
    row = checks.request(step.position, before)
    if row.verdict != Check.LOSS:
        return Verdict(row.verdict)
    earlier = steps(game)[:-1]
    known = checks.verdicts([each.position for each in earlier])
    for index in range(len(earlier) - 1, -1, -1):
        if known[index] == Check.WIN:
            return Verdict(Check.LOSS, jump_to=index, jump_moves=earlier[index].moves)
        if known[index] is None:
            # Walk back one position at a time, nearest first, until one is proven winnable.
            checks.request(earlier[index].position)
            return Verdict(Check.LOSS, searching_back=True)
        if known[index] == Check.PENDING:
            checks.request(earlier[index].position)  # still wanted: keep it from going stale
            return Verdict(Check.LOSS, searching_back=True)
    return Verdict(Check.LOSS)


def _seed_from_deal(game: Game, position: Position) -> None:
    """A deal from the winnable pool comes with its winning line: every position on it is
    known winnable without a search."""
    proof = DealVerdict.objects.filter(
        deal=game.deal, draw=game.draw, passes=game.passes, verdict=Outcome.WIN
    ).first()
    if proof and not checks.verdicts([position])[0]:
        store_line(position, proof.moves, include_start=True)
