"""The strip's rows, as the page shows them and as they are sent to every player's page when
they change: counts only (cards home, moves, state), never a card. A move sends its player's
row alone (whatever the race's size, one row read and drawn once, for every page open on
the race); the race's end sends them all."""

from __future__ import annotations

from django.template.loader import render_to_string

from live import publish

from .models import Race, Racer

EVENT = "strip"  # the SSE event the strip's rows listen for (sse-swap): every row
ROW_EVENT = "racer"  # one player's row, swapped in by its id (hx-swap-oob)


def topic(race: Race) -> str:
    """The live topic the race's pages listen on: its secret, so only players who have the
    link can follow it."""
    return f"race-{race.secret}"


def rows(race: Race) -> str:
    """The strip's rows, as HTML."""
    return render_to_string("races/rows.html", {"racers": list(race.racers.all()), "race": race})


def announce(race: Race) -> None:
    """Send the strip's rows to every page open on the race, on any web host, once the
    change they show is committed (live.publish: a broker down loses the event, never the
    move; the pages' poll catches up)."""
    publish(topic(race), EVENT, rows(race))


def announce_row(race: Race, racer: Racer) -> None:
    """Send `racer`'s row, as it stands on `racer`, to every page open on the race (as
    announce does): the pages swap it in for the row of the same seat."""
    row = render_to_string("races/rows.html", {"racers": [racer], "oob": True})
    publish(topic(race), ROW_EVENT, row)
