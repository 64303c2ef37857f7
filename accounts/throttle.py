"""Login throttling (django-axes, configured in settings): failed logins counted per username
and address, and per username from every address, each against its own limit
(settings.LOGIN_FAILURE_LIMITS), and the page a locked-out login gets.

A successful login clears only the failures of its own username from its own address: a
login to another account, or a sign-up (which logs in to the new account), clears no one
else's, and a password guesser cannot wipe their count by logging in to an account of their
own between guesses. The owner of a locked-out account is told so, and until when, and may
reset the password (which still works, and ends the lockout: accounts.views).

A stranger cannot aim a lockout at an account's owner: the lockout of a username from every
address does not hold at an address that has logged in to that account before (axes keeps
successful logins in its AccessLog), where only that address's own failures count. An IPv6
client is counted by its /64 network, which one subscriber usually holds whole, as the rate
limits count it.
"""

from __future__ import annotations

import ipaddress
from datetime import timedelta

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username, get_cool_off
from axes.models import AccessAttempt, AccessLog
from axes.utils import reset
from django.conf import settings
from django.db.models import Max, Sum
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone

from visitors import limits


class LoginThrottle(AxesDatabaseHandler):
    """Axes' database handler with a limit of its own for each lockout parameter."""

    def get_failures(self, request, credentials=None) -> int:
        """The failures counted against AXES_FAILURE_LIMIT: each parameter's count scaled to
        that limit (floor(count * AXES_FAILURE_LIMIT / its own limit)), so that it reaches
        the limit exactly when the count reaches the parameter's own."""
        limit = settings.AXES_FAILURE_LIMIT
        known = _known_address(request, credentials)
        parameters = settings.AXES_LOCKOUT_PARAMETERS
        counts = [
            0
            if known and "ip_address" not in parameter
            else attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            for parameter, attempts in zip(
                parameters, self.get_user_attempts(request, credentials), strict=True
            )
        ]
        return max(
            count * limit // own
            for count, own in zip(counts, settings.LOGIN_FAILURE_LIMITS, strict=True)
        )

    def reset_user_attempts(self, request, credentials=None) -> int:
        """On a successful login: that username's failures from this address, no others."""
        username = get_client_username(request, credentials)
        mine = AccessAttempt.objects.filter(username=username, ip_address=request.axes_ip_address)
        return mine.delete()[0]


def _known_address(request: HttpRequest, credentials=None) -> bool:
    """Has this address logged in to this username before?"""
    username = get_client_username(request, credentials)
    address = getattr(request, "axes_ip_address", None)
    return bool(username and address) and (
        AccessLog.objects.filter(username=username, ip_address=address).exists()
    )


def client_address(request: HttpRequest) -> str | None:
    """The address logins are counted under (settings.AXES_CLIENT_IP_CALLABLE): the client's,
    or for IPv6 its /64 network's first address (axes stores an address, not a network)."""
    address = limits.client_ip(request)
    if address is None or ":" not in address:
        return address
    return str(ipaddress.ip_network(f"{address}/64", strict=False).network_address)


def end_lockout(username: str) -> None:
    """The account's owner proved they hold its mailbox (a password reset): its failures go."""
    reset(username=username)


def locked_out(request: HttpRequest, original_response=None, credentials=None) -> HttpResponse:
    """The answer to a login while its username is locked out: HTTP 429 with a page that says
    what happened, until when, and offers the password reset."""
    username = get_client_username(request, credentials) or ""
    last = AccessAttempt.objects.filter(username=username).aggregate(last=Max("attempt_time"))
    until = (last["last"] or timezone.now()) + (get_cool_off(request) or timedelta(hours=1))
    seconds = max(1, int((until - timezone.now()).total_seconds()))
    response = render(
        request,
        "registration/locked_out.html",
        {"username": username, "until": until, "minutes": (seconds + 59) // 60},
        status=429,
    )
    response["Retry-After"] = str(seconds)
    return response
