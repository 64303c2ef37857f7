"""The public replay of a finished game (DESIGN §5): anyone may step through it, read-only;
who may watch it is play.privacy's to say, and the POST that starts watching another
player's replay is here too."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_POST, require_safe

from games.engine import history
from games.engine.moves import DRAW, Move
from games.models import Game
from games.steps import current, step_at
from ratings.services import history as ratings
from ratings.services.pools import game_pool

from .. import coach, privacy
from ..board import board
from ..forms import ReplayForm
from ..review import review
from .bad_request import bad_request
from .game import game_url

# One answer for a game still being played and for no game at all: a replay URL must not tell
# anyone that a game in progress exists, let alone show where it stands.
NOT_FINISHED = "There is no finished game at this address to replay."


@require_safe
def replay(request: HttpRequest, slug: str) -> HttpResponse:
    """A finished game's position after `?step=k` of its history (0 is the deal, and no step
    is the deal too: a replay is watched from its start, its Play button right there). A
    step outside the history is clamped to its nearest end. The slug
    is the replay's own secret, given out by its player: no replay can be guessed or listed.
    A step is replayed from the nearest checkpoint (games.steps), whatever the game's length."""
    form = ReplayForm(request.GET)
    if not form.is_valid():
        # Plain text and without the input: nothing a forged query sends is echoed back.
        return bad_request("The step of a replay is a whole number, such as ?step=12.")
    game = Game.objects.select_related("deal").exclude(result="").filter(replay_slug=slug).first()
    if game is None:
        raise Http404(NOT_FINISHED)
    if privacy.private_until_tonight(game, request.player):
        return render(request, "play/replay_private.html", {"game": game}, status=403)
    if privacy.must_ask(game, request.player):  # watching ends a first attempt: ask, by POST
        return render(request, "play/replay_ask.html", {"game": game})
    last = len(game.actions)
    index = clamp(form.cleaned_data["step"], last, 0)
    final = current(game)
    step = final if index == last else step_at(game, index)
    lost = review(game)
    return render_replay(
        request, game, index=index, last=last, step=step, final=final,
        action=describe(game, game.actions[index - 1]) if index else "The deal",
        base=reverse("replay", args=[game.replay_slug]),
        extra={
            "lost": lost,
            "lost_action": describe(game, game.actions[lost.lost_at - 1])
            if lost and lost.lost_at
            else "",
            "line_offered": coach.offered(game),
        },
    )  # fmt: skip


def clamp(wanted: int | None, last: int, default: int) -> int:
    """The step a replay shows for `?step=`: `default` when none is asked, else the one
    asked for, clamped to the replay's ends."""
    return default if wanted is None else min(max(wanted, 0), last)


def render_replay(request, game, *, index, last, step, final, action, base, extra) -> HttpResponse:
    """A replay page at step `index` of `last` (the game's own, or its winning line's), or
    only its frame (the steps' links and the table) for the page's script."""
    context = {
        "game": game,
        "step": step,
        "index": index,
        "last": last,
        "final": final,
        "has_jumps": last != final.moves,
        "action": action,
        # The board's view model; the template leaves its targets out, nothing moves here.
        "table": board(step.position),
        "play_url": game_url(game),
        "base": base,
        **extra,
    }
    frame = request.headers.get("X-Replay-Frame") == "1"
    if not frame:  # the header's deal rating (ratings); a frame is only the steps and table
        context["deal_rating"] = ratings.deal_rating(game.deal_id, game_pool(game))
    response = render(request, "play/replay.html#frame" if frame else "play/replay.html", context)
    # base.html has no block for head extras; the header keeps replays out of search results.
    response["X-Robots-Tag"] = "noindex"
    patch_vary_headers(response, ["X-Replay-Frame"])
    return response


def describe(game: Game, action: str) -> str:
    """What one action of the game's history did, in words: `♠9 to column 5`, `Turned the
    stock`."""
    parsed = history.parse_action(action)
    if isinstance(parsed, int):
        if parsed == 0:
            return "Restarted from the deal"
        moves = step_at(game, parsed).moves
        return f"Jumped back to move {moves}"
    return describe_move(parsed)


def describe_move(move: Move) -> str:
    if move.card is None:
        return "Turned the stock" if move.target == DRAW else "Turned the waste back over"
    if move.to_foundation:
        return f"{move.card.label} to a foundation"
    return f"{move.card.label} to column {move.to_column + 1}"


@require_POST
def watch_replay(request: HttpRequest, slug: str) -> HttpResponse:
    """The player chose to watch another player's replay (named by its replay slug, never a
    row id): from now on they are no longer on a first attempt at its deal."""
    game = Game.objects.select_related("deal").exclude(result="").filter(replay_slug=slug).first()
    if game is None:
        raise Http404(NOT_FINISHED)
    if privacy.private_until_tonight(game, request.player):
        raise Http404("That replay is private until its daily deal's day is over (UTC).")
    privacy.record_view(request.player, game.deal)
    response = redirect("replay", slug=game.replay_slug)
    response.status_code = 303
    return response
