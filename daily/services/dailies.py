"""Which deal is the daily one: one proven-winnable deal per UTC day and mode, the same for
everyone, chosen from the winnable pool ahead of time.

The rule is deterministic: among the pool's wins in the mode that were proven before the day
began, the one at a position fixed by a hash of the day and the mode. Deals that were the daily
deal of an earlier day are skipped. Nothing that happens during the day changes the answer, so
a page can name today's deal without writing anything; `fix_days` (run by `choose_daily`
ahead of time) stores the choice, and a stored choice is final.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine.modes import Mode
from games.models import Deal
from solver.pool.models import DealVerdict, Outcome

from ..models import DailyDeal

# (variant, draw): Yukon, and Klondike draw 1 and draw 3, both with Standard scoring.
MODES = [("yukon", None), ("klondike", 1), ("klondike", 3)]


@dataclass(frozen=True)
class Daily:
    day: dt.date
    variant: str
    draw: int | None
    deal: Deal
    par: int | None

    @property
    def number(self) -> int:
        return self.deal.number

    @property
    def mode(self) -> Mode:
        """A daily deal is played with Standard scoring (Klondike)."""
        return Mode(self.variant, self.draw, "standard" if self.draw else "none")

    @property
    def query(self) -> str:
        """The game URL's query for this mode."""
        return self.mode.query

    @property
    def title(self) -> str:
        mode = "" if self.draw is None else f" (draw {self.draw})"
        return f"{self.deal.get_variant_display()} #{self.number}{mode}"


def today() -> dt.date:
    return timezone.now().astimezone(dt.UTC).date()


def day_start(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=dt.UTC)


def seconds_left(now: dt.datetime | None = None) -> int:
    """Seconds until the current UTC day ends."""
    now = now or timezone.now()
    return int(
        (day_start(now.astimezone(dt.UTC).date() + dt.timedelta(days=1)) - now).total_seconds()
    )


def daily(day: dt.date, variant: str, draw: int | None) -> Daily | None:
    """The day's deal in this mode: the stored choice, else the rule's (None while the pool has
    no win proven before the day began). Reads only."""
    stored = (
        DailyDeal.objects.select_related("deal").filter(day=day, variant=variant, draw=draw).first()
    )
    deal = stored.deal if stored else _by_rule(day, variant, draw)
    if deal is None:
        return None
    verdict = DealVerdict.objects.filter(
        deal=deal, draw=draw, passes=None, verdict=Outcome.WIN
    ).first()
    return Daily(day, variant, draw, deal, verdict.par if verdict else None)


def todays() -> list[Daily]:
    """Today's deals, in the order of MODES, leaving out a mode with none yet."""
    day = today()
    return [found for variant, draw in MODES if (found := daily(day, variant, draw))]


def _by_rule(day: dt.date, variant: str, draw: int | None) -> Deal | None:
    earlier = DailyDeal.objects.filter(day__lt=day, variant=variant, draw=draw).values("deal")
    wins = (
        DealVerdict.objects.filter(
            deal__variant=variant, draw=draw, passes=None, verdict=Outcome.WIN,
            created__lt=day_start(day),
        )
        .exclude(deal__in=earlier)
        .order_by("pk")
    )  # fmt: skip
    count = wins.count()
    if not count:
        return None
    seed = hashlib.sha256(f"daily:{day.isoformat()}:{variant}:{draw}".encode()).digest()
    verdict = wins.select_related("deal")[int.from_bytes(seed[:8]) % count]
    return verdict.deal


def fix_days(days: list[dt.date]) -> list[DailyDeal]:
    """Store the choice for each day and mode that has none yet (the rule's answer, which is
    what pages already showed for it)."""
    stored = []
    for day in days:
        for variant, draw in MODES:
            if DailyDeal.objects.filter(day=day, variant=variant, draw=draw).exists():
                continue
            deal = _by_rule(day, variant, draw)
            if deal is None:
                continue
            try:
                with transaction.atomic():
                    stored.append(
                        DailyDeal.objects.create(day=day, variant=variant, draw=draw, deal=deal)
                    )
            except IntegrityError:  # fixed by another worker meanwhile
                pass
    return stored


def daily_days(deal: Deal) -> list[dt.date]:
    """The days on which this deal is (or was) the daily deal, in any mode, today's
    rule-named choice included."""
    days = set(DailyDeal.objects.filter(deal=deal).values_list("day", flat=True))
    day = today()
    if any(d.deal.pk == deal.pk for d in [daily(day, v, dr) for v, dr in MODES] if d):
        days.add(day)
    return sorted(days)
