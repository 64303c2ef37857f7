"""A player's daily streak, and how they stand on today's daily deals.

The streak is the number of UTC days in a row on which the player won a daily deal on its
own day: any one of that day's deals (Yukon, Klondike draw 1 or draw 3), in its mode
(Klondike with Standard scoring), the win finished before that day's midnight. A day counts
once however many of its deals were won. Today not won yet does not break the streak (the
day is not over): it ends when a whole day goes by without a daily win.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from dataclasses import dataclass

from games.models import Game, Result, Scoring

from ..models import DailyDeal
from . import dailies


@dataclass(frozen=True)
class Streak:
    days: int  # days in a row with a daily win, up to today or yesterday
    today_won: bool  # today is one of them

    @property
    def at_stake(self) -> bool:
        """A streak that ends tonight unless one of today's deals is won."""
        return self.days > 0 and not self.today_won


def count(won_days: set[dt.date], today: dt.date) -> Streak:
    """The streak that `won_days` (days with a daily win) make on `today`."""
    day = today if today in won_days else today - dt.timedelta(days=1)
    days = 0
    while day in won_days:
        days += 1
        day -= dt.timedelta(days=1)
    return Streak(days, today in won_days)


def _in_daily_mode(draw: int | None, scoring: str) -> bool:
    return scoring == (Scoring.STANDARD if draw else Scoring.NONE)


def streak(player: str, todays: list[dailies.Daily] | None = None) -> Streak:
    """The player's streak today. Reads only: their wins, the days' stored choices, and the
    rule's choice for a day of the streak that has none stored. `todays`: today's deals,
    when the caller has them already."""
    by_day: dict[dt.date, list[tuple[int, str, int | None]]] = defaultdict(list)
    wins = Game.objects.filter(player=player, result=Result.WON, finished__isnull=False)
    for deal, variant, draw, scoring, finished in wins.values_list(
        "deal_id", "deal__variant", "draw", "scoring", "finished"
    ):
        if _in_daily_mode(draw, scoring):
            by_day[finished.astimezone(dt.UTC).date()].append((deal, variant, draw))
    today = dailies.today()
    if not by_day:
        return count(set(), today)
    first = min(by_day)
    chosen = {
        (row.day, row.variant, row.draw): row.deal_id
        for row in DailyDeal.objects.filter(day__in=list(by_day))
    }
    for found in todays if todays is not None else dailies.todays():
        chosen[(today, found.variant, found.draw)] = found.deal.pk

    def daily_won(day: dt.date) -> bool:
        for deal, variant, draw in by_day.get(day, ()):
            key = (day, variant, draw)
            if key not in chosen:  # a past day whose choice was never stored
                found = dailies.daily(day, variant, draw)
                chosen[key] = found.deal.pk if found else None
            if chosen[key] == deal:
                return True
        return False

    won, day = set(), today
    while day >= first:
        if daily_won(day):
            won.add(day)
        elif day != today:
            break
        day -= dt.timedelta(days=1)
    return count(won, today)


@dataclass(frozen=True)
class Standing:
    """The player's game on one of today's deals, in its mode: the last one, if any."""

    daily: dailies.Daily
    game: Game | None

    @property
    def state(self) -> str:
        """One of new, playing, won and resigned."""
        if self.game is None:
            return "new"
        return self.game.result or "playing"


def standings(player: str, todays: list[dailies.Daily]) -> list[Standing]:
    """Each of today's deals with the player's latest game on it in its mode (a win first:
    once won, a daily stays won)."""
    games = Game.objects.filter(player=player, deal__in=[d.deal for d in todays]).order_by(
        "created"
    )
    latest: dict[tuple, Game] = {}
    for game in games:
        key, prior = (game.deal_id, game.draw), latest.get((game.deal_id, game.draw))
        if _in_daily_mode(game.draw, game.scoring) and not (prior and prior.result == Result.WON):
            latest[key] = game
    return [Standing(d, latest.get((d.deal.pk, d.draw))) for d in todays]
