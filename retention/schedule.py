"""The worker's periodic cleanup: a task that queues its own next run, so there is no cron.

Each run first queues the next one, RETENTION_EVERY_MINUTES later, unless one is already
waiting: a run killed midway still leaves its successor, and at most one stays pending even
when two workers start chains at once (the second run to start finds the first's successor
and queues none). `manage.py cleanup --schedule`, run by `./dev run` and by the compose
file's worker before it starts, starts the chain if there is none.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.tasks import TaskResultStatus, task
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from races.progress import settle_overdue
from ratings.services import outcomes

from .sweep import sweep

# With the pool's top-ups, behind every dead-end check: players are waiting for those.
PRIORITY = -20


@task(priority=PRIORITY)
def cleanup() -> dict[str, int]:
    """One sweep (retention.sweep), after queueing the next; returns what it deleted, and
    how many races it ended whose time was up (a race nobody looks at ends here)."""
    schedule_next()
    # Rated games left alone past their time are lost first (their games end, so the
    # sweep's rule for unfinished games never deletes one still counted as being played).
    abandoned = outcomes.abandon_stale(timezone.now())
    return sweep().as_dict() | {"rated_abandoned": abandoned, "races_ended": settle_overdue()}


def pending() -> DBTaskResult | None:
    """The queued cleanup waiting for its time, if there is one."""
    waiting = DBTaskResult.objects.filter(
        status=TaskResultStatus.READY, task_path=cleanup.module_path
    )
    return waiting.order_by("run_after").first()


def schedule_next(now: datetime | None = None) -> DBTaskResult | None:
    """Queue the next cleanup RETENTION_EVERY_MINUTES from `now`, unless one is pending.
    Returns the pending run."""
    waiting = pending()
    if waiting is not None:
        return waiting
    when = (now or timezone.now()) + timedelta(minutes=settings.RETENTION_EVERY_MINUTES)
    cleanup.using(run_after=when).enqueue()
    return pending()
