"""The game pages: a deal's address, which shows the deal and takes a game's first action,
and a game's own address (its slug), which takes the rest."""

from __future__ import annotations

import functools

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_http_methods, require_safe
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRedirect, HttpResponseStopPolling, reswap, retarget

import metrics
from daily.services import dailies, ranking, sharing
from games import deals, rows
from games.engine.cards import Card
from games.engine.moves import IllegalMove
from games.forms import game_number, mode_in
from games.models import Game, Result, Scoring
from games.steps import current, elapsed_seconds
from play.forms import BACKS, FELTS, ActionForm, HintPollForm, PollForm, SelectForm, hint_poll_url
from races import referee
from ratings.services import history as ratings
from solver.deadends import checks
from solver.deadends.models import PENDING
from solver.pool.grades import grade_of_game
from solver.pool.par import par_of_game
from visitors import limits

from .. import actions, announce, banner, coach, hints
from ..board import board, changes, finish_blocker
from .bad_request import bad_request
from .lobby import looks, wants_winnable

STALE = "The table had changed since that page was drawn; here it is as it stands."


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def game_page(request: HttpRequest, variant: str, number: str) -> HttpResponse:
    """A deal's shareable address. GET shows the player's game on it, or the deal itself,
    ready to play: looking writes nothing. The first action is POSTed here and starts the
    game (DESIGN §5: a game is stored from its first action)."""
    found = game_number(number)
    if found is None:
        raise Http404(f"There is no {variant.title()} game number {number[:12]}.")
    if number != str(found):  # `/yukon/03/`: a deal has one address
        return one_address(request, reverse("game", args=[variant, found]))
    mode = mode_in(variant, request.GET)
    game = actions.playing(request.player, found, mode)
    if request.method == "POST":
        return _first_action(request, game, found, mode)
    if game is None:
        game = actions.unstarted(request.player, deals.deal_at(variant, found), mode)
    step = current(game)
    return _board(request, game, step, selected=_selected(request, step))


def _first_action(request, game, number, mode) -> HttpResponse:
    """An action on a deal's address: on the player's game there if one is being played,
    else (tried first in memory, so a refused one stores nothing) on a game it starts."""
    data = _action_data(request)
    if isinstance(data, HttpResponse):
        return data
    if game is None:
        unstarted = actions.unstarted(request.player, deals.deal_at(mode.variant, number), mode)
        if data["action"] == "ask-resign":  # asking starts nothing; the answer is POSTed here
            return _board(request, unstarted, current(unstarted), confirm_resign=True)
        try:
            actions.try_first(
                unstarted, data["action"], data["ply"], data.get("parsed_move"),
                data.get("step") or 0,
            )  # fmt: skip
        except actions.StaleAction:
            return _board(request, unstarted, current(unstarted), note=STALE)
        except IllegalMove as refusal:
            return _board(request, unstarted, current(unstarted), alert=str(refusal))
        try:  # games started are counted by player and address: a new cookie buys nothing
            limits.check(request, "start")
        except limits.Limited as limited:
            return limits.refusal(limited)
        # Its deal's stored winning line, if any, is seeded by the first check it asks for.
        game = actions.start_game(request.player, deals.deal_for(mode.variant, number), mode)
    return _act(request, game, data)


def one_address(request: HttpRequest, path: str) -> HttpResponse:
    """A permanent redirect to the one form of a deal's address (the number without leading
    zeros), query string kept; 308 for a POST, so that the action is sent again there."""
    query = request.META.get("QUERY_STRING", "")
    response = redirect(path + (f"?{query}" if query else ""), permanent=True)
    if request.method == "POST":
        response.status_code = 308
    return response


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def game(request: HttpRequest, slug: str) -> HttpResponse:
    """A game's own address (its slug, never its row id): GET shows it to its player, POST
    acts on it."""
    game = _own_game(request, slug)  # someone else's game is a 404 even to a forged field
    if request.method != "POST":
        step = current(game)
        return _board(request, game, step, selected=_selected(request, step))
    data = _action_data(request)
    if isinstance(data, HttpResponse):
        return data
    return _act(request, game, data)


