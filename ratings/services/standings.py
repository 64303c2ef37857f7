"""Reading and writing the stored ratings: a player's in a pool, a deal's in a pool (made from
its grade the first time it is rated)."""

from __future__ import annotations

from django.db.models import Case, F, FloatField, OuterRef, Subquery, Value, When
from django.db.models.functions import Coalesce, Least

from solver.pool.models import proven_win

from ..models import DealRating, PlayerRating
from . import maths
from .pools import MODES


def player_standing(player: str, pool: str) -> maths.Standing:
    """The player's rating in the pool (a new player's if none is stored)."""
    row = PlayerRating.objects.filter(player=player, pool=pool).first()
    return maths.Standing(row.mu, row.sigma) if row else maths.new_player()


def deal_start(deal_id: int, pool: str) -> maths.Standing:
    """A deal's first rating in a pool, from the pool's grade and narrowness of it."""
    mode = MODES[pool]
    win = proven_win(deal_id, mode.draw, mode.passes)
    return maths.new_deal(win.grade if win else "", win.narrowness if win else None)


def deal_standing(deal_id: int, pool: str) -> maths.Standing:
    row = DealRating.objects.filter(deal=deal_id, pool=pool).first()
    return maths.Standing(row.mu, row.sigma) if row else deal_start(deal_id, pool)


def locked_player(player: str, pool: str) -> PlayerRating:
    """The player's row, created if new, locked until the transaction ends (PostgreSQL)."""
    start = maths.new_player()
    row, _ = PlayerRating.objects.get_or_create(
        player=player, pool=pool, defaults={"mu": start.mu, "sigma": start.sigma}
    )
    return PlayerRating.objects.select_for_update().get(pk=row.pk)


def locked_deal(deal_id: int, pool: str) -> DealRating:
    start = deal_start(deal_id, pool)
    row, _ = DealRating.objects.get_or_create(
        deal_id=deal_id, pool=pool, defaults={"mu": start.mu, "sigma": start.sigma}
    )
    return DealRating.objects.select_for_update().get(pk=row.pk)


def level_of_verdicts(verdicts, pool: str):
    """The pool's wins annotated with `level`: each deal's rating, or its start from its grade
    when it has none yet (the same numbers as maths.new_deal, in SQL)."""
    starts = [When(grade=grade, then=Value(mu)) for grade, mu in maths.GRADE_START.items()]
    middle = (maths.GRADE_START["medium"] + maths.GRADE_START["hard"]) / 2
    narrow = Least(
        Coalesce(F("narrowness"), Value(0.0)) * Value(maths.NARROW_SCALE), Value(maths.NARROW_MAX)
    )
    start = Case(*starts, default=Value(middle), output_field=FloatField()) + narrow
    rated = DealRating.objects.filter(pool=pool, deal=OuterRef("deal")).values("mu")[:1]
    return verdicts.annotate(level=Coalesce(Subquery(rated), start, output_field=FloatField()))


def forget(player: str) -> None:
    """A deleted account's ratings go with it (its rated games go with its games). The deals'
    ratings keep what its results moved, until `recompute_ratings` is run."""
    PlayerRating.objects.filter(player=player).delete()
