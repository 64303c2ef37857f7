"""What each backend does on its own: the table keeps recent events (a reconnecting stream
picks up after the last id it saw; old rows go), and a Redis that cannot be reached makes
neither a publish nor a stream raise into anyone."""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone
from prometheus_client import REGISTRY

from live import publish
from live.models import LiveEvent
from tests.ops.cluster import free_port

from .asgi import Stream

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def table(settings):
    settings.LIVE_URL = ""


@pytest.fixture
def redis_down(settings):
    """A Redis address where nothing listens."""
    settings.LIVE_URL = f"redis://127.0.0.1:{free_port()}/0"


def failures() -> float:
    return (
        REGISTRY.get_sample_value("yukon_live_publish_failures_total", {"backend": "redis"}) or 0.0
    )


def test_a_reconnecting_stream_gets_what_was_published_after_the_last_id_it_saw(table):
    publish("race-back", "move", "seen")
    publish("race-back", "move", "missed")
    publish("race-other", "move", "not this topic")
    publish("race-back", "move", "missed too")
    seen = LiveEvent.objects.get(data="seen").id

    async def scenario():
        stream = Stream("/live/race-back/", {"Last-Event-ID": str(seen)})
        await stream.open()
        received = b""
        while received.count(b"event: move") < 2:
            received += await stream.chunk()
        await stream.close()
        return received

    received = asyncio.run(scenario())
    assert b"data: seen" not in received and b"not this topic" not in received
    missed = LiveEvent.objects.get(data="missed").id
    assert f"id: {missed}\nevent: move\ndata: missed\n\n".encode() in received
    assert received.endswith(b"event: move\ndata: missed too\n\n")


def test_a_new_stream_starts_with_what_comes_next_not_with_what_was_kept(table):
    publish("race-new", "move", "before")

    async def scenario():
        stream = Stream("/live/race-new/")
        await stream.open()
        opened = await stream.chunk()
        await sync_to_async(publish)("race-new", "move", "after")
        event = await stream.chunk()
        await stream.close()
        return opened + event

    received = asyncio.run(scenario())
    assert b"before" not in received and received.endswith(b"data: after\n\n")


def test_a_publish_deletes_the_events_older_than_the_kept_time(table, settings):
    now = timezone.now()
    old = now - timedelta(seconds=settings.LIVE_KEEP_SECONDS + 1)
    recent = now - timedelta(seconds=settings.LIVE_KEEP_SECONDS - 5)
    LiveEvent.objects.create(topic="race-old", event="move", data="old", created=old)
    LiveEvent.objects.create(topic="race-old", event="move", data="recent", created=recent)
    publish("race-old", "move", "new")
    assert list(LiveEvent.objects.order_by("id").values_list("data", flat=True)) == [
        "recent", "new"
    ]  # fmt: skip


def test_a_publish_with_redis_unreachable_is_logged_and_counted_and_does_not_raise(
    redis_down, caplog
):
    before = failures()
    with caplog.at_level(logging.ERROR, logger="live.sending"):
        publish("race-down", "move", "stored anyway")
    assert failures() == before + 1
    assert "could not publish move on race-down through redis" in caplog.text


def test_a_stream_with_redis_unreachable_ends_and_the_browser_is_told_to_come_back(redis_down):
    async def scenario():
        stream = Stream("/live/race-down/")
        status, _ = await stream.open()
        body = await stream.chunk()
        while not stream.ended:
            body += await stream.chunk()
        await stream.close()
        return status, body

    status, body = asyncio.run(scenario())
    assert status == 200
    assert body == b"retry: 2000\n\n"
