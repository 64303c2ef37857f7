"""Rate limits: how many actions, hints, new deals and games started, sign-ups, logins and
password-reset mails one player (for a reset mail: one mailbox), and one address, may ask for
in a window of time (settings.RATE_LIMITS). Far above normal play; a client that floods gets
HTTP 429 with a message saying when to try again, and nothing changes. A check runs before
anything costly: a refused sign-up or login hashes no password and writes no row.

Every web process, on every machine, counts in one place. Each window is counted under its
own key, so a count needs no reset; two requests at the same instant never see the same count.
Where the counts live:

- In Redis, through Django's cache framework, when REDIS_URL is set (the RATE_CACHE alias of
  settings.CACHES): each key an integer that Redis adds one to atomically (INCR), created with
  an expiry past its window's end, so nothing is swept and the database sees no statement.
- Otherwise in a table of the site's own database (RateCount), the embedded default with no
  extra service to run, on SQLite and PostgreSQL alike: one statement adds one to both counts
  and reads them back (an atomic upsert), and a player's first request in a window sweeps the
  windows gone by.

A refused request takes its counts back.
"""

from __future__ import annotations

import contextlib
import ipaddress
import logging
import time
import weakref
from dataclasses import dataclass

import redis
from django.conf import settings
from django.core.cache import BaseCache, caches
from django.db import connection
from django.db.models import F
from django.http import HttpRequest, HttpResponse

import metrics

from .models import RateCount

logger = logging.getLogger(__name__)

# The cache alias that counts in Redis (settings.CACHES has it only when REDIS_URL is set).
RATE_CACHE = "rate_counts"
# A cache key outlives its window by this much: a request that read the window's number just
# before its end still finds the key there to add to (Redis's INCR on a key gone by would
# make one that never expires).
GRACE_SECONDS = 60
# The clock the windows are read from, in seconds since the epoch: a test sets it to a fixed
# instant, so that what it counts cannot straddle two windows.
clock = time.time

WHAT = {
    "action": "moves",
    "hint": "hints",
    "new_game": "new games",
    "start": "new games",
    "signup": "sign-ups",
    "login": "login attempts",
    "password_change": "password changes",
    "password_reset": "password reset mails",
    "preview": "preview images",
}


@dataclass(frozen=True)
class Limited(Exception):
    """Over a limit: the request is refused, and may be sent again in `retry_after` seconds."""

    kind: str
    retry_after: int

    @property
    def message(self) -> str:
        return (
            f"That is more {WHAT[self.kind]} than this site takes in a short time, so nothing "
            f"was done. Please wait {self.wait} and try again."
        )

    @property
    def wait(self) -> str:
        """`Retry-After` in words: "40 seconds", "12 minutes"."""
        if self.retry_after < 120:
            return f"{self.retry_after} seconds"
        return f"{(self.retry_after + 59) // 60} minutes"


