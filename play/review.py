"""The review of a lost or resigned game: the move that lost it (the first after which the
position was proven lost, by the dead-end checks' stored verdicts) and the last position on
the line before it that was proven winnable.

Worked out when the game is resigned and stored with it (`stored`, Game.review): the
verdicts it reads are deleted a day after no game being played needs them (retention), and
the checks the game still waited for are dropped once it is over, so what is known then is
what the review will ever know. A game resigned before reviews were stored is worked out from
the verdicts still kept."""

from __future__ import annotations

from dataclasses import asdict, dataclass

from games.models import Game, Result
from games.steps import steps as game_steps
from solver.deadends.models import PositionVerdict, position_key
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict


@dataclass(frozen=True)
class Review:
    lost_at: int | None  # the step after the move that lost the game; None: the deal was lost
    winnable_at: int | None  # the last step before it proven winnable


def review(game: Game) -> Review | None:
    """Where a finished game that was not won went wrong, or None when nothing is proven."""
    if game.result != Result.RESIGNED:
        return None
    if game.review is not None:
        return Review(**game.review) if game.review else None
    return judge(game)


def stored(game: Game) -> dict:
    """The review of `game` as it ends, as Game.review keeps it."""
    found = judge(game)
    return asdict(found) if found else {}


def judge(game: Game) -> Review | None:
    """The review from the verdicts stored now. The game is replayed whole (it takes at most
    MAX_ACTIONS actions)."""
    keys = [position_key(step.position) for step in game_steps(game)]
    verdicts = dict(PositionVerdict.objects.filter(key__in=set(keys)).values_list("key", "verdict"))
    if _deal_proven(game):
        verdicts.setdefault(keys[0], Verdict.WIN)
    lost = [i for i, key in enumerate(keys) if verdicts.get(key) == Verdict.LOSS]
    if not lost:
        return None
    if lost[0] == 0:
        return Review(None, None)
    winnable = [i for i in range(lost[0]) if verdicts.get(keys[i]) == Verdict.WIN]
    return Review(lost[0], winnable[-1] if winnable else None)


def _deal_proven(game: Game) -> bool:
    return DealVerdict.objects.filter(
        deal=game.deal_id, draw=game.draw if game.draw else None, passes=game.passes,
        verdict=Verdict.WIN,
    ).exists()  # fmt: skip
