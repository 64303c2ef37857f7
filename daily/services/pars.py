"""Par of a deal in a mode, as stored with the pool's verdicts (solver/pool/par.py)."""

from __future__ import annotations

from games.models import Game
from solver.pool.models import DealVerdict, Outcome


def par(deal_id: int, draw: int | None, passes: int | None) -> int | None:
    found = DealVerdict.objects.filter(
        deal=deal_id, draw=draw, passes=passes, verdict=Outcome.WIN
    ).first()
    return found.par if found else None


def par_of_game(game: Game) -> int | None:
    return par(game.deal_id, game.draw or None, game.passes)


def pars_for_records(records) -> dict[tuple, int]:
    """{(variant, number, draw, passes): par} for the records shown."""
    numbers = {record.number for record in records}
    verdicts = DealVerdict.objects.filter(
        deal__number__in=numbers, verdict=Outcome.WIN
    ).select_related("deal")
    return {
        (v.deal.variant, v.deal.number, v.draw, v.passes): v.par
        for v in verdicts
        if v.par is not None
    }
