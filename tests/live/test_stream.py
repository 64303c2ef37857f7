"""publish() on one side, a stream of /live/<topic>/ on the other, through the site's ASGI
application: with Redis (the real one on 127.0.0.1:6379, channels under a prefix of the test's
own) and with the database's table (no Redis: `./dev run`). The tests wait on what the
stream sends (its opening, once subscribed), never on the clock."""

from __future__ import annotations

import asyncio
import secrets

import pytest
from asgiref.sync import sync_to_async
from django.db import transaction

from live import publish

from .asgi import Stream

pytestmark = pytest.mark.django_db(transaction=True)

OPENED = b"retry: 2000\n: live\n\n"


@pytest.fixture(params=["redis", "table"])
def backend(request, settings):
    settings.LIVE_URL = "redis://127.0.0.1:6379/0" if request.param == "redis" else ""
    settings.LIVE_PREFIX = f"test-live-{secrets.token_hex(6)}:"
    return request.param


def run(scenario):
    asyncio.run(scenario())


def published(*events: tuple[str, str, str]):
    """Publishes from a thread, as a view does, outside any transaction."""

    def send():
        for topic, event, data in events:
            publish(topic, event, data)

    return sync_to_async(send)()


def test_a_stream_opens_subscribed_with_a_retry_hint_uncompressed_and_uncached(backend):
    async def scenario():
        stream = Stream("/live/race-a/", {"Accept-Encoding": "gzip, deflate, br"})
        status, headers = await stream.open()
        assert status == 200
        assert headers["content-type"] == "text/event-stream"
        assert headers["cache-control"] == "no-store"
        assert "content-encoding" not in headers
        assert await stream.chunk() == OPENED
        await stream.close()

    run(scenario)


def test_a_published_event_reaches_every_stream_of_its_topic_and_no_other(backend):
    async def scenario():
        first, second, other = (
            Stream("/live/race-a/"),
            Stream("/live/race-a/"),
            Stream("/live/race-b/"),
        )
        for stream in (first, second, other):
            await stream.open()
            assert await stream.chunk() == OPENED
        await published(("race-a", "player", "Ann\n3 home"), ("race-b", "player", "Bob"))
        for stream in (first, second):
            event = await stream.chunk()
            assert event.endswith(b"event: player\ndata: Ann\ndata: 3 home\n\n"), event
        assert (await other.chunk()).endswith(b"event: player\ndata: Bob\n\n")
        for stream in (first, second, other):
            await stream.close()

    run(scenario)


def test_events_arrive_in_the_order_they_were_published(backend):
    async def scenario():
        stream = Stream("/live/race-order/")
        await stream.open()
        await stream.chunk()
        await published(*[("race-order", "move", str(n)) for n in range(5)])
        received = b""
        while received.count(b"\n\n") < 5:
            received += await stream.chunk()
        assert [block.rsplit(b"data: ", 1)[1] for block in received.split(b"\n\n")[:5]] == [
            b"0", b"1", b"2", b"3", b"4"
        ]  # fmt: skip
        await stream.close()

    run(scenario)


def test_a_quiet_stream_sends_a_comment_line_as_its_heartbeat(backend, settings):
    settings.LIVE_HEARTBEAT_SECONDS = 0.05

    async def scenario():
        stream = Stream("/live/race-quiet/")
        await stream.open()
        assert await stream.chunk() == OPENED
        assert await stream.chunk() == b": ping\n\n"
        await published(("race-quiet", "start", "go"))
        chunk = await stream.chunk()
        while chunk == b": ping\n\n":
            chunk = await stream.chunk()
        assert chunk.endswith(b"event: start\ndata: go\n\n")
        await stream.close()

    run(scenario)


def test_an_event_published_in_a_transaction_goes_out_at_its_commit_and_never_if_rolled_back(
    backend,
):
    def rolled_back_then_committed():
        with pytest.raises(RuntimeError), transaction.atomic():
            publish("race-tx", "move", "rolled back")
            raise RuntimeError("the move failed")
        with transaction.atomic():
            publish("race-tx", "move", "committed")

    async def scenario():
        stream = Stream("/live/race-tx/")
        await stream.open()
        await stream.chunk()
        await sync_to_async(rolled_back_then_committed)()
        assert (await stream.chunk()).endswith(b"event: move\ndata: committed\n\n")
        await stream.close()

    run(scenario)


def test_an_address_that_is_no_topic_is_not_found(client):
    assert client.get("/live/race.a/").status_code == 404
    assert client.get("/live/" + "a" * 81 + "/").status_code == 404


def test_a_stream_answers_get_only(client):
    assert client.post("/live/race-a/").status_code == 405
