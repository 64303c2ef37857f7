"""Who is playing: a signed-in account, or else a visitor known by a long-lived signed cookie
(no account is needed to play or to keep records).

`request.player` is the one identity every game and record is filed under (`Game.player`,
`Record.player`): an account's is `user:<pk>`, the same on every device; a visitor's is the
random id in their cookie. `request.visitor` is always the cookie's id, so that signing in can
hand the visitor's games to the account (play.merge).
"""

from __future__ import annotations

import secrets

from django.conf import settings

COOKIE = "player"
SALT = "games.player"  # the cookies already signed keep their meaning
ONE_YEAR = 365 * 24 * 3600
# A cookie id is 22 characters of URL-safe base64, which has no colon: an account's identity
# can never be a visitor's.
ACCOUNT_PREFIX = "user:"


def account_player(user_id: int) -> str:
    """The player identity of the account with this primary key."""
    return f"{ACCOUNT_PREFIX}{user_id}"


def account_id(player: str) -> int | None:
    """The account's primary key behind a player identity, or None for a visitor."""
    if player.startswith(ACCOUNT_PREFIX) and player[len(ACCOUNT_PREFIX) :].isdigit():
        return int(player[len(ACCOUNT_PREFIX) :])
    return None


def player_middleware(get_response):
    """Sets request.visitor (the cookie's id, issued on the first visit) and request.player
    (the account's identity when signed in, else the visitor's). Runs after Django's
    AuthenticationMiddleware."""

    def middleware(request):
        visitor = request.get_signed_cookie(COOKIE, default=None, salt=SALT)
        fresh = not visitor or len(visitor) > 32
        if fresh:
            visitor = secrets.token_urlsafe(16)
        request.visitor = visitor
        user = request.user
        request.player = account_player(user.pk) if user.is_authenticated else visitor
        response = get_response(request)
        if fresh:
            response.set_signed_cookie(
                COOKIE, visitor, salt=SALT, max_age=ONE_YEAR, httponly=True, samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )  # fmt: skip
        return response

    return middleware
