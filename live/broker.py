"""Events through Redis pub/sub (settings.LIVE_URL names a Redis): every web host's streams
subscribe to the topic's channel, LIVE_PREFIX + topic, and a publish reaches them all.

Nothing is kept: a stream hears what is published while it is subscribed. Each stream holds
one connection of its own to Redis for as long as it is open (ASGI: no thread with it).
"""

from __future__ import annotations

import json
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


async def listen(topic: str, heartbeat: float) -> AsyncIterator[Event | None]:
    """Yields None once Redis has confirmed the subscription, then each event published on
    the topic, and None again whenever `heartbeat` seconds pass without one. Raises
    redis.RedisError when Redis cannot be reached or goes away."""
    client = redis.asyncio.Redis.from_url(
        settings.LIVE_URL,
        socket_connect_timeout=TIMEOUTS["socket_connect_timeout"],
        # A quiet subscription pings Redis now and then, so a Redis gone away ends it.
        health_check_interval=30,
    )
    subscription = client.pubsub()
    try:
        await subscription.subscribe(channel(topic))
        confirmed = await subscription.get_message(timeout=TIMEOUTS["socket_timeout"])
        if confirmed is None or confirmed["type"] != "subscribe":
            raise redis.ConnectionError("Redis did not confirm the subscription")
        yield None
        while True:
            message = await subscription.get_message(
                ignore_subscribe_messages=True, timeout=heartbeat
            )
            if message is None:
                yield None
            elif message["type"] == "message":
                fields = json.loads(message["data"])
                yield Event(event=fields["event"], data=fields["data"])
    finally:
        await subscription.aclose()
        await client.aclose()
