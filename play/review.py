"""The review of a lost or resigned game: the move that lost it (the first after which the
position was proven lost, by the dead-end checks' stored verdicts) and the last position on
the line before it that was proven winnable."""

from __future__ import annotations

from dataclasses import dataclass

from games.models import Game, Result
from games.steps import steps as game_steps
from solver.deadends.models import Check, PositionVerdict, position_key
from solver.pool.models import DealVerdict, Outcome


@dataclass(frozen=True)
class Review:
    lost_at: int | None  # the step after the move that lost the game; None: the deal was lost
    winnable_at: int | None  # the last step before it proven winnable


def review(game: Game) -> Review | None:
    """Where a finished game that was not won went wrong, or None when nothing is proven.
    Only a resigned game is replayed whole (a game takes at most MAX_ACTIONS actions)."""
    if game.result != Result.RESIGNED:
        return None
    keys = [position_key(step.position) for step in game_steps(game)]
    verdicts = dict(PositionVerdict.objects.filter(key__in=set(keys)).values_list("key", "verdict"))
    if _deal_proven(game):
        verdicts.setdefault(keys[0], Check.WIN)
    lost = [i for i, key in enumerate(keys) if verdicts.get(key) == Check.LOSS]
    if not lost:
        return None
    if lost[0] == 0:
        return Review(None, None)
    winnable = [i for i in range(lost[0]) if verdicts.get(keys[i]) == Check.WIN]
    return Review(lost[0], winnable[-1] if winnable else None)


def _deal_proven(game: Game) -> bool:
    return DealVerdict.objects.filter(
        deal=game.deal_id, draw=game.draw if game.draw else None, passes=game.passes,
        verdict=Outcome.WIN,
    ).exists()  # fmt: skip
