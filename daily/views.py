"""The daily deal's pages, the leaderboards and shared challenges."""

from __future__ import annotations

import datetime as dt

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_safe

from games.forms import game_number, mode_in
from games.models import Deal, Variant
from solver.pool.grades import grade
from solver.pool.par import par

from .services import dailies, ranking, sharing, streaks


def play_url(variant: str, number: int, query: str = "") -> str:
    return reverse("game", args=[variant, number]) + query


@require_safe
def daily_page(request: HttpRequest, variant: str) -> HttpResponse:
    """Today's deal (Yukon, or Klondike draw 1 and draw 3), with its board and a share link,
    and whether the player has won it, is playing it or resigned it."""
    day = dailies.today()
    modes = [(v, d) for v, d in dailies.MODES if v == variant]
    deals = [found for v, d in modes if (found := dailies.daily(day, v, d))]
    cards = []
    for found, standing in zip(deals, streaks.standings(request.player, deals), strict=True):
        text = (
            f"The daily {found.title}"
            + (f", par {found.par}" if found.par else "")
            + ": can you beat it?"
        )
        cards.append({
            "daily": found,
            "play_url": play_url(found.variant, found.number, found.query),
            "board_url": reverse("leaderboard", args=[found.variant, found.number]) + found.query,
            "share_text": text,
            "state": standing.state,
            "game": standing.game,
        })  # fmt: skip
    page_url = request.build_absolute_uri(request.path)
    day_grade = dailies.grade_of_day(day)
    first = deals[0] if deals else None
    og = sharing.link_preview(
        request, cards[0]["share_text"] if cards else f"The daily {Variant(variant).label} deal",
        "One winnable deal a day, the same for everyone. Fewest moves wins.",
        first.variant if first else "", first.number if first else 0,
    )  # fmt: skip
    return render(request, "daily/daily.html", {
        "variant": variant, "variant_name": Variant(variant).label, "day": day, "cards": cards,
        "seconds_left": dailies.seconds_left(), "page_url": page_url, "og": og,
        # The week's grade only where the deals have it: a pool that lacked it gave another.
        "day_grade": day_grade if all(d.grade == day_grade for d in deals) else "",
        "day_ends": dailies.day_start(day + dt.timedelta(days=1)),
    })  # fmt: skip


@require_safe
def leaderboard(request: HttpRequest, variant: str, number: str) -> HttpResponse:
    found = game_number(number)
    if variant not in Variant.values or found is None:
        raise Http404(f"There is no leaderboard for {variant[:12]} game number {number[:12]}.")
    if number != str(found):  # one address a board, as a deal's (play.views.game)
        query = request.META.get("QUERY_STRING", "")
        path = reverse("leaderboard", args=[variant, found])
        return redirect(path + (f"?{query}" if query else ""), permanent=True)
    mode = mode_in(variant, request.GET)
    deal = Deal.objects.filter(variant=variant, number=found).first()
    entries = ranking.leaderboard(deal, mode.draw, mode.scoring) if deal else []
    return render(request, "daily/leaderboard.html", {
        "variant": variant, "variant_name": Variant(variant).label, "number": found,
        "draw": mode.draw, "scoring": mode.scoring, "entries": entries, "rule": ranking.RULE,
        "par": par(deal.pk, mode.draw, mode.passes) if deal else None,
        "grade": grade(deal.pk, mode.draw, mode.passes) if deal else "",
        "play_url": play_url(variant, found, mode.query),
        "is_daily": deal is not None and dailies.today() in dailies.daily_days(deal),
    })  # fmt: skip


@require_safe
def challenge(request: HttpRequest, token: str) -> HttpResponse:
    """A shared result: the deal and the score, with Open Graph tags for a link preview."""
    shared = sharing.from_token(token)
    if shared is None:
        raise Http404("That challenge link is not one this site made.")
    og = sharing.link_preview(
        request, shared.text, "Same deal, same cards: can you win it in fewer moves?",
        result=token,
    )  # fmt: skip
    return render(request, "daily/challenge.html", {
        "challenge": shared, "og": og,
        "play_url": play_url(shared.variant, shared.number, shared.query),
    })  # fmt: skip
