"""The player's statistics, with a chart of their results drawn on the server."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe

from ratings.services.chart import rating_chart
from ratings.services.history import player_history

from ..chart import chart
from ..stats import player_stats


@require_safe
def stats(request: HttpRequest) -> HttpResponse:
    """Per variant and mode: played, won, rate, streaks, bests; and the last games drawn."""
    found = player_stats(request.player)
    context = {
        "stats": found,
        "chart": chart(found.outcomes),
        "recent": list(reversed(found.outcomes[-10:])),
        "ratings": [
            (each, rating_chart(each.points, each.label)) for each in player_history(request.player)
        ],  # fmt: skip
    }
    return render(request, "play/stats.html", context)
