"""Show me how to win from here (issue 24): a resigned game's winning line, from its last
winnable position, as a replay with the replay page's own controls (play.coach says which
line; play.privacy who may watch it)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

from games.engine.moves import Move
from games.models import Game, Result
from games.steps import step_at
from visitors import limits

from .. import coach, privacy
from ..forms import ReplayForm
from .bad_request import bad_request
from .replay import clamp, describe, describe_move, render_replay

# One answer for a game being played, a won game and no game at all: the line of a game in
# progress must not be found by any address, forged or not.
NO_LINE = "There is no resigned game at this address with a winning line to show."


@require_http_methods(["GET", "HEAD", "POST"])
def winning_line(request: HttpRequest, slug: str) -> HttpResponse:
    """GET: the line's replay at `?step=k` (no step: where the solver takes over), or the
    question, the wait or the reason there is none. POST: the player chose to watch it."""
    form = ReplayForm(request.GET)
    if not form.is_valid():
        return bad_request("The step of a replay is a whole number, such as ?step=12.")
    game = Game.objects.select_related("deal").filter(
        replay_slug=slug, result=Result.RESIGNED
    ).first()  # fmt: skip
    if game is None or not coach.offered(game):
        raise Http404(NO_LINE)
    if privacy.private_until_tonight(game, request.player):
        return render(request, "play/replay_private.html", {"game": game}, status=403)
    if (playing := coach.playing_on(request.player, game)) is not None:
        context = {"game": game, "playing_url": reverse("game_action", args=[playing.slug])}
        return render(request, "play/line.html", context, status=409)
    if request.method == "POST":
        try:  # each watch may ask the worker for a search: counted as a hint is
            limits.check(request, "hint")
        except limits.Limited as limited:
            return limits.refusal(limited)
        coach.watch(request.player, game)
        return see_line(game)
    if not coach.watched(request.player, game):  # watching ends a first attempt: ask, by POST
        return render(request, "play/line.html", {"game": game, "ask": True})
    line = coach.line(game)
    if not line.whole:
        context = {"game": game, "line": line, "moves": step_at(game, line.start).moves}
        return render(request, "play/line.html", context)
    return _replay(request, game, line, form.cleaned_data["step"])


def see_line(game: Game) -> HttpResponse:
    """After the POST: the line's page, by GET (post/redirect/get)."""
    response = redirect("winning_line", slug=game.replay_slug)
    response.status_code = 303
    return response


def _replay(request: HttpRequest, game: Game, line: coach.Line, wanted: int | None):
    last = line.start + len(line)
    index = clamp(wanted, last, line.start)
    step = coach.steps_of(game, line, index)
    if index > line.start:
        action = "The solver: " + describe_move(Move.parse(line.moves[index - line.start - 1]))
    else:
        action = describe(game, game.actions[index - 1]) if index else "The deal"
    start = step if index == line.start else step_at(game, line.start)
    return render_replay(
        request, game, index=index, last=last, step=step,
        final=coach.steps_of(game, line, last) if index != last else step, action=action,
        base=reverse("winning_line", args=[game.replay_slug]),
        extra={"line": line, "line_from": start.moves},
    )  # fmt: skip
