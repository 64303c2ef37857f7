"""The race pages: /races/ makes one; /races/<secret>/ is the race itself (join, start,
the countdown, the players as they race, then the results, shareable); its strip's rows
are polled at /races/<secret>/strip/ where the live stream is not to be had."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect

from visitors import limits

from . import clock, entry, progress, updates
from .forms import JoinForm, NewRaceForm
from .models import MAX_RACERS, MIN_RACERS, Race, Stage


def _bad_form(form) -> HttpResponse:
    message = "; ".join(m for errors in form.errors.values() for m in errors)
    # Plain text: the message may quote the forged input.
    return HttpResponseBadRequest(
        f"That request was not understood: {message}", content_type="text/plain; charset=utf-8"
    )


@require_http_methods(["GET", "HEAD", "POST"])
def races(request: HttpRequest) -> HttpResponse:
    """The form that makes a race; its POST makes it, with the maker in the first seat."""
    form = NewRaceForm(request.POST or None)
    if request.method != "POST":
        return render(request, "races/new.html", {"form": form})
    if not form.is_valid():
        return _bad_form(form)
    try:  # a race made or joined is a game to be started, counted as one (visitors.limits)
        limits.check(request, "start")
    except limits.Limited as limited:
        return limits.refusal(limited)
    try:
        race = entry.create(
            request.player, form.cleaned_data["name"], form.chosen_mode,
            form.cleaned_data["grade"], form.cleaned_data["minutes"],
        )  # fmt: skip
    except entry.Refused as refusal:
        return render(request, "races/new.html", {"form": form, "alert": str(refusal)})
    return redirect("races:race", secret=race.secret, permanent=False)


def _race(secret: str) -> Race:
    race = Race.objects.select_related("deal").filter(secret=secret).first()
    if race is None:
        raise Http404("There is no race at this address.")
    progress.settle(race, clock.now())
    return race


@require_safe
@vary_on_headers("HX-Request")
def race(request: HttpRequest, secret: str) -> HttpResponse:
    race = _race(secret)
    context = _context(request, race)
    partial = request.htmx and not request.htmx.history_restore_request
    # The first poll after the deal takes each player to their game (a page that was still
    # waiting when the countdown began and ended goes too); a player who comes back to the
    # race page later stays on it.
    was_before = request.GET.get("was") in (Stage.WAITING, Stage.COUNTDOWN)
    if partial and was_before and context["stage"] == Stage.RACING and context["my_game_url"]:
        return HttpResponseClientRedirect(context["my_game_url"])
    return render(request, "races/race.html#status" if partial else "races/race.html", context)


def _context(request: HttpRequest, race: Race, alert: str = "") -> dict:
    now = clock.now()
    stage = race.stage(now)
    racers = list(race.racers.select_related("game"))
    me = next((r for r in racers if r.player == request.player), None)
    dealt = stage in (Stage.RACING, Stage.OVER)
    return {
        "race": race,
        "stage": stage,
        "racers": racers,
        "me": me,
        "link": request.build_absolute_uri(reverse("races:race", args=[race.secret])),
        "can_join": stage == Stage.WAITING and me is None and len(racers) < MAX_RACERS,
        "can_start": stage == Stage.WAITING and me is not None and race.host == me.player,
        "enough": len(racers) >= MIN_RACERS,
        "max_racers": MAX_RACERS,
        "guest": not request.user.is_authenticated,
        "join_form": JoinForm(),
        "countdown": max(0, int((race.dealt - now).total_seconds()) + 1) if race.started else 0,
        "seconds_left": int((race.deadline - now).total_seconds()) if race.started else 0,
        "my_game_url": reverse("game_action", args=[me.game.slug])
        if dealt and me and me.game
        else "",
        "alert": alert,
    }


def _refused(request: HttpRequest, race: Race, refusal: entry.Refused) -> HttpResponse:
    """The race page again, with the refusal said; nothing was changed."""
    template = "races/race.html#status" if request.htmx else "races/race.html"
    return render(request, template, _context(request, race, alert=str(refusal)))


def _to_race(request: HttpRequest, race: Race) -> HttpResponse:
    response = redirect("races:race", secret=race.secret)
    response.status_code = 303
    return response


@require_POST
def join(request: HttpRequest, secret: str) -> HttpResponse:
    race = _race(secret)
    form = JoinForm(request.POST)
    if not form.is_valid():
        return _bad_form(form)
    try:
        limits.check(request, "start")
    except limits.Limited as limited:
        return limits.refusal(limited)
    try:
        entry.join(race, request.player, form.cleaned_data["name"])
    except entry.Refused as refusal:
        return _refused(request, race, refusal)
    return _to_race(request, race)


@require_POST
def start(request: HttpRequest, secret: str) -> HttpResponse:
    race = _race(secret)
    try:
        entry.start(race, request.player)
    except entry.Refused as refusal:
        return _refused(request, race, refusal)
    return _to_race(request, race)


@require_safe
def strip(request: HttpRequest, secret: str) -> HttpResponse:
    """The strip's rows alone: what the page polls while the live stream is down."""
    race = _race(secret)
    return HttpResponse(updates.rows(race))
