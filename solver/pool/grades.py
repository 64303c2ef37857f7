"""A proven deal's grade, read for the pages (the game page, its result card and the daily
pages; records read it with par, models.wins_for_records). Worked out as the pool proves the
deal (fill, grade); never here."""

from __future__ import annotations

from django.core.cache import cache

from games.models import Game

from .models import proven_win

# A deal's grade, once worked out, never changes (the same measures give the same grade), so
# the game page keeps it in the cache: a move's board, which shows it, reads no row for it.
CACHE_SECONDS = 24 * 3600
# A deal with no grade is read again after a while, not on every move: most deals played
# never get one (only the pool's are proven), and one on its way (the worker grades older
# wins) shows within these minutes.
UNGRADED_SECONDS = 10 * 60


def grade(deal_id: int | None, draw: int | None, passes: int | None) -> str:
    """The stored grade of a deal in a mode (solver.pool.models.Grade), or "" (not proven winnable,
    or not graded yet)."""
    if deal_id is None:  # a deal not stored yet (its page before a first action): no grade
        return ""
    key = f"grade:{deal_id}:{draw}:{passes}"
    found = cache.get(key)
    if found is None:
        win = proven_win(deal_id, draw, passes)
        found = win.grade if win else ""
        cache.set(key, found, CACHE_SECONDS if found else UNGRADED_SECONDS)
    return found


def grade_of_game(game: Game) -> str:
    return grade(game.deal_id, game.draw or None, game.passes)
