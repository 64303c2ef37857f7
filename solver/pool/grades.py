"""A proven deal's grade, read for the pages (the game page, its result card and the daily
pages; records read it with par, models.wins_for_records). Worked out as the pool proves the
deal (fill, grade); never here."""

from __future__ import annotations

from django.core.cache import cache

from games.models import Game

from .models import proven_win

# A deal's grade, once worked out, never changes (the same measures give the same grade), so
# the game page keeps it in the cache: a move's board, which shows it, reads no row for it.
# A deal not graded yet is read again next time: its grade may be on its way.
CACHE_SECONDS = 24 * 3600


def grade(deal_id: int, draw: int | None, passes: int | None) -> str:
    """The stored grade of a deal in a mode (games.models.Grade), or "" (not proven winnable,
    or not graded yet)."""
    key = f"grade:{deal_id}:{draw}:{passes}"
    found = cache.get(key)
    if found is None:
        win = proven_win(deal_id, draw, passes)
        found = win.grade if win else ""
        if found:
            cache.set(key, found, CACHE_SECONDS)
    return found


def grade_of_game(game: Game) -> str:
    return grade(game.deal_id, game.draw or None, game.passes)