def check(request: HttpRequest, kind: str, who: str | None = None) -> None:
    """Count one request of `kind` (a key of settings.RATE_LIMITS) for the player, or for
    `who` in their stead (a password reset counts per mailbox), and for the address; raises
    Limited, counting nothing, when either is at its limit."""
    per_player, per_address, seconds = settings.RATE_LIMITS[kind]
    now = clock()
    window = int(now // seconds)
    ends = (window + 1) * seconds
    player_key = f"{kind}:p:{who or request.player}:{window}"
    keys = {player_key: per_player, f"{kind}:a:{client_address(request)}:{window}": per_address}
    counts = _counts()
    counted = counts.add(list(keys), ends)
    if any(counted[key] > limit for key, limit in keys.items()):
        counts.take_back(list(keys))
        metrics.RATE_LIMITED.labels(kind=kind).inc()
        raise Limited(kind, max(1, int(ends - now + 0.999)))
    if counted[player_key] == 1:  # a player's first in this window (so now and then): sweep
        counts.sweep(now)


def _counts() -> RedisCounts | TableCounts:
    """Where the counts are kept: Redis when the settings give it a cache, else the table."""
    if RATE_CACHE not in settings.CACHES:
        return TableCounts()
    cache = caches[RATE_CACHE]  # one a thread, as Django keeps it
    if (counts := _in_redis.get(cache)) is None:
        counts = _in_redis[cache] = RedisCounts(cache)
    return counts


class TableCounts:
    """The counts in the database's RateCount table."""

    def add(self, keys: list[str], expires: int) -> dict[str, int]:
        """Adds one to each key's count, creating it at 1, and returns the new counts."""
        table = connection.ops.quote_name(RateCount._meta.db_table)
        rows = ", ".join(["(%s, 1, %s)"] * len(keys))
        with connection.cursor() as cursor:
            cursor.execute(
                f'INSERT INTO {table} ("key", "count", "expires") VALUES {rows} ON CONFLICT '
                f'("key") DO UPDATE SET "count" = {table}."count" + 1 RETURNING "key", "count"',
                [value for key in keys for value in (key, expires)],
            )
            return dict(cursor.fetchall())

    def take_back(self, keys: list[str]) -> None:
        # A row at a time: one statement taking both back would lock them in its own scan
        # order while another request's upsert holds one and waits for the other (a deadlock
        # PostgreSQL ends with a 500). Locking one row, and only one, cannot close a cycle.
        for key in keys:
            RateCount.objects.filter(key=key).update(count=F("count") - 1)

    def sweep(self, now: float) -> None:
        RateCount.objects.filter(expires__lt=now).delete()


# Each key: made at 0 with its expiry if it is not there (SET NX), then one added (INCR).
# A script runs whole in Redis, as one command: the counts of both keys in one reply.
COUNT_SCRIPT = """
local counts = {}
for i, key in ipairs(KEYS) do
  redis.call("SET", key, 0, "EX", ARGV[1], "NX")
  counts[i] = redis.call("INCR", key)
end
return counts
"""


class RedisCounts:
    """The counts in Django's Redis cache: a key's first count makes it (SET NX) with an
    expiry past its window's end, and every count adds one to it (INCR, atomic in Redis), so
    windows gone by leave on their own. Both keys of a request go in one round trip.

    Django's RedisCache does one round trip a call, and its incr() two (EXISTS, INCR), on a
    client it builds anew each call: about 0.4 ms of CPU for a request's two counts, more
    than the table's upsert. So this sends one command itself (COUNT_SCRIPT, by its digest:
    four pipelined commands cost twice its CPU to send and read back) on the cache's own
    connection pool (its client, made once), under the cache's own key names.

    Redis not answering lets the request through uncounted (logged): the limits guard the
    site against floods, and must not take it down with them."""

    def __init__(self, cache: BaseCache) -> None:
        # Nothing here holds the cache itself, so that _in_redis lets a replaced one go.
        self.client = cache._cache.get_client(write=True)  # the cache's pool, the one server
        self.count = self.client.register_script(COUNT_SCRIPT)  # sent by digest, loaded once
        self.prefix, self.version, self.key_func = cache.key_prefix, cache.version, cache.key_func

    def name(self, key: str) -> str:
        """The key's name in Redis, as the cache makes it (`rate:1:action:p:…`)."""
        return self.key_func(key, self.prefix, self.version)

    def add(self, keys: list[str], expires: int) -> dict[str, int]:
        """Adds one to each key's count, creating it at 1, and returns the new counts (0
        each, counting nothing, when Redis does not answer)."""
        timeout = int(expires - clock()) + GRACE_SECONDS
        try:
            counts = self.count(keys=[self.name(key) for key in keys], args=[timeout])
        except redis.RedisError as error:
            logger.warning("Rate limits not counted: Redis did not answer (%s)", error)
            return dict.fromkeys(keys, 0)
        return dict(zip(keys, counts, strict=True))

    def take_back(self, keys: list[str]) -> None:
        # The keys were counted a moment ago, so they are there (GRACE_SECONDS): DECR never
        # makes one anew, without an expiry.
        pipeline = self.client.pipeline(transaction=False)
        for key in keys:
            pipeline.decr(self.name(key))
        with contextlib.suppress(redis.RedisError):  # not answering: the count stays
            pipeline.execute()

    def sweep(self, now: float) -> None:
        """Nothing to do: each key expires with its window."""


# Each thread's Redis cache and its counts, made once (a cache the settings replace goes).
_in_redis: weakref.WeakKeyDictionary[BaseCache, RedisCounts] = weakref.WeakKeyDictionary()


def refusal(limited: Limited) -> HttpResponse:
    """The 429 answer: plain text, which a page without JavaScript shows as it is and the
    table's script shows in the board's alert line (as it does every refused request)."""
    response = HttpResponse(limited.message, status=429, content_type="text/plain; charset=utf-8")
    response["Retry-After"] = str(limited.retry_after)
    return response


def client_address(request: HttpRequest) -> str:
    """The address limits count a request under: its client's IP, but an IPv6 client by its
    /64 network, which one subscriber usually holds whole."""
    address = client_ip(request)
    if address is None:
        return "unknown"
    parsed = ipaddress.ip_address(address)
    if parsed.version == 6:
        return str(ipaddress.ip_network(f"{parsed}/64", strict=False))
    return address


def client_ip(request: HttpRequest) -> str | None:
    """The client's IP address (None if unreadable). Behind PROXY_HOPS trusted proxies, each
    appending to X-Forwarded-For, it is the address the outermost of them saw; the header is
    not read at all without them, since a client can write anything in it. The admin's login
    throttling (django-axes) counts by the same address."""
    address = request.META.get("REMOTE_ADDR", "")
    hops = settings.PROXY_HOPS
    if hops:
        forwarded = [a.strip() for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        if len(forwarded) >= hops and forwarded[-hops]:
            address = forwarded[-hops]
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return None
