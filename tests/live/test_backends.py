"""What each backend does on its own: the table keeps recent events (a reconnecting stream
picks up after the last id it saw; old rows go); Redis carries a host's streams of a topic on
one subscription; and a Redis that cannot be reached makes neither a publish nor a stream
raise into anyone."""

from __future__ import annotations

import logging
import secrets
import subprocess
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.utils import timezone
from prometheus_client import REGISTRY
from redis import ConnectionError as RedisConnectionError
from redis import Redis

from live import publish
from live.models import LiveEvent
from tests.ops.cluster import free_port, wait_for

from .asgi import Stream, run

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

    received = run(scenario)
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

    received = run(scenario)
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


def test_a_stream_with_redis_unreachable_is_refused_and_the_browser_told_when_to_retry(
    redis_down,
):
    async def scenario():
        stream = Stream("/live/race-down/")
        status, headers = await stream.open()
        body = await stream.chunk()
        while not stream.ended:
            body += await stream.chunk()
        await stream.close()
        return status, headers, body

    status, headers, body = run(scenario)
    assert (status, headers["retry-after"]) == (503, "2")
    assert body == b"Live events are unavailable for a moment: try again shortly.\n"


def test_a_hosts_streams_of_a_topic_share_one_redis_subscription_while_any_is_open(settings):
    settings.LIVE_URL = "redis://127.0.0.1:6379/0"
    settings.LIVE_PREFIX = f"test-live-{secrets.token_hex(6)}:"
    channel = f"{settings.LIVE_PREFIX}race-shared"
    redis = Redis.from_url(settings.LIVE_URL)

    async def opened() -> Stream:
        stream = Stream("/live/race-shared/")
        await stream.open()
        await stream.chunk()  # subscribed
        return stream

    async def scenario():
        first, second = await opened(), await opened()
        assert redis.pubsub_numsub(channel) == [(channel.encode(), 1)]
        await first.close()
        await sync_to_async(publish)("race-shared", "move", "to the one left")
        assert (await second.chunk()).endswith(b"data: to the one left\n\n")
        await second.close()
        third = await opened()  # subscribed anew once the last one had left
        await sync_to_async(publish)("race-shared", "move", "again")
        assert (await third.chunk()).endswith(b"data: again\n\n")
        await third.close()

    run(scenario)


def test_what_else_is_found_on_a_topics_channel_is_not_passed_on(settings):
    settings.LIVE_URL = "redis://127.0.0.1:6379/0"
    settings.LIVE_PREFIX = f"test-live-{secrets.token_hex(6)}:"
    redis = Redis.from_url(settings.LIVE_URL)

    async def scenario():
        stream = Stream("/live/race-noise/")
        await stream.open()
        await stream.chunk()
        for noise in (b"not json", b'{"event": "move"}', b"[1, 2]"):
            redis.publish(f"{settings.LIVE_PREFIX}race-noise", noise)
        await sync_to_async(publish)("race-noise", "move", "the real one")
        chunk = await stream.chunk()
        await stream.close()
        return chunk

    assert run(scenario) == b"event: move\ndata: the real one\n\n"


@pytest.mark.slow
def test_when_redis_goes_away_the_open_streams_end_and_new_ones_subscribe_once_it_is_back(
    settings, tmp_path
):
    port = free_port()
    settings.LIVE_URL = f"redis://127.0.0.1:{port}/0"
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
               "--appendonly", "no", "--dir", str(tmp_path)]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        until_it_answers(port)

        async def stream_ends_when_redis_is_gone():
            stream = Stream("/live/race-gone/")
            assert (await stream.open())[0] == 200
            assert await stream.chunk() == b"retry: 2000\n: live\n\n"
            server.kill()
            while not stream.ended:  # a heartbeat or two may come first
                assert await stream.chunk() in (b": ping\n\n", b"")
            await stream.close()

        settings.LIVE_HEARTBEAT_SECONDS = 1.0
        run(stream_ends_when_redis_is_gone)
        server.wait(timeout=10)
        server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        until_it_answers(port)

        async def back():
            stream = Stream("/live/race-gone/")
            assert (await stream.open())[0] == 200
            await stream.chunk()
            await sync_to_async(publish)("race-gone", "move", "after the outage")
            assert (await stream.chunk()).endswith(b"data: after the outage\n\n")
            await stream.close()

        run(back)
    finally:
        server.kill()
        server.wait(timeout=10)


def until_it_answers(port: int) -> None:
    def answers() -> bool:
        try:
            return Redis(port=port).ping()
        except RedisConnectionError:
            return False

    wait_for(answers, f"redis-server on {port}")