def _action_data(request: HttpRequest) -> dict | HttpResponse:
    """The action a POST asks for, or the answer that refuses it: 400 for a forged form,
    429 over a rate limit (visitors.limits)."""
    form = ActionForm(request.POST)
    if not form.is_valid():
        message = "; ".join(m for errors in form.errors.values() for m in errors)
        # Plain text: the message may quote the forged input (`'<script>' is not a move`).
        return bad_request(f"That request was not understood: {message}")
    try:
        limits.check(request, "hint" if form.cleaned_data["action"] == "hint" else "action")
    except limits.Limited as limited:
        return limits.refusal(limited)
    return form.cleaned_data


def _act(request: HttpRequest, game: Game, data: dict) -> HttpResponse:
    """Every move, undo, redo, restart, finish, hint and resign on a stored game."""
    # A hint reads the game again, by id and player; an action takes it as read here, under
    # the same guards (its UPDATE lands only on the ply it was read at). A race whose time is
    # up ends as it is asked (races.referee), and its games with it.
    racing = referee.racing(game)  # asked first on every action: an overdue race ends here
    if data["action"] == "hint" and (racing or referee.racing_on_its_deal(game)):
        return _board(request, game, current(game), alert=referee.NO_HINTS)
    try:
        if data["action"] == "hint":
            done = hints.hint(game.pk, request.player, data["ply"])
            return _board(request, done.game, done.step, hint=done.hint,
                          hint_state=done.hint_state,
                          say=announce.hint_words(done.hint, done.hint_state))  # fmt: skip
        if data["action"] == "ask-resign":  # Resign is permanent: the board asks first
            game = _own_game(request, game.slug)
            return _board(request, game, current(game), confirm_resign=not game.result,
                          confirm_line=data.get("then") == "line")  # fmt: skip
        done = actions.act(
            game, request.player, data["action"], data["ply"], data.get("parsed_move"),
            data.get("step") or 0,
        )  # fmt: skip
    except Game.DoesNotExist:
        raise Http404("No such game of yours.") from None
    except actions.StaleAction:
        game = _own_game(request, game.slug)
        return _board(request, game, current(game), note=STALE)
    except actions.GameOver as over:
        game = _own_game(request, game.slug)
        return _board(request, game, current(game), alert=str(over))
    except IllegalMove as refusal:
        game = _own_game(request, game.slug)
        return _board(request, game, current(game), alert=str(refusal))
    metrics.ACTIONS.labels(action=data["action"]).inc()
    if data["action"] == "resign" and data.get("then") == "line":
        if coach.offered(done.game) and not coach.playing_on(request.player, done.game):
            return _to_line(request, done.game)
    if not request.htmx:  # a plain form post: post/redirect/get, to this game's own page
        # The check for where the move led is asked for now: the page it redirects to only
        # looks.
        banner.verdict(done.game, done.step, done.before, ask=True, known=done.known)
        response = redirect("game_action", slug=done.game.slug)
        response.status_code = 303
        return response
    say = announce.after_action(
        data["action"], done.step, actions=done.game.actions, redo=done.game.redo,
        before=done.before, finished_moves=done.finished_moves,
    )  # fmt: skip
    return _board(
        request, done.game, done.step, finished_moves=done.finished_moves, before=done.before,
        say=say, ask=True, shown=done.shown, known=done.known,
    )  # fmt: skip


def _to_line(request: HttpRequest, game: Game) -> HttpResponse:
    """The player stopped to see how to win: the line is theirs to watch (play.coach), on
    its own page."""
    coach.watch(request.player, game)
    url = reverse("winning_line", args=[game.replay_slug])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    response = redirect(url)
    response.status_code = 303
    return response


@require_safe
def game_verdict(request: HttpRequest, slug: str) -> HttpResponse:
    """The dead-end banner alone, polled by the page until the position is decided."""
    game = _own_game(request, slug)
    poll = PollForm(request.GET)
    if not poll.is_valid() or poll.cleaned_data["ply"] != game.ply:
        return HttpResponse("")  # the board has moved on; its own banner polls for it
    step = current(game)
    context = {
        "game": game,
        "step": step,
        "action_url": reverse("game_action", args=[game.slug]),
        "verdict": banner.verdict(game, step),
        "rated_playing": ratings.for_game(game)["rated_playing"],
        "poll": poll.cleaned_data["poll"] + 1,
        "poll_delay": poll.delay_ms,
    }
    return render(request, "play/game.html#verdict", context)


