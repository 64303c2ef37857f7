"""A deal's share preview image (og:image), drawn on the server from its face-up cards."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from games import deals, limits
from games.deals import deal_position
from games.forms import game_number
from games.models import Variant

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
    try:  # drawing costs about a tenth of a second: counted like asking for a deal
        limits.check(request, "preview")
    except limits.Limited as limited:
        return limits.refusal(limited)
    position = deal_position(deals.deal_at(variant, found))
    image = png(board(position), f"{Variant(variant).label} #{found}")
    response = HttpResponse(image, content_type="image/png")
    patch_cache_control(response, public=True, max_age=ONE_DAY)
    return response
