"""The player's personal records."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from games.models import Game, Record
from solver.pool.models import wins_for_records

RECENT_GAMES = 30


@require_safe
def records(request: HttpRequest) -> HttpResponse:
    """Best wins per game number, and the player's recent games: won, resigned or playing."""
    mine = list(Record.objects.filter(player=request.player).order_by("variant", "number", "draw"))
    wins = wins_for_records(mine)
    for record in mine:
        win = wins.get((record.variant, record.number, record.draw, record.passes))
        record.par, record.grade = (win.par, win.grade) if win else (None, "")
    games = Game.objects.filter(player=request.player).select_related("deal")
    recent = games.order_by("-pk")[:RECENT_GAMES]
    return render(request, "play/records.html", {"records": mine, "recent": recent})