@require_safe
def game_hint(request: HttpRequest, slug: str) -> HttpResponse:
    """A hint the page asked for and waits on while the position is checked: nothing to
    swap while it is (so the note is not read out again and again), then the whole board
    with the hint (or what stands in its way)."""
    game = _own_game(request, slug)
    poll = HintPollForm(request.GET, game=game)
    if not poll.is_valid() or poll.cleaned_data["ply"] != game.ply or game.result:
        return HttpResponseStopPolling()  # moved on, or the hint was never asked here
    step = current(game)
    move, state = hints.answer(game, step.position, checks.known(game, step.position))
    if state == PENDING:
        return HttpResponse(status=204)  # still looking: the page asks again in a second
    response = _board(request, game, step, hint=move, hint_state=state,
                      say=announce.hint_words(move, state))  # fmt: skip
    return reswap(retarget(response, "#board"), "outerHTML")


def game_url(game: Game) -> str:
    """The game's shareable address, with Klondike's draw and scoring."""
    return reverse("game", args=[game.variant, game.number]) + game.mode.query


def _own_game(request: HttpRequest, slug: str) -> Game:
    """The player's game by its slug (games.rows: one row, read in SQL of its own), its deal
    from the process's cache of stored deals (games.deals.deal_by_id)."""
    game = rows.own_game(slug, request.player)
    if game is None:
        raise Http404("No such game of yours.")
    game.deal = deals.deal_by_id(game.deal_id)
    return game


def _selected(request: HttpRequest, step) -> Card | None:
    """The card picked up on the no-JavaScript page, if it is one that may be picked up:
    anything else shows the board with nothing picked up."""
    form = SelectForm(request.GET, step.position)
    return form.cleaned_data["select"] if form.is_valid() else None


def _board(request, game, step, *, selected=None, hint=None, hint_state="", alert="",
           note="", finished_moves=0, before=None, say="", confirm_resign=False,
           confirm_line=False, ask=False, shown=None, known=None) -> HttpResponse:  # fmt: skip
    """The page (or its board, to HTMX). `ask`: the player just acted, so the dead-end check
    of where they stand is asked for; otherwise the banner only reads what is known.
    `shown`: the position the player's page showed before the action (a move, undo, redo,
    jump back or restart), so that the table's script may get only what changed
    (_sends_changes). `known`: what the action's save read for the check (play.actions)."""
    partial = request.htmx and not request.htmx.history_restore_request
    # A game not yet started takes its first action at the deal's own address.
    action_url = reverse("game_action", args=[game.slug]) if game.pk else game_url(game)
    # Addresses a move's answer of changes does not draw: worked out the first time the
    # template reads them (it calls what it is given), once.
    url = functools.cache(lambda: game_url(game))
    context = {
        "game": game,
        "step": step,
        "table": board(step.position, selected=selected, hint=hint),
        "selected": selected,
        "hint": hint,
        "hint_state": hint_state,
        "hint_poll": hint_poll_url(game) if hint_state == PENDING else "",
        "alert": alert,
        "note": note,
        "finished_moves": finished_moves,
        "say": say,  # for the live region outside the board (play/announce.py)
        "confirm_resign": confirm_resign,
        "confirm_line": confirm_resign and confirm_line,
        # Asked only when the finish button does not show (game.html): both play it out.
        "finish_blocked": functools.partial(finish_blocker, step.position),
        "game_url": url,
        "seconds": elapsed_seconds(game),
        "winnable": wants_winnable(request),
        "looks": looks(request),
        "backs": BACKS,
        "felts": FELTS,
        "action_url": action_url,
        # The no-JavaScript pick-up links: the game's own short address keeps the board small.
        "select_base": action_url + ("&" if "?" in action_url else "?"),
        "new_game_url": functools.cache(
            lambda: reverse("new_game", args=[game.variant]) + game.mode.query
        ),
        # Worked out only when the menu is rendered, not when it is kept (game.html's cache).
        "modes": functools.partial(_mode_links, game),
        "deal_grade": functools.cache(lambda: grade_of_game(game)),  # not in a move's changes
        **ratings.for_game(game),  # rated: no assist offered; the change on the result card
        "verdict": banner.verdict(game, step, before, ask=ask, known=known),
        "race": referee.strip(game),  # a racer's game: every player's counts, no hints
        # The whole page's link preview: the deal as dealt, never the game's own position.
        "og": None if partial else _link_preview(request, game, url()),
        **(_result_context(request, game, url()) if game.result else {}),
    }
    if shown is not None and _sends_changes(request, context):
        context["changed"] = changes(board(shown), context["table"])
        response = reswap(render(request, "play/game.html#changes", context), "none")
    else:
        response = render(request, "play/game.html#board" if partial else "play/game.html", context)
    if shown is not None:
        patch_vary_headers(response, [CHANGES_HEADER])
    return response


