"""Create, join and start a race: who may, and the deal none of its players has started.

Who may join: an account, under its username; a visitor, under a name of their choosing,
shown marked as a guest. A guest's name is plain letters, digits, `_` and `-` (no character
that passes for another), and no two players in a race may have names that look alike
(case aside, 0 for O, 1 and I for l)."""

from __future__ import annotations

import random
import re

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction

from daily.models import Attempt, ReplayView
from daily.services.attempts import record_start
from games.engine.modes import Mode
from games.models import Deal, Game
from solver.pool.models import DealVerdict
from solver.pool.tasks import request_top_up
from solver.search.verdict import Verdict
from visitors.players import account_id

from . import clock
from .models import MAX_RACERS, MIN_RACERS, Race, Racer, Stage

GUEST_NAME = re.compile(r"\A[A-Za-z0-9_-]{2,20}\Z")
GUEST_NAME_RULE = "2 to 20 letters, digits, _ or - (no spaces)"
_LOOKS = str.maketrans({"0": "o", "1": "l", "i": "l", "|": "l", "_": "-"})


class Refused(Exception):
    """The request breaks a rule of the race; its message says which. Nothing was changed."""


def looks(name: str) -> str:
    """What a name looks like: two names with the same look are too alike to race."""
    return name.casefold().translate(_LOOKS)


def name_of(player: str, asked: str) -> tuple[str, bool]:
    """The name a player races under, and whether it is a guest's; raises Refused for a
    guest's name that breaks the rule."""
    user_id = account_id(player)
    if user_id is not None:
        user = get_user_model().objects.filter(pk=user_id).first()
        if user is not None:
            return user.get_username(), False
    asked = asked.strip()
    if not GUEST_NAME.match(asked):
        raise Refused(f"Choose a name to race under: {GUEST_NAME_RULE}.")
    return asked, True


def create(player: str, name: str, mode: Mode, grade: str, minutes: int) -> Race:
    """A new race with its host in the first seat; raises Refused (the host's name)."""
    name, guest = name_of(player, name)
    with transaction.atomic():
        race = Race.objects.create(
            host=player, grade=grade, minutes=minutes, **mode.stored, variant=mode.variant
        )
        Racer.objects.create(race=race, seat=1, player=player, name=name, is_guest=guest)
    return race


def join(race: Race, player: str, name: str) -> Racer:
    """The player takes the next seat; raises Refused (started, full, joined already, a name
    taken or too like one). Two joins at once cannot share a seat (a unique constraint): the
    one that finds its seat taken looks again, and takes the next one if the rules allow."""
    if race.stage(clock.now()) != Stage.WAITING:
        raise Refused("This race has started: it takes no more players.")
    name, guest = name_of(player, name)
    for _ in range(MAX_RACERS):  # each try that finds its seat taken, a player more seated
        racers = list(race.racers.all())
        if any(r.player == player for r in racers):
            raise Refused("You are in this race already.")
        if len(racers) >= MAX_RACERS:
            raise Refused(f"This race is full: {MAX_RACERS} players is the most.")
        if any(looks(r.name) == looks(name) for r in racers):
            raise Refused(f"Someone in this race is called {name} or something very like it.")
        seat = max((r.seat for r in racers), default=0) + 1
        try:
            with transaction.atomic():
                racer = Racer.objects.create(
                    race=race, seat=seat, player=player, name=name, is_guest=guest
                )
                # Started meanwhile? Then this seat would have no game: take it back.
                if Race.objects.filter(pk=race.pk, started__isnull=False).exists():
                    raise Refused("This race has started: it takes no more players.")
        except IntegrityError:
            continue  # the seat was taken a moment ago (or this player joined): look again
        return racer
    raise Refused("Someone took that seat a moment ago: try again.")


def start(race: Race, player: str) -> Race:
    """The host starts the race: the deal is chosen and each player's game made, to be shown
    when the countdown ends. Raises Refused (not the host, started, too few players, no deal
    in the pool that suits them all)."""
    if player != race.host:
        raise Refused("Only the player who made this race can start it.")
    if race.stage(clock.now()) != Stage.WAITING:
        raise Refused("This race has started already.")
    racers = list(race.racers.all())
    if len(racers) < MIN_RACERS:
        raise Refused(f"A race needs {MIN_RACERS} players at least: share its link.")
    deal = fresh_deal(race, [r.player for r in racers])
    if deal is None:
        request_top_up(race.variant, race.draw, race.passes)
        raise Refused(
            "No deal in the winnable pool is new to every player in this race yet: "
            "try again in a minute."
        )
    now = clock.now()
    with transaction.atomic():
        # One start only: a second click (or a second host tab) finds it started.
        if not Race.objects.filter(pk=race.pk, started__isnull=True).update(started=now, deal=deal):
            raise Refused("This race has started already.")
        race.started, race.deal = now, deal
        for racer in Racer.objects.filter(race=race):
            game = Game.objects.create(
                player=racer.player, deal=deal, started=race.dealt, **race.mode.stored
            )
            record_start(game)
            racer.game = game
            racer.save(update_fields=["game"])
    return race


def fresh_deal(race: Race, players: list[str]) -> Deal | None:
    """A random deal the solver proved winnable in the race's mode (and grade), that none
    of `players` has started or watched a replay of; None if the pool holds none."""
    seen = [
        *Attempt.objects.filter(player__in=players).values_list("deal_id", flat=True),
        *ReplayView.objects.filter(player__in=players).values_list("deal_id", flat=True),
    ]
    wins = DealVerdict.objects.filter(
        deal__variant=race.variant, draw=race.draw, passes=race.passes, verdict=Verdict.WIN
    ).exclude(deal_id__in=seen)
    if race.grade:
        wins = wins.filter(grade=race.grade)
    ids = list(wins.values_list("deal_id", flat=True)[:500])
    return Deal.objects.get(pk=random.choice(ids)) if ids else None
