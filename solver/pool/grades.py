"""A proven deal's grade, read for the pages (the game page, its result card and the daily
pages; records read it with par, models.wins_for_records). Worked out as the pool proves the
deal (fill, grade); never here."""

from __future__ import annotations

from games.models import Game

from .models import proven_win


def grade(deal_id: int, draw: int | None, passes: int | None) -> str:
    """The stored grade of a deal in a mode (games.models.Grade), or "" (not proven winnable,
    or not graded yet)."""
    win = proven_win(deal_id, draw, passes)
    return win.grade if win else ""


def grade_of_game(game: Game) -> str:
    return grade(game.deal_id, game.draw or None, game.passes)
