"""Who may watch a replay: a daily deal's replays are private to their players until the
deal's day is over (UTC), and watching another player's replay of a deal ends one's own first
attempt at it (so a player is asked before the replay is shown, and their view is recorded by
that POST: looking at a page writes nothing). Visitors are asked too: their views become their
account's when they sign up or log in."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.models import Deal, Game

from ..models import ReplayView
from . import attempts
from .dailies import daily_days, today


def private_until_tonight(game: Game, viewer: str) -> bool:
    """The game is on a deal that is the daily deal of today (or a day to come), and the
    viewer is not its player."""
    if game.player == viewer:
        return False
    return any(day >= today() for day in daily_days(game.deal))


def must_ask(game: Game, viewer: str) -> bool:
    """Watching this replay would end the viewer's first attempt at its deal: it is another
    player's game, and the viewer is not past a first attempt at the deal already."""
    if game.player == viewer:
        return False
    return not attempts.spent(viewer, game.deal_id)


def record_view(viewer: str, deal: Deal) -> None:
    """The viewer watched a replay of this deal (the first time counts; again changes nothing)."""
    if ReplayView.objects.filter(player=viewer, deal=deal).exists():
        return
    try:
        with transaction.atomic():
            ReplayView.objects.create(player=viewer, deal=deal)
    except IntegrityError:  # the same request twice at once
        pass


def hand_over_views(visitor: str, player: str) -> int:
    """A visitor's replay views become the account's when they sign in (games.play.merge)."""
    theirs = ReplayView.objects.filter(player=visitor)
    already = ReplayView.objects.filter(player=player).values("deal")
    theirs.filter(deal__in=already).delete()
    return theirs.update(player=player)
