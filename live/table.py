"""Events through a table of the site's own database, when there is no Redis (`./dev run`:
SQLite, with the site and its solver worker in separate processes, PostgreSQL alike).

A publish inserts a row and deletes the rows older than settings.LIVE_KEEP_SECONDS; each open
stream asks for its topic's rows after the last id it sent, every LIVE_POLL_SECONDS. The ids
go out with the events, so a stream that reconnects (Last-Event-ID) gets what it missed
meanwhile, as long as it is kept.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import timedelta

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db.models import Max
from django.utils import timezone

from live.events import Event


def publish(topic: str, event: str, data: str) -> None:
    from live.models import LiveEvent

    now = timezone.now()
    LiveEvent.objects.create(topic=topic, event=event, data=data, created=now)
    LiveEvent.objects.filter(
        created__lt=now - timedelta(seconds=settings.LIVE_KEEP_SECONDS)
    ).delete()


def _start(last_id: str | None) -> int:
    """The id after which the stream starts: the newest row's, or the one the browser says
    it saw last if that is older (a reconnect)."""
    from live.models import LiveEvent

    newest = LiveEvent.objects.aggregate(newest=Max("id"))["newest"] or 0
    if last_id is not None and last_id.isdigit():
        return min(int(last_id), newest)
    return newest


def _since(topic: str, after: int) -> list[Event]:
    from live.models import LiveEvent

    rows = LiveEvent.objects.filter(topic=topic, id__gt=after).order_by("id")
    return [Event(event=row.event, data=row.data, id=str(row.id)) for row in rows[:100]]


async def listen(
    topic: str, heartbeat: float, last_id: str | None = None
) -> AsyncIterator[Event | None]:
    """Yields None once the stream knows where it starts, then each new event of the topic,
    and None again whenever `heartbeat` seconds pass without one."""
    after = await sync_to_async(_start)(last_id)
    yield None
    loop = asyncio.get_running_loop()
    quiet_since = loop.time()
    while True:
        if events := await sync_to_async(_since)(topic, after):
            for event in events:
                yield event
            after = int(events[-1].id)
            quiet_since = loop.time()
            continue
        if loop.time() - quiet_since >= heartbeat:
            yield None
            quiet_since = loop.time()
        await asyncio.sleep(settings.LIVE_POLL_SECONDS)
