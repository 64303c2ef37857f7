"""A proven deal's grade, read for the pages (the game page, its result card, records and
leaderboards). Worked out as the pool proves the deal (fill, grade); never here."""

from __future__ import annotations

from games.models import Game

from .models import DealVerdict, Outcome


def grade(deal_id: int, draw: int | None, passes: int | None) -> str:
    """The stored grade of a deal in a mode (games.models.Grade), or "" (not proven winnable,
    or not graded yet)."""
    found = DealVerdict.objects.filter(
        deal=deal_id, draw=draw, passes=passes, verdict=Outcome.WIN
    ).values_list("grade", flat=True)
    return found.first() or ""


def grade_of_game(game: Game) -> str:
    return grade(game.deal_id, game.draw or None, game.passes)


def grades_for_records(records) -> dict[tuple, str]:
    """{(variant, number, draw, passes): grade} for the records shown, graded ones only."""
    numbers = {record.number for record in records}
    verdicts = DealVerdict.objects.filter(deal__number__in=numbers, verdict=Outcome.WIN).exclude(
        grade=""
    )
    rows = verdicts.values_list("deal__variant", "deal__number", "draw", "passes", "grade")
    return {(variant, number, draw, passes): g for variant, number, draw, passes, g in rows}
