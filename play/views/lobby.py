"""The lobby, new deals and the player's preferences."""

from __future__ import annotations

import datetime as dt

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST, require_safe

from daily.services import dailies, streaks
from games.forms import ModeForm, mode_in
from games.models import Game
from play.forms import BACKS, FELTS, DifficultyForm, NewGameForm, PreferencesForm
from solver.pool.models import Grade
from solver.pool.pick import pick_number, random_number
from visitors import limits

from .bad_request import bad_request

WINNABLE_COOKIE = "deals"  # "random" when the player turned Winnable deals off
LOOKS_COOKIE = "looks"  # the table's card back, felt and sounds: "red.blue.on"
LOOKS = {"back": BACKS, "felt": FELTS, "sound": [("off", ""), ("on", "")]}
YEAR = 365 * 24 * 3600
# The tiles' card art (templates/play/card_art.html): faces from the one sheet.
ART = {"hero_art": ["AS", "AH", "AD"], "yukon_art": ["8H", "9S", "TH"],
       "klondike_art": ["AS", "AH", "AC"]}  # fmt: skip
CONTINUE = 3  # the player's unfinished games the lobby offers to continue, latest first


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
    """Today's daily deals and how the player stands on them, their streak, the games they
    can continue, then new games."""
    todays = dailies.todays()
    return render(request, "play/lobby.html", {
        "winnable": wants_winnable(request), "difficulty": DifficultyForm(),
        "standings": streaks.standings(request.player, todays),
        "daily_seconds_left": dailies.seconds_left(), "daily_ends": day_ends(),
        "streak": streaks.streak(request.player, todays),
        "unfinished": unfinished(request.player),
        "klondike_form": ModeForm(),
        "grades": DifficultyForm.base_fields["grade"].choices,
        "rated_variants": [("yukon", "Yukon"), ("klondike", "Klondike")],
        "rated_draws": ModeForm.base_fields["draw"].choices,
        **ART,
    })  # fmt: skip


def day_ends() -> dt.datetime:
    """When today's daily deals change: the next midnight UTC."""
    return dailies.day_start(dailies.today() + dt.timedelta(days=1))


def unfinished(player: str) -> list[dict]:
    """The player's games being played, latest first, each with its address and, from the
    cached position, its moves and the cards home."""
    games = Game.objects.filter(player=player, result="").select_related("deal")
    found = []
    for game in games.order_by("-updated")[:CONTINUE]:
        state = game.state if game.state and game.state.get("ply") == game.ply else None
        found.append({
            "game": game,
            "url": reverse("game", args=[game.variant, game.number]) + game.mode.query,
            "moves": state["moves"] if state else None,
            "home": sum(map(len, state["position"]["foundations"])) if state else None,
        })  # fmt: skip
    return found


@require_safe
def new_game(request: HttpRequest, variant: str) -> HttpResponse:
    """Deal a fresh game and send the player to its shareable URL. With Winnable deals on
    (or a difficulty asked for: only proven deals have one) and no proven deal ready in this
    mode and grade, say so and offer a random deal (labelled as not proven) or a short wait:
    a page that looks again every few seconds. A forged difficulty is refused."""
    difficulty = DifficultyForm(request.GET)
    if not difficulty.is_valid():  # refused before it is counted: it changes nothing
        return bad_request(  # plain text: the message quotes the forged value
            " ".join(difficulty.errors["grade"])
        )
    try:
        limits.check(request, "new_game")
    except limits.Limited as limited:
        return limits.refusal(limited)
    grade = difficulty.cleaned_data["grade"]
    mode = mode_in(variant, request.GET)  # bad values fall back to the defaults
    query = mode.query
    if not wants_winnable(request) and not grade:
        return redirect(reverse("game", args=[variant, random_number()]) + query)
    number = pick_number(variant, mode.draw, mode.passes, grade)
    if number is not None:
        return redirect(reverse("game", args=[variant, number]) + query)
    waiting = NewGameForm(request.GET)
    draw, passes = mode.draw, mode.passes
    asked = "&".join(part for part in (query.lstrip("?"), difficulty.query, "wait=1") if part)
    context = {
        "variant": variant,
        "mode": f", draw {draw}" + (", Vegas scoring" if passes else "") if draw else "",
        "grade": Grade(grade).label if grade else "",
        "waiting": waiting.is_valid() and waiting.cleaned_data["wait"],
        "wait_url": reverse("new_game", args=[variant]) + "?" + asked,
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
        return bad_request(f"Those preferences were not understood: {message}")
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
