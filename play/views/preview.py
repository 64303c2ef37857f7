"""A deal's share preview image (og:image), drawn on the server from its face-up cards, once
per deal: the bytes are kept (the "previews" cache) and served again without a redraw."""

from __future__ import annotations

import contextlib

import redis
from django.core.cache import caches
from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from games import deals
from games.deals import deal_position
from games.forms import game_number
from games.models import Variant
from visitors import limits

from ..board import board
from ..preview import png

ONE_DAY = 24 * 3600


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
