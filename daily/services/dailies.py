"""Which deal is the daily one: one proven-winnable deal per UTC day and mode, the same for
everyone, chosen from the winnable pool ahead of time.

The rule is deterministic: among the pool's wins in the mode that were proven before the day
began, of the day's grade (WEEK_GRADES) where there is one, the one at a position fixed by a
hash of the day and the mode. Deals that were the daily deal of an earlier day are skipped.
Nothing that happens during the day changes the answer, so a page can name today's deal
without writing anything; `fix_days` (run by `choose_daily` ahead of time) stores the choice,
and a stored choice is final.

A new site has no win proven before its first day began: that day, the first win the pool
proves in the mode (the lowest id among the day's, whatever its grade) is the daily deal. The
pool's fill stores that choice the moment it commits the win (`fix_on_first_win`, connected in
daily.apps), so it stays the same for everyone however many more are proven later; two
proven at once, the first choice stored stands (the table's one row a day and mode).
"""

from __future__ import annotations

import datetime as dt
import hashlib
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils import timezone

from games.engine.modes import Mode
from games.models import Deal
from solver.pool.models import DealVerdict, Grade
from solver.search.verdict import Verdict

from ..models import DailyDeal

# (variant, draw): Yukon, and Klondike draw 1 and draw 3, both with Standard scoring.
MODES = [("yukon", None), ("klondike", 1), ("klondike", 3)]
# The daily's grade by weekday (Monday first, as date.weekday counts): Easy to start the week,
# rising to Expert at the weekend. A mode with no proven deal of the day's grade takes any.
WEEK_GRADES = (Grade.EASY, Grade.EASY, Grade.MEDIUM, Grade.MEDIUM, Grade.HARD, Grade.EXPERT,
               Grade.EXPERT)  # fmt: skip


@dataclass(frozen=True)
class Daily:
    day: dt.date
    variant: str
    draw: int | None
    deal: Deal
    par: int | None
    grade: str = ""  # the deal's own (solver.pool.models.Grade), "" if it has none

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


def grade_of_day(day: dt.date) -> str:
    """The grade the day's deals are chosen from (WEEK_GRADES)."""
    return WEEK_GRADES[day.weekday()]


def daily(day: dt.date, variant: str, draw: int | None) -> Daily | None:
    """The day's deal in this mode: the stored choice, else the rule's (None while there is
    none). Reads only."""
    stored = (
        DailyDeal.objects.select_related("deal").filter(day=day, variant=variant, draw=draw).first()
    )
    deal = stored.deal if stored else _choice(day, variant, draw)
    if deal is None:
        return None
    verdict = DealVerdict.objects.filter(
        deal=deal, draw=draw, passes=None, verdict=Verdict.WIN
    ).first()
    return Daily(
        day, variant, draw, deal, verdict.par if verdict else None, verdict.grade if verdict else ""
    )


def todays() -> list[Daily]:
    """Today's deals, in the order of MODES, leaving out a mode with none yet."""
    day = today()
    return [found for variant, draw in MODES if (found := daily(day, variant, draw))]


def _candidates(day: dt.date, variant: str, draw: int | None):
    """The mode's wins never a daily deal before `day`, in the order they were proven."""
    earlier = DailyDeal.objects.filter(day__lt=day, variant=variant, draw=draw).values("deal")
    return (
        DealVerdict.objects.filter(
            deal__variant=variant, draw=draw, passes=None, verdict=Verdict.WIN
        )
        .exclude(deal__in=earlier)
        .order_by("pk")
    )


def _of_grade(wins, day: dt.date):
    """`wins` of the day's grade, or all of them if none is."""
    graded = wins.filter(grade=grade_of_day(day))
    return graded if graded.exists() else wins


def _by_rule(day: dt.date, variant: str, draw: int | None) -> Deal | None:
    wins = _of_grade(_candidates(day, variant, draw).filter(created__lt=day_start(day)), day)
    count = wins.count()
    if not count:
        return None
    seed = hashlib.sha256(f"daily:{day.isoformat()}:{variant}:{draw}".encode()).digest()
    verdict = wins.select_related("deal")[int.from_bytes(seed[:8]) % count]
    return verdict.deal


def _choice(day: dt.date, variant: str, draw: int | None) -> Deal | None:
    """The rule's deal; today, on a day with none proven before it began, the first win
    proven today."""
    deal = _by_rule(day, variant, draw)
    if deal is None and day == today():
        during = _candidates(day, variant, draw).filter(created__gte=day_start(day))
        first = during.select_related("deal").first()
        deal = first.deal if first else None
    return deal


def _store(day: dt.date, variant: str, draw: int | None, deal: Deal) -> DailyDeal | None:
    """The day's choice stored, or the one already stored if another got in first."""
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(day=day, variant=variant, draw=draw, deal=deal)
    except IntegrityError:  # fixed by another request or worker meanwhile
        return (
            DailyDeal.objects.select_related("deal")
            .filter(day=day, variant=variant, draw=draw)
            .first()
        )


def fix_days(days: list[dt.date]) -> list[DailyDeal]:
    """Store the choice for each day and mode that has none yet (the rule's answer, which is
    what pages already showed for it; today, on a new site, the first win proven today)."""
    stored = []
    for day in days:
        for variant, draw in MODES:
            if DailyDeal.objects.filter(day=day, variant=variant, draw=draw).exists():
                continue
            deal = _choice(day, variant, draw)
            chosen = _store(day, variant, draw, deal) if deal else None
            stored += [chosen] if chosen else []
    return stored


def fix_on_first_win(sender, instance: DealVerdict, created: bool, **kwargs) -> None:
    """A win just stored (DealVerdict's post_save): on a day whose mode has no daily deal yet,
    store the day's choice once the win is committed, so that a new site's first proven deal
    is its daily deal within its first pool fill, and stays it."""
    mode = (instance.deal.variant, instance.draw)
    if not created or instance.verdict != Verdict.WIN or instance.passes or mode not in MODES:
        return
    day = today()
    if not DailyDeal.objects.filter(day=day, variant=mode[0], draw=mode[1]).exists():
        transaction.on_commit(lambda: fix_days([day]))


def daily_days(deal: Deal) -> list[dt.date]:
    """The days on which this deal is (or was) the daily deal, in any mode, today's
    rule-named choice included."""
    days = set(DailyDeal.objects.filter(deal=deal).values_list("day", flat=True))
    day = today()
    if any(d.deal.pk == deal.pk for d in [daily(day, v, dr) for v, dr in MODES] if d):
        days.add(day)
    return sorted(days)
