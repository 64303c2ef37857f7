"""Events through Redis pub/sub (settings.LIVE_URL names a Redis): every web host's streams
subscribe to the topic's channel, LIVE_PREFIX + topic, and a publish reaches them all.

Nothing is kept: a stream hears what is published while it is subscribed. A process holds one
connection to Redis for all its open streams (a Hub, per event loop): the first stream of a
topic subscribes its channel and the last one to leave unsubscribes it; one task reads the
connection and hands each event to the streams of its channel.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import weakref
from collections.abc import AsyncIterator
from functools import cache

import redis
import redis.asyncio
from django.conf import settings
from redis.backoff import NoBackoff
from redis.retry import Retry

from live.events import Event

# A Redis gone quiet holds a move up for a second at most, and is not asked again.
TIMEOUTS = {"socket_connect_timeout": 1.0, "socket_timeout": 1.0}
# How long a new stream waits for Redis to confirm its subscription (a busy host may take a
# while to start a hundred streams at once).
CONFIRM_SECONDS = 10.0
# How often a quiet subscriber connection makes sure Redis is still there.
HEALTH_SECONDS = 30.0


def channel(topic: str) -> str:
    return f"{settings.LIVE_PREFIX}{topic}"


@cache
def _client(url: str) -> redis.Redis:
    """One client (and its connection pool) per process, for publishing."""
    return redis.Redis.from_url(url, retry=Retry(NoBackoff(), 0), **TIMEOUTS)


def publish(topic: str, event: str, data: str) -> None:
    """Raises redis.RedisError when Redis cannot be reached (live.sending counts it)."""
    payload = json.dumps({"event": event, "data": data}, separators=(",", ":"))
    _client(settings.LIVE_URL).publish(channel(topic), payload)


def parse(payload: bytes) -> Event | None:
    """The event publish() sent; None for anything else found on the channel."""
    try:
        fields = json.loads(payload)
        return Event(event=fields["event"], data=fields["data"])
    except (ValueError, TypeError, KeyError):
        return None


class Hub:
    """One subscriber connection shared by the open streams of one event loop."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.client = redis.asyncio.Redis.from_url(
            url,
            socket_connect_timeout=CONFIRM_SECONDS,
            # A quiet connection pings Redis now and then, so a Redis gone away is noticed.
            health_check_interval=HEALTH_SECONDS,
        )
        self.pubsub = self.client.pubsub()
        self.streams: dict[str, set[asyncio.Queue]] = {}  # channel -> each stream's queue
        self.pending: dict[str, asyncio.Future] = {}  # channel -> its confirmation
        self.lock = asyncio.Lock()
        self.reader: asyncio.Task | None = None

    async def join(self, name: str) -> asyncio.Queue:
        """A queue of the channel's events, once Redis has confirmed its subscription."""
        queue = asyncio.Queue()
        async with self.lock:
            if name not in self.streams:
                self.streams[name] = set()
                self.pending[name] = asyncio.get_running_loop().create_future()
                try:
                    await self.pubsub.subscribe(name)
                except BaseException:
                    del self.streams[name], self.pending[name]
                    raise
                if self.reader is None:
                    self.reader = asyncio.create_task(self.read())
            self.streams[name].add(queue)
            confirmed = self.pending.get(name)
        try:
            if confirmed is not None:
                await asyncio.wait_for(asyncio.shield(confirmed), CONFIRM_SECONDS)
        except BaseException as error:
            await self.leave(name, queue)
            if isinstance(error, TimeoutError):
                raise redis.TimeoutError("Redis did not confirm the subscription") from None
            raise
        return queue

    async def leave(self, name: str, queue: asyncio.Queue) -> None:
        async with self.lock:
            streams = self.streams.get(name)
            if streams is None:
                return
            streams.discard(queue)
            if not streams:
                del self.streams[name]
                self.pending.pop(name, None)
                with contextlib.suppress(redis.RedisError):
                    await self.pubsub.unsubscribe(name)

    async def read(self) -> None:
        try:
            while True:
                # Not timeout=None: a read that never returns would never ping (health).
                message = await self.pubsub.get_message(timeout=HEALTH_SECONDS)
                if message is None:
                    continue
                name = message["channel"].decode()
                if message["type"] == "subscribe":
                    confirmed = self.pending.pop(name, None)
                    if confirmed is not None and not confirmed.done():
                        confirmed.set_result(None)
                elif message["type"] == "message" and (event := parse(message["data"])):
                    for queue in self.streams.get(name, ()):
                        queue.put_nowait(event)
        except redis.RedisError as error:  # Redis gone: the streams end, new ones start anew
            hubs = _hubs.get(asyncio.get_running_loop(), {})
            if hubs.get(self.url) is self:
                del hubs[self.url]
            for confirmed in self.pending.values():
                if not confirmed.done():
                    confirmed.set_exception(error)
            for streams in self.streams.values():
                for queue in streams:
                    queue.put_nowait(error)
            self.streams.clear()
            self.pending.clear()
            await self.pubsub.aclose()
            await self.client.aclose()


_hubs: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, Hub]] = (
    weakref.WeakKeyDictionary()
)


def hub() -> Hub:
    hubs = _hubs.setdefault(asyncio.get_running_loop(), {})
    if settings.LIVE_URL not in hubs:
        hubs[settings.LIVE_URL] = Hub(settings.LIVE_URL)
    return hubs[settings.LIVE_URL]


async def listen(topic: str, heartbeat: float) -> AsyncIterator[Event | None]:
    """Yields None once Redis has confirmed the subscription, then each event published on
    the topic, and None again whenever `heartbeat` seconds pass without one. Raises
    redis.RedisError when Redis cannot be reached or goes away."""
    shared, name = hub(), channel(topic)
    queue = await shared.join(name)
    try:
        yield None
        while True:
            try:
                item = await asyncio.wait_for(queue.get(), heartbeat)
            except TimeoutError:
                yield None
                continue
            if isinstance(item, Exception):
                raise item
            yield item
    finally:
        await shared.leave(name, queue)
