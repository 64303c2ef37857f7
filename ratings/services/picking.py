"""A deal at the player's level: "Play rated" picks a graded pool deal the player has never
started (in any mode) nor watched, rated near the player (Easier and Harder: a step below or
above), at random from the few nearest (within WINDOW of the nearest), so that two players of
one rating do not all get one deal."""

from __future__ import annotations

import random

from django.db.models import F, Func

from daily.models import Attempt, ReplayView
from solver.pool.models import DealVerdict
from solver.pool.tasks import request_top_up
from solver.search.verdict import Verdict

from .pools import MODES
from .standings import level_of_verdicts, player_standing

STEP = 250.0  # what Easier and Harder take off or add to the player's rating
NEAREST = 8  # at most this many of the nearest deals, one of which is dealt,
WINDOW = 100.0  # each at most this much further from the aim than the nearest


def target(player: str, pool: str, level: str) -> float:
    """The rating the deal is picked near: the player's, or a step below or above it."""
    offset = {"easier": -STEP, "harder": STEP}.get(level, 0.0)
    return player_standing(player, pool).mu + offset


def pick(player: str, pool: str, level: str = "") -> int | None:
    """The id of a deal for the player's rated game in this pool, or None if the pool holds
    none they have not started or watched (then a top-up of the pool is asked for)."""
    mode = MODES[pool]
    wins = DealVerdict.objects.filter(
        deal__variant=mode.variant, draw=mode.draw, passes=mode.passes, verdict=Verdict.WIN
    ).exclude(grade="")  # a deal's rating starts from its grade: ungraded wins wait for one
    started = Attempt.objects.filter(player=player).values("deal")
    watched = ReplayView.objects.filter(player=player).values("deal")
    fresh = wins.exclude(deal__in=started).exclude(deal__in=watched)
    aim = target(player, pool, level)
    near = level_of_verdicts(fresh, pool).annotate(off=Func(F("level") - aim, function="ABS"))
    found = list(near.order_by("off", "deal").values_list("deal", "off")[:NEAREST])
    if not found:  # the player has had every deal of the pool: the worker proves another
        request_top_up(mode.variant, mode.draw, mode.passes)
        return None
    return random.choice([deal for deal, off in found if off <= found[0][1] + WINDOW])