# The table's script asks for a move's answer as changes (static/js/table/actions.js): an
# htmx client that does not (a page of an older script, a load test) gets the whole board.
CHANGES_HEADER = "X-Board"


def _sends_changes(request, context: dict) -> bool:
    """An action's answer may be just what it changed on the board the player's page shows,
    swapped in out of band by the table's script (play/game.html#changes): for the script
    that asks for it, on a game that goes on with nothing new around its board (no dialog,
    refusal, note or hint, no cards flying home, no rating that stopped, the same address to
    post to). Anything else gets the whole board."""
    return (
        request.headers.get(CHANGES_HEADER) == "changes"
        and not context["game"].result
        and not (context["alert"] or context["note"] or context["hint"] or context["hint_state"])
        and not (context["finished_moves"] or context["confirm_resign"] or context["selected"])
        and (context["rated"] is None or context["rated_playing"])
        and request.path == context["action_url"]
    )


def _link_preview(request, game: Game, url: str) -> dict:
    title, text = f"{game.deal} · Yukon & Klondike", "The same deal for everyone who opens it."
    return sharing.link_preview(request, title, text, game.variant, game.number, path=url)


def _result_context(request, game: Game, url: str) -> dict:
    """The result card's par, leaderboard and share link (issue 12)."""
    par = par_of_game(game)
    context = {"par": par, "against_par": against_par(game.moves or 0, par)}
    if game.result == Result.RESIGNED:
        context["line_offered"] = coach.offered(game)
    if game.result == Result.WON:
        seconds, grade = elapsed_seconds(game), grade_of_game(game)
        shared = sharing.challenge_for(game, par, seconds, grade or "")
        link = reverse("challenge", args=[sharing.token(shared)])
        query = url[url.index("?") :] if "?" in url else ""  # Klondike's draw and scoring
        context |= {
            "share_text": shared.text,
            "share_link": request.build_absolute_uri(link),
            "board_url": reverse("leaderboard", args=[game.variant, game.number]) + query,
            "ranked_why": ranking.counts(game),
            "is_daily": dailies.today() in dailies.daily_days(game.deal),
        }
    return context


def against_par(moves: int, par: int | None) -> str:
    """`3 over par`, `level with par`, `2 under par`."""
    if par is None:
        return ""
    if moves == par:
        return f"{moves} moves: level with par"
    return f"{moves} moves: {abs(moves - par)} {'over' if moves > par else 'under'} par"


def _mode_links(game: Game) -> dict:
    """The menu's links to the same deal number in the other draws and scorings (Klondike),
    each with its address and whether it is the game's own: changing the mode starts the
    same number over in the new mode, never another number."""
    if game.variant != "klondike":
        return {}
    same_deal, mode = reverse("game", args=[game.variant, game.number]), game.mode
    draws = [(f"Draw {d}", mode.with_draw(d)) for d in (1, 3)]
    scorings = [(label, mode.with_scoring(s)) for s, label in Scoring.choices]
    return {
        name: [
            {"label": label, "url": same_deal + m.query, "current": m == mode} for label, m in links
        ]
        for name, links in (("draws", draws), ("scorings", scorings))
    }
