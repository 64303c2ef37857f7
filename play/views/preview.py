"""The share preview images (og:image), drawn on the server: a deal's from its face-up cards,
a shared result's from the figures its link carries. Each is drawn once: the bytes are kept
(the "previews" cache) and served again without a redraw or a count."""

from __future__ import annotations

import contextlib
import hashlib

import redis
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from daily.services import sharing
from games import deals
from games.deals import deal_position
from games.forms import game_number
from games.models import Variant
from games.steps import clock
from solver.pool.models import Grade
from visitors import limits

from ..board import board
from ..preview import png, result_png

ONE_DAY = 24 * 3600
ONE_YEAR = 365 * ONE_DAY


@require_safe
def preview(request: HttpRequest, variant: str, number: str) -> HttpResponse:
    """The deal as first shown, face-down cards as card backs (play.preview). Writes no deal:
    the stored one if there is one, else the key's."""
    found = game_number(number)
    if found is None or number != str(found):
        raise Http404(f"There is no {variant.title()} game number {number[:12]}.")
    deal = deals.deal_at(variant, found)
    kept = caches["previews"]
    key = f"{variant}:{found}:{deal.cards}"
    image = None
    with contextlib.suppress(redis.RedisError):  # a Redis not answering: drawn anew
        image = kept.get(key)
    if image is None:
        try:  # drawing costs about a tenth of a second: counted like asking for a deal
            limits.check(request, "preview")
        except limits.Limited as limited:
            return limits.refusal(limited)
        image = png(board(deal_position(deal)), f"{Variant(variant).label} #{found}")
        with contextlib.suppress(redis.RedisError):
            kept.set(key, image, timeout=ONE_DAY)
    response = HttpResponse(image, content_type="image/png")
    patch_cache_control(response, public=True, max_age=ONE_DAY)
    return response


@require_safe
def result_preview(request: HttpRequest, token: str) -> HttpResponse:
    """A shared result's image (a challenge link's og:image, play.preview.result_png), from
    the figures the link carries, signed by the site. Drawn once: kept in the cache, and the
    same link always gives the same image, so browsers and proxies may keep it for good."""
    shared = sharing.from_token(token)
    if shared is None:
        raise Http404("That result link is not one this site made.")
    kept = caches["previews"]
    key = "result:" + hashlib.sha256(token.encode()).hexdigest()
    image = None
    with contextlib.suppress(redis.RedisError):  # a Redis not answering: drawn anew
        image = kept.get(key)
    if image is None:
        try:  # drawn only when not kept: counted like a deal's preview
            limits.check(request, "preview")
        except limits.Limited as limited:
            return limits.refusal(limited)
        image = result_png(shared.deal_name, figures(shared))
        with contextlib.suppress(redis.RedisError):
            kept.set(key, image, timeout=ONE_DAY)
    response = HttpResponse(image, content_type="image/png")
    patch_cache_control(response, public=True, max_age=ONE_YEAR, immutable=True)
    return response


def figures(shared: sharing.Challenge) -> list[tuple[str, str]]:
    """The result image's figures: moves, par, time and difficulty, those the link has."""
    found = [("moves", str(shared.moves))]
    if shared.par:
        found.append(("par", str(shared.par)))
    if shared.seconds is not None:
        found.append(("time", clock(shared.seconds)))
    if shared.grade in Grade.values:
        found.append(("difficulty", Grade(shared.grade).label))
    return found
