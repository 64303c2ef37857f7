"""Players are known by a long-lived signed cookie: no account needed to keep records."""

from __future__ import annotations

import secrets

from django.conf import settings

COOKIE = "player"
SALT = "games.player"
ONE_YEAR = 365 * 24 * 3600


def player_middleware(get_response):
    def middleware(request):
        player = request.get_signed_cookie(COOKIE, default=None, salt=SALT)
        fresh = not player or len(player) > 32
        if fresh:
            player = secrets.token_urlsafe(16)
        request.player = player
        response = get_response(request)
        if fresh:
            response.set_signed_cookie(
                COOKIE, player, salt=SALT, max_age=ONE_YEAR, httponly=True, samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )  # fmt: skip
        return response

    return middleware
