"""A race as it runs: each action on a racer's game counted on their row (what the strip
shows), the race's end (everyone done, or the time up), and the places.

The time limit is enforced lazily: on every request that reads the race (its page, the
strip, an action on a racer's game) and by the worker's periodic cleanup (retention), so a
race nobody looks at still ends."""

from __future__ import annotations

import math
from datetime import datetime

from django.db import transaction
from django.db.models import F

from games.engine.history import Step
from games.models import Game, Result, new_slug

from . import clock, updates
from .models import UNDO_PENALTY_SECONDS, Race, Racer, Stage, State


def home(step: Step) -> int:
    """Cards on the foundations."""
    return sum(len(pile) for pile in step.position.foundations)


def counted(racer: Racer, game: Game, step: Step) -> None:
    """`game`, the racer's, has just been saved at `step`: their row follows it, a win or a
    resignation ends their race, and the last player done ends the race. Every page open
    on the race is sent the player's new row (all the rows, when the race ends)."""
    race, now = racer.race, clock.now()
    if settle(race, now) or racer.state != State.PLAYING:
        return
    fields = {"home": home(step), "moves": step.moves, "undos": game.undos}
    if game.result == Result.WON:
        fields |= {"state": State.WON, "seconds": race_seconds(race, now, game.undos)}
    elif game.result == Result.RESIGNED:
        fields["state"] = State.RESIGNED
    if not Racer.objects.filter(pk=racer.pk, state=State.PLAYING).update(**fields):
        return  # the race ended meanwhile, and its end sent every row as it stands
    for name, value in fields.items():
        setattr(racer, name, value)
    if "state" in fields and not race.racers.filter(state=State.PLAYING).exists():
        end(race, now)
    else:
        updates.announce_row(race, racer)


def race_seconds(race: Race, now: datetime, undos: int) -> int:
    """A winner's time: from the deal to now, in whole seconds up, with each undo's cost."""
    return math.ceil((now - race.dealt).total_seconds()) + UNDO_PENALTY_SECONDS * undos


def settle(race: Race, now: datetime) -> bool:
    """End the race if its time is up and it has not ended yet; returns whether it did."""
    if race.started is None or race.ended is not None or now < race.deadline:
        return False
    return end(race, race.deadline)


def end(race: Race, when: datetime) -> bool:
    """End the race at `when` (once: of two at once, one ends it). Games still being played
    end as resigned, their players out of time; everyone gets a place. Returns whether this
    call ended it."""
    with transaction.atomic():
        if not Race.objects.filter(pk=race.pk, ended__isnull=True).update(ended=when):
            return False
        race.ended = when
        for racer in race.racers.filter(state=State.PLAYING):
            # One more version: an action read before this lands on nothing (games.rows).
            Game.objects.filter(pk=racer.game_id, result="").update(
                result=Result.RESIGNED, finished=when, replay_slug=new_slug(),
                moves=racer.moves, version=F("version") + 1,
            )  # fmt: skip
            racer.state = State.LOST
            racer.save(update_fields=["state"])
        place(race)
        updates.announce(race)  # sent as the end commits
    return True


def place(race: Race) -> None:
    """First to win wins, then the other winners by time (undos' cost included), then the
    rest by cards home (fewer moves first among equals)."""
    racers = list(race.racers.all())
    winners = sorted((r for r in racers if r.state == State.WON), key=lambda r: (r.seconds, r.seat))
    rest = sorted(
        (r for r in racers if r.state != State.WON), key=lambda r: (-r.home, r.moves, r.seat)
    )
    for at, racer in enumerate([*winners, *rest], start=1):
        racer.place = at
    Racer.objects.bulk_update(racers, ["place"])


def settle_overdue() -> int:
    """End every race whose time is up (the worker's periodic cleanup); returns how many."""
    now = clock.now()
    waiting = Race.objects.filter(ended__isnull=True, started__isnull=False)
    return sum(settle(race, now) for race in waiting if race.stage(now) == Stage.OVER)
