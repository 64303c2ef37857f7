"""The cleanup: what goes, and after how long (the ages are settings, README "Settings").

- Finished task rows: a successful one after RETENTION_TASK_DAYS, a failed one (its
  traceback is worth reading) after RETENTION_FAILED_TASK_DAYS. Each row is only a receipt:
  what a task did is already stored where it belongs.
- Orphaned tasks: a task still RUNNING RETENTION_ORPHAN_MINUTES after it started lost its
  worker (killed, or its machine gone): no task runs that long (a dead-end check has a few
  seconds of budget, a pool top-up two, a cleanup a few). It goes back on the queue once;
  a task that was running when two workers died is marked failed instead, so a task that
  takes its worker down cannot take down every worker in turn.
- Abandoned games: an unfinished game whose player has not acted on it for
  RETENTION_GAME_DAYS. Its deal stays (deals are never deleted: a stored deal is the truth
  of its number), so the same number can be played again; its start stays recorded (a
  first attempt rests on it: daily.services.attempts). Finished games stay, with their
  records and reviews: replays and records need them.
- Forgotten starts: a visitor's record of starting a deal (daily's Attempt, which a first
  attempt rests on) once its game is gone as abandoned and the visitor has no game left at
  all, RETENTION_GAME_DAYS after it started. Such a visitor left nothing else behind: without
  this, each fresh cookie's start would be kept for ever. An account's starts are kept.
- Unplayed deals: a deal stored RETENTION_GAME_DAYS ago that nothing refers to any more (no
  game, start, daily, watched replay or pool verdict). The deal key deals the same cards
  again; only a key changed since would deal that number anew, and no one has a game on it.
- Position verdicts that no game being played needs (`needed`), once nothing has asked for
  or decided them for RETENTION_VERDICT_DAYS: until then they answer other players who reach
  the same position, and the day is a margin for games acting while the sweep runs.
- Winning lines no position verdict points into any more (their rows gone by the rule
  above), stored over RETENTION_VERDICT_DAYS ago: a line is read only through a row on it.
- Expired sessions (staff logins), as `manage.py clearsessions` does.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from daily.models import Attempt
from games.models import Deal, Game
from solver.deadends.models import PositionVerdict, WinningLine
from visitors.players import ACCOUNT_PREFIX

from .needed import needed_keys

CHUNK = 1000
# How many workers a task may lose before it is marked failed rather than queued again.
MAX_ATTEMPTS = 2
DATABASE_SESSIONS = {
    "django.contrib.sessions.backends.db",
    "django.contrib.sessions.backends.cached_db",
}


class WorkerLost(Exception):
    """Recorded on a task marked failed because its worker stopped mid-task, twice."""


@dataclass(frozen=True)
class Ages:
    tasks: timedelta
    failed_tasks: timedelta
    orphans: timedelta
    verdicts: timedelta
    games: timedelta

    @classmethod
    def from_settings(cls) -> Ages:
        return cls(
            tasks=timedelta(days=settings.RETENTION_TASK_DAYS),
            failed_tasks=timedelta(days=settings.RETENTION_FAILED_TASK_DAYS),
            orphans=timedelta(minutes=settings.RETENTION_ORPHAN_MINUTES),
            verdicts=timedelta(days=settings.RETENTION_VERDICT_DAYS),
            games=timedelta(days=settings.RETENTION_GAME_DAYS),
        )


@dataclass
class Swept:
    """How many rows a sweep deleted (or, dry, would delete) or put back on the queue."""

    finished_tasks: int = 0
    requeued_tasks: int = 0
    failed_tasks: int = 0
    abandoned_games: int = 0
    forgotten_starts: int = 0
    unplayed_deals: int = 0
    verdicts: int = 0
    lines: int = 0
    sessions: int = 0

    def as_dict(self) -> dict[str, int]:
        return asdict(self)


def sweep(now: datetime | None = None, dry_run: bool = False, ages: Ages | None = None) -> Swept:
    """Delete what the rules above say has had its time; with `dry_run`, only count it.
    Games go before verdicts, and verdicts before lines, so an abandoned game's verdicts and
    the lines only they pointed into go in the same sweep."""
    now = now or timezone.now()
    ages = ages or Ages.from_settings()
    swept = Swept()
    swept.finished_tasks = finished_tasks(now - ages.tasks, now - ages.failed_tasks, dry_run)
    swept.requeued_tasks, swept.failed_tasks = orphaned_tasks(now - ages.orphans, now, dry_run)
    swept.abandoned_games = abandoned_games(now - ages.games, dry_run)
    swept.forgotten_starts = forgotten_starts(now - ages.games, dry_run)
    swept.unplayed_deals = unplayed_deals(now - ages.games, dry_run)
    swept.verdicts = unneeded_verdicts(now - ages.verdicts, now - ages.games, dry_run)
    swept.lines = unreferenced_lines(now - ages.verdicts, dry_run)
    swept.sessions = expired_sessions(now, dry_run)
    return swept


def finished_tasks(before: datetime, failed_before: datetime, dry_run: bool = False) -> int:
    rows = DBTaskResult.objects.filter(
        Q(status=TaskResultStatus.SUCCESSFUL, finished_at__lt=before)
        | Q(status=TaskResultStatus.FAILED, finished_at__lt=failed_before)
    )
    return rows.count() if dry_run else rows.delete()[0]


def orphaned_tasks(
    started_before: datetime, now: datetime, dry_run: bool = False
) -> tuple[int, int]:
    """Requeue (once) or fail the tasks RUNNING since before `started_before`; returns how
    many of each. Each change only lands if the row is still as read, so a task that finishes
    meanwhile keeps its result."""
    requeued = failed = 0
    orphans = DBTaskResult.objects.filter(
        status=TaskResultStatus.RUNNING, started_at__lt=started_before
    ).values_list("pk", "started_at", "worker_ids")
    for pk, started_at, worker_ids in orphans:
        still = DBTaskResult.objects.filter(
            pk=pk, status=TaskResultStatus.RUNNING, started_at=started_at
        )
        if len(worker_ids) < MAX_ATTEMPTS:
            requeued += 1 if dry_run else still.update(status=TaskResultStatus.READY)
        else:
            failed += (
                1
                if dry_run
                else still.update(
                    status=TaskResultStatus.FAILED,
                    finished_at=now,
                    exception_class_path=f"{WorkerLost.__module__}.{WorkerLost.__qualname__}",
                    traceback=(
                        f"WorkerLost: still running {now - started_at} after it started; each of "
                        f"the {len(worker_ids)} workers that ran it stopped mid-task\n"
                    ),
                )
            )
    return requeued, failed


def abandoned_games(untouched_before: datetime, dry_run: bool = False) -> int:
    """Unfinished games nobody has acted on since `untouched_before`, with what hangs on them."""
    games = Game.objects.filter(result="", updated__lt=untouched_before)
    return games.count() if dry_run else _delete_in_chunks(games)


def forgotten_starts(started_before: datetime, dry_run: bool = False) -> int:
    """Visitors' starts from before `started_before` whose game is gone, of visitors with no
    game left."""
    games_left = Game.objects.filter(player=OuterRef("player"))
    starts = Attempt.objects.filter(
        ~Q(player__startswith=ACCOUNT_PREFIX) & ~Exists(games_left),
        first_game__isnull=True, first_started__lt=started_before,
    )  # fmt: skip
    return starts.count() if dry_run else _delete_in_chunks(starts)


def unplayed_deals(stored_before: datetime, dry_run: bool = False) -> int:
    """Deals stored before `stored_before` that nothing refers to. (A dry run counts those
    unreferenced now, before the games and starts it would delete.)"""
    deals = Deal.objects.filter(created__lt=stored_before).exclude(
        Q(games__isnull=False) | Q(attempts__isnull=False) | Q(dailies__isnull=False)
        | Q(replay_views__isnull=False) | Q(verdicts__isnull=False)
    )  # fmt: skip
    return deals.count() if dry_run else _delete_in_chunks(deals)


def unneeded_verdicts(
    untouched_before: datetime, games_since: datetime, dry_run: bool = False
) -> int:
    """Verdicts nothing has asked for or decided since `untouched_before` that no game being
    played (unfinished, acted on since `games_since`) needs."""
    playing = Game.objects.filter(result="", updated__gte=games_since).select_related("deal")
    keep = needed_keys(playing.iterator(chunk_size=CHUNK))
    old = PositionVerdict.objects.filter(_untouched_since(untouched_before)).order_by("pk")
    count, after = 0, 0
    while page := list(old.filter(pk__gt=after).values_list("pk", "key")[:CHUNK]):
        after = page[-1][0]
        doomed = [pk for pk, key in page if key not in keep]
        count += len(doomed)
        if doomed and not dry_run:
            PositionVerdict.objects.filter(pk__in=doomed).delete()
    return count


def unreferenced_lines(stored_before: datetime, dry_run: bool = False) -> int:
    """Winning lines stored before `stored_before` that no verdict points into. The age
    spares a line just stored, whose row is written in the statement after it. (A dry run
    counts those unreferenced now, before the verdicts it would delete.)"""
    pointed_at = PositionVerdict.objects.filter(line=OuterRef("pk"))
    lines = WinningLine.objects.filter(~Exists(pointed_at), created__lt=stored_before)
    return lines.count() if dry_run else _delete_in_chunks(lines)


def _delete_in_chunks(rows: QuerySet) -> int:
    """Delete what `rows` selects, CHUNK rows a statement (no long lock on a big table);
    returns how many went."""
    deleted = 0
    while ids := list(rows.values_list("pk", flat=True)[:CHUNK]):
        rows.model.objects.filter(pk__in=ids).delete()
        deleted += len(ids)
    return deleted


def _untouched_since(moment: datetime) -> Q:
    """Verdict rows proven before `moment` (a row exists only once its position is decided;
    the checks still wanted are CheckRequest rows, which go with their game)."""
    return ~Q(decided__gte=moment)


def expired_sessions(now: datetime, dry_run: bool = False) -> int:
    """Sessions past their expiry date, when sessions live in the database."""
    if settings.SESSION_ENGINE not in DATABASE_SESSIONS:
        return 0
    expired = Session.objects.filter(expire_date__lt=now)
    return expired.count() if dry_run else expired.delete()[0]
