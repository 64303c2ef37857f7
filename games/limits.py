"""Rate limits: how many actions, hints, new deals and games started, sign-ups, logins and
password-reset mails one player (for a reset mail: one mailbox), and one address, may ask for
in a window of time (settings.RATE_LIMITS). Far above normal play; a client that floods gets
HTTP 429 with a message saying when to try again, and nothing changes. A check runs before
anything costly: a refused sign-up or login hashes no password and writes no row.

The counts live in a table of the site's own database (RateCount): every web process, on
every machine, counts in one place, with no extra service to run, on SQLite and PostgreSQL
alike. Each window is counted under its own key, so a count needs no reset. A request costs
one statement that adds one to both counts and reads them back (an atomic upsert: two requests
at the same instant cannot both see the same count); a refused one takes its counts back.
"""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import connection
from django.db.models import F
from django.http import HttpRequest, HttpResponse

from . import metrics
from .models import RateCount

WHAT = {
    "action": "moves",
    "hint": "hints",
    "new_game": "new games",
    "start": "new games",
    "signup": "sign-ups",
    "login": "login attempts",
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
    now = time.time()
    window = int(now // seconds)
    player_key = f"{kind}:p:{who or request.player}:{window}"
    keys = {player_key: per_player, f"{kind}:a:{client_address(request)}:{window}": per_address}
    counts = _count(list(keys), (window + 1) * seconds)
    if any(counts[key] > limit for key, limit in keys.items()):
        # A row at a time: one statement taking both back would lock them in its own scan
        # order while another request's upsert holds one and waits for the other (a deadlock
        # PostgreSQL ends with a 500). Locking one row, and only one, cannot close a cycle.
        for key in keys:
            RateCount.objects.filter(key=key).update(count=F("count") - 1)
        metrics.RATE_LIMITED.labels(kind=kind).inc()
        raise Limited(kind, max(1, int((window + 1) * seconds - now + 0.999)))
    if counts[player_key] == 1:  # a player's first in this window (so now and then): sweep
        RateCount.objects.filter(expires__lt=now).delete()


def _count(keys: list[str], expires: int) -> dict[str, int]:
    """Adds one to each key's count, creating it at 1, and returns the new counts."""
    table = connection.ops.quote_name(RateCount._meta.db_table)
    rows = ", ".join(["(%s, 1, %s)"] * len(keys))
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO {table} ("key", "count", "expires") VALUES {rows} ON CONFLICT ("key") '
            f'DO UPDATE SET "count" = {table}."count" + 1 RETURNING "key", "count"',
            [value for key in keys for value in (key, expires)],
        )
        return dict(cursor.fetchall())


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
