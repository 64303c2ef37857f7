"""Who is still on a first attempt at a deal (DESIGN §5): the player (the account, and at
login the visitor of the same browser) never before started the deal in any mode and never
watched a replay of it or its winning line (both recorded as a ReplayView). The game itself
must also be unassisted (daily.services.ranking).

Starts are recorded as they happen (an Attempt a player and deal: the first game started and
when another was first started), so neither a game left unfinished in another mode nor one
deleted as abandoned is forgotten, and what a visitor started follows them to their account
at login even when its game stays the visitor's (play.merge)."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.models import Game

from ..models import Attempt, ReplayView


def record_start(game: Game) -> None:
    """`game` has just been stored by its first action: its player's first start on its deal,
    or another one. Two starts at once (two modes in two tabs) are both counted."""
    try:
        with transaction.atomic():
            Attempt.objects.create(
                player=game.player, deal_id=game.deal_id, first_game=game,
                first_started=game.created,
            )  # fmt: skip
    except IntegrityError:  # started before: this one is another
        Attempt.objects.filter(player=game.player, deal_id=game.deal_id, again__isnull=True).update(
            again=game.created
        )


def broken(game: Game) -> str:
    """Why a won game was not its player's first attempt at the deal, or "" if it was."""
    attempt = Attempt.objects.filter(player=game.player, deal=game.deal_id).first()
    if attempt is None or attempt.first_game_id != game.pk:
        return "another game on this deal was started before it"
    if attempt.again is not None and attempt.again < game.finished:
        return "another game on this deal was started before it was won"
    watched = ReplayView.objects.filter(player=game.player, deal=game.deal_id)
    if watched.filter(first_seen__lt=game.finished).exists():
        return "a replay or the winning line of this deal was watched before"
    return ""


def spent(player: str, deal_id: int) -> bool:
    """Is the player past any first attempt at this deal (a replay watched, a second game
    started, or the first one ended or gone)? Watching a replay then costs them nothing."""
    if ReplayView.objects.filter(player=player, deal=deal_id).exists():
        return True
    attempt = Attempt.objects.filter(player=player, deal=deal_id).first()
    if attempt is None:
        return False
    if attempt.again is not None or attempt.first_game_id is None:
        return True
    return Game.objects.filter(pk=attempt.first_game_id).exclude(result="").exists()


def hand_over_attempts(visitor: str, player: str) -> int:
    """A visitor's starts become the account's at login (inside play.merge's
    transaction): on a deal both started, the earlier first start stays the first and the
    other counts as another start."""
    theirs = list(Attempt.objects.select_for_update().filter(player=visitor))
    for attempt in theirs:
        mine = Attempt.objects.select_for_update().filter(player=player, deal=attempt.deal_id)
        mine = mine.first()
        if mine is None:
            attempt.player = player
            attempt.save(update_fields=["player"])
            continue
        first, second = sorted([mine, attempt], key=lambda each: each.first_started)
        agains = [second.first_started, *(a.again for a in (mine, attempt) if a.again)]
        mine.first_game_id, mine.first_started = first.first_game_id, first.first_started
        mine.again = min(agains)
        attempt.delete()
        mine.save(update_fields=["first_game", "first_started", "again"])
    return len(theirs)


def forget(player: str) -> None:
    """A deleted account's starts and views go with it."""
    Attempt.objects.filter(player=player).delete()
    ReplayView.objects.filter(player=player).delete()
