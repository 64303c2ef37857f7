"""What the pages show of ratings: a player's standing and history per pool (/stats/), the
board of a pool (/ratings/<variant>/), a deal's rating (its page and replays)."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import connection

from solver.pool.grades import CACHE_SECONDS, grade
from visitors.players import ACCOUNT_PREFIX, account_id, account_player

from ..models import DealRating, PlayerRating, RatedGame, Status
from . import maths, outcomes
from .pools import LABELS, MODES, game_pool
from .standings import deal_start

BOARD_SIZE = 100
HISTORY = 30  # rated games drawn on the chart


@dataclass(frozen=True)
class PoolHistory:
    pool: str
    variant: str
    label: str
    standing: maths.Standing
    games: int
    points: list[tuple[float, str]]  # (rating after, what the game was), oldest first


def player_history(player: str) -> list[PoolHistory]:
    """The player's rating in each pool they have played rated, with its last HISTORY moves."""
    found = []
    for row in PlayerRating.objects.filter(player=player).order_by("pool"):
        ended = RatedGame.objects.filter(
            player=player, pool=row.pool, status__in=[Status.WON, Status.LOST]
        ).select_related("deal")
        last = list(ended.order_by("-ended", "-pk")[:HISTORY])[::-1]
        points = [(r.player_after, f"#{r.deal.number} {r.get_status_display().lower()}")
                  for r in last]  # fmt: skip
        standing = maths.Standing(row.mu, row.sigma)
        found.append(
            PoolHistory(
                row.pool, MODES[row.pool].variant, LABELS[row.pool], standing, row.games, points
            )
        )
    return found


@dataclass(frozen=True)
class BoardEntry:
    rank: int
    name: str
    rating: int
    deviation: int
    games: int
    provisional: bool


def board(pool: str) -> list[BoardEntry]:
    """The pool's signed-in players by rating, highest first, named as on the leaderboards
    (the account's username, nothing else)."""
    rows = PlayerRating.objects.filter(pool=pool, player__startswith=ACCOUNT_PREFIX)
    rows = list(rows.order_by("-mu", "pk")[:BOARD_SIZE])
    users = get_user_model().objects.filter(pk__in=[account_id(r.player) for r in rows])
    names = {account_player(user.pk): user.get_username() for user in users}
    return [
        BoardEntry(rank, names.get(row.player, "a player"), round(row.mu), round(row.sigma),
                   row.games, row.sigma > maths.PROVISIONAL)
        for rank, row in enumerate(rows, start=1)
    ]  # fmt: skip


def deal_rating(deal_id: int | None, pool: str | None) -> int | None:
    """The deal's rating in the pool, rounded: its stored one, or before its first rated game
    the start its grade gives it; None for a deal the pool has not graded."""
    if deal_id is None or pool is None or not grade(deal_id, MODES[pool].draw, MODES[pool].passes):
        return None  # (the grade is kept in the cache: an ungraded deal's move reads nothing)
    mu = _stored_mu(deal_id, pool)
    return round(_start(deal_id, pool) if mu is None else mu)


def _stored_mu(deal_id: int, pool: str) -> float | None:
    """The deal's stored rating in the pool, if it has one: read on every move's board of a
    graded deal, in SQL of its own (the ORM built the same statement anew each time, for
    several times the cost of running it)."""
    with connection.cursor() as cursor:
        cursor.execute(_mu_sql(), [deal_id, pool])
        row = cursor.fetchone()
    return None if row is None else row[0]


@functools.cache
def _mu_sql() -> str:
    meta, quote = DealRating._meta, connection.ops.quote_name
    deal, pool, mu = (meta.get_field(name).column for name in ("deal", "pool", "mu"))
    return (
        f"SELECT {quote(mu)} FROM {quote(meta.db_table)} "
        f"WHERE {quote(deal)} = %s AND {quote(pool)} = %s"
    )


def _start(deal_id: int, pool: str) -> float:
    """A graded deal's starting rating, kept in the cache like its grade (it never changes
    once graded): a move's board reads no row for it."""
    key = f"rating-start:{deal_id}:{pool}"
    found = cache.get(key)
    if found is None:
        found = deal_start(deal_id, pool).mu
        cache.set(key, found, CACHE_SECONDS)
    return found


def for_game(game) -> dict:
    """What a game's page shows of its rating: whether it is rated (and still being played,
    so that no assist is offered), why not any more, the player's change, the deal's rating.
    The deal's rating is read when a template first shows it, and once: a page part that
    shows none (the dead-end banner's poll) reads no row for it."""
    rated = outcomes.of(game)
    pool = game_pool(game) if game.deal_id else None
    change = rated.change if rated is not None else None
    return {
        "rated": rated,
        "rated_playing": rated is not None and rated.status == Status.PLAYING,
        "rating_change": None if change is None else f"{round(change):+d}",
        "deal_rating": functools.cache(functools.partial(deal_rating, game.deal_id, pool)),
    }
