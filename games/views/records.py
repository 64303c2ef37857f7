"""The player's personal records."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..models import Record


@require_GET
def records(request: HttpRequest) -> HttpResponse:
    mine = Record.objects.filter(player=request.player).order_by("variant", "number", "draw")
    return render(request, "games/records.html", {"records": mine})
