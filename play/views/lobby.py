"""The lobby, new deals and the player's preferences."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from daily.services import dailies
from games import limits
from games.forms import BACKS, FELTS, NewGameForm, PreferencesForm, mode_in
from solver.pool.pick import pick_number, random_number

WINNABLE_COOKIE = "deals"  # "random" when the player turned Winnable deals off
LOOKS_COOKIE = "looks"  # the table's card back, felt and sounds: "red.blue.on"
LOOKS = {"back": BACKS, "felt": FELTS, "sound": [("off", ""), ("on", "")]}
YEAR = 365 * 24 * 3600


def wants_winnable(request: HttpRequest) -> bool:
    return request.COOKIES.get(WINNABLE_COOKIE) != "random"


def looks(request: HttpRequest) -> dict[str, str]:
    """The player's looks from their cookie; a missing or unknown one is the default."""
    parts = request.COOKIES.get(LOOKS_COOKIE, "").split(".")
    chosen = dict(zip(LOOKS, parts, strict=False))
    return {
        name: chosen[name] if chosen.get(name) in dict(choices) else choices[0][0]
        for name, choices in LOOKS.items()
    }


@require_safe
def lobby(request: HttpRequest) -> HttpResponse:
    return render(request, "play/lobby.html", {
        "winnable": wants_winnable(request),
        "dailies": dailies.todays(), "daily_seconds_left": dailies.seconds_left(),
    })  # fmt: skip


@require_safe
def new_game(request: HttpRequest, variant: str) -> HttpResponse:
    """Deal a fresh game and send the player to its shareable URL. With Winnable deals on
    and no proven deal ready in this mode, say so and offer a random deal (labelled as not
    proven) or a short wait: a page that looks again every few seconds."""
    try:
        limits.check(request, "new_game")
    except limits.Limited as limited:
        return limits.refusal(limited)
    mode = mode_in(variant, request.GET)  # bad values fall back to the defaults
    query = mode.query
    if not wants_winnable(request):
        return redirect(reverse("game", args=[variant, random_number()]) + query)
    number = pick_number(variant, mode.draw, mode.passes)
    if number is not None:
        return redirect(reverse("game", args=[variant, number]) + query)
    waiting = NewGameForm(request.GET)
    draw, passes = mode.draw, mode.passes
    context = {
        "variant": variant,
        "mode": f", draw {draw}" + (", Vegas scoring" if passes else "") if draw else "",
        "waiting": waiting.is_valid() and waiting.cleaned_data["wait"],
        "wait_url": reverse("new_game", args=[variant])
        + (query + "&" if query else "?")
        + "wait=1",
        "random_url": reverse("game", args=[variant, random_number()]) + query,
    }
    return render(request, "play/pool_empty.html", context)


@require_POST
def preferences(request: HttpRequest) -> HttpResponse:
    """Winnable deals on or off, and the table's looks; kept in cookies for a year. The
    table's script sends its looks as they change (HTMX's header): answered with no page."""
    form = PreferencesForm(request.POST)
    if not form.is_valid():
        message = "; ".join(m for errors in form.errors.values() for m in errors)
        # Plain text: the message may quote the forged input.
        return HttpResponseBadRequest(
            f"Those preferences were not understood: {message}",
            content_type="text/plain; charset=utf-8",
        )
    data = form.cleaned_data
    response = HttpResponse(status=204) if request.htmx else redirect(data["next"])
    chosen = looks(request) | {name: data[name] for name in LOOKS if data[name]}
    value = ".".join(chosen[name] for name in LOOKS)
    response.set_cookie(LOOKS_COOKIE, value, max_age=YEAR, samesite="Lax")
    if request.htmx:
        return response  # only the looks: the winnable switch is a form post of its own
    if data["winnable"]:
        response.delete_cookie(WINNABLE_COOKIE)
    else:
        response.set_cookie(WINNABLE_COOKIE, "random", max_age=YEAR, samesite="Lax")
    return response
