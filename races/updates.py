"""The strip's rows, as the page shows them and as they are sent to every player's page when
they change: counts only (cards home, moves, state), never a card."""

from __future__ import annotations

from django.template.loader import render_to_string

from .models import Race


def topic(race: Race) -> str:
    """The live topic the race's pages listen on: its secret, so only players who have the
    link can follow it."""
    return f"race-{race.secret}"


def rows(race: Race) -> str:
    """The strip's rows, one line of HTML (a server-sent event's data is one line)."""
    html = render_to_string("races/rows.html", {"racers": list(race.racers.all()), "race": race})
    return " ".join(html.split("\n"))
