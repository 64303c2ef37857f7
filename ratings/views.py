"""The ratings' pages: "Play rated" (a POST that deals a rated game at the player's level) and
a pool's ratings board."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_POST, require_safe

from visitors import limits

from .forms import BoardForm, PlayRatedForm
from .services import history, outcomes, picking
from .services.maths import PROVISIONAL
from .services.pools import LABELS, MODES, pool_of, pools_of


def game_address(pool: str, number: int) -> str:
    return reverse("game", args=[MODES[pool].variant, number]) + MODES[pool].query


@require_POST
def play_rated(request: HttpRequest, variant: str) -> HttpResponse:
    """Deal a rated game near the player's rating (or Easier, Harder) and go to it; a rated
    game being played in the pool is gone back to instead. Visitors are sent to log in."""
    if not request.user.is_authenticated:
        return redirect_to_login(reverse("lobby"))
    form = PlayRatedForm(request.POST)
    if not form.is_valid():
        return HttpResponse("That request was not understood.", status=400,
                            content_type="text/plain")  # fmt: skip
    try:
        limits.check(request, "new_game")
    except limits.Limited as limited:
        return limits.refusal(limited)
    pool = pool_of(variant, form.cleaned_data["draw"])
    outcomes.abandon_stale(timezone.now(), request.player)
    deal = picking.pick(request.player, pool, form.cleaned_data["level"])
    if deal is None:
        return render(request, "ratings/none_left.html", {"label": LABELS[pool]})
    try:
        game = outcomes.start(request.player, pool, deal)
    except outcomes.AlreadyPlaying as playing:
        game = playing.game
    response = redirect(game_address(pool, game.deal.number))
    response.status_code = 303
    return response


@require_safe
def ratings_board(request: HttpRequest, variant: str) -> HttpResponse:
    """The pool's signed-in players by rating, provisional ones marked."""
    form = BoardForm(request.GET)
    if not form.is_valid():
        raise Http404("No such ratings board.")
    pool = pool_of(variant, form.cleaned_data["draw"])
    context = {
        "pool": pool, "label": LABELS[pool], "entries": history.board(pool),
        "pools": [(p, LABELS[p]) for p in pools_of(variant)], "variant": variant,
        "provisional": round(PROVISIONAL),
    }  # fmt: skip
    return render(request, "ratings/board.html", context)
