"""A rated game from its start to its end: dealt by "Play rated", unrated by a forged assist,
and ended as a win or a loss (resigned, proven lost, abandoned), with both ratings moved in
the transaction that ends the game.

Exactly once: a game ends in one conditional UPDATE of its row (games.rows.save_at: only on
the version it was read at, only while unfinished), and the ratings move in the transaction of
that UPDATE, and only while the rated game's row still says "playing" (read under a lock).
Of two posts that would end it, the second's UPDATE finds the game moved on and its
transaction, rating and all, is rolled back."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from daily.services import attempts, ranking
from games import rows
from games.models import Deal, Game, Result, new_slug
from games.steps import current
from solver.deadends import checks
from solver.search.verdict import Verdict

from ..models import RatedGame, Status
from . import maths
from .pools import MODES
from .standings import locked_deal, locked_player

# No action for this long and a rated game is lost: long past any game played (a Yukon or
# Klondike win takes 5 to 15 minutes), short enough that a rated game cannot be kept open
# to wait out a bad position.
ABANDON_MINUTES = 60
ABANDONED = "abandoned: no move for an hour"
RESIGNED = "resigned"
PROVEN_LOST = "the solver proved the position lost"
# What a rated game does not offer, and why a forged one unrates it.
ASSISTS = {
    "hint": "a hint was asked",
    "undo": "a move was undone",
    "redo": "a move was redone",
    "jump": "the game jumped back",
    "restart": "the game was restarted",
}


class AlreadyPlaying(Exception):
    """The player has a rated game being played in this pool."""

    def __init__(self, game: Game):
        self.game = game


def start(player: str, pool: str, deal_id: int) -> Game:
    """The player's rated game on the deal, stored at once (the POST of "Play rated" is its
    start: the deal is never shown before it is rated), its start recorded for first
    attempts. Raises AlreadyPlaying if one is being played in the pool."""
    playing = RatedGame.objects.filter(player=player, pool=pool, status=Status.PLAYING)
    found = playing.select_related("game__deal").first()
    if found is not None:
        raise AlreadyPlaying(found.game)
    try:
        with transaction.atomic():
            game = Game.objects.create(player=player, deal=Deal(pk=deal_id), **MODES[pool].stored)
            attempts.record_start(game)
            RatedGame.objects.create(game=game, player=player, deal_id=deal_id, pool=pool)
    except IntegrityError:  # two Play rated at once (a double click): the other one dealt
        raise AlreadyPlaying(playing.select_related("game__deal").get().game) from None
    return Game.objects.select_related("deal").get(pk=game.pk)


def of(game: Game) -> RatedGame | None:
    """The game's rated record (any status), or None if it was not dealt as rated. A game is
    dealt rated or not once and for all (its RatedGame is stored in the transaction that
    stores it), so "not rated" is kept in the cache: any other game's move reads no row here."""
    return rows.made_with_it("rated", game, lambda: RatedGame.objects.filter(game=game).first())


def being_played(game: Game) -> RatedGame | None:
    rated = of(game)
    return rated if rated is not None and rated.status == Status.PLAYING else None


def unrate(game: Game, action: str) -> bool:
    """A forged assist (the page offers none): the game plays on, unrated. Returns whether
    it was rated."""
    playing = RatedGame.objects.filter(game_id=game.pk, status=Status.PLAYING)
    return bool(playing.update(status=Status.UNRATED, why=ASSISTS[action], ended=timezone.now()))


def over(game: Game, now: datetime) -> str:
    """Why a rated game being played is already lost before its next action, or "": left
    alone past ABANDON_MINUTES, or its position proven lost by the solver."""
    if game.updated is not None and game.updated < now - timedelta(minutes=ABANDON_MINUTES):
        return ABANDONED
    if checks.known(game, current(game).position) == Verdict.LOSS:
        return PROVEN_LOST
    return ""


def loss_why(game: Game) -> str:
    """Why a resigned rated game was lost: proven lost, or given up."""
    lost = checks.known(game, current(game).position) == Verdict.LOSS
    return PROVEN_LOST if lost else RESIGNED


def end_lost(game: Game, why: str, now: datetime | None = None) -> bool:
    """End a rated game as lost without an action of the player's (abandoned, or proven lost
    before their next action). Returns whether this call ended it."""
    game.result, game.finished = Result.RESIGNED, now or timezone.now()
    game.replay_slug, game.moves = new_slug(), current(game).moves
    with transaction.atomic():
        if not rows.save_at(game):
            return False
        settle(game, why)
    return True


def settle(game: Game, why: str = "") -> RatedGame | None:
    """The game has just ended (its row written in this transaction): move the player's and
    the deal's ratings, once. A win that was not an unassisted first attempt after all (a
    replay or the line watched, assists) is unrated instead. `why`: a loss's reason."""
    rated = RatedGame.objects.select_for_update().filter(game_id=game.pk).first()
    if rated is None or rated.status != Status.PLAYING:
        return None
    won = game.result == Result.WON
    broken = (ranking.assisted(game) or attempts.broken(game)) if won else ""
    rated.ended = game.finished or timezone.now()
    if broken:
        rated.status, rated.why = Status.UNRATED, broken
        rated.save(update_fields=["status", "why", "ended"])
        return rated
    rated.status, rated.why = (Status.WON, "") if won else (Status.LOST, why or RESIGNED)
    apply(rated, won)
    return rated


def apply(rated: RatedGame, won: bool) -> None:
    """Move both ratings by the rated game's result and store them on it (live, and again
    by recompute_ratings)."""
    player, deal = locked_player(rated.player, rated.pool), locked_deal(rated.deal_id, rated.pool)
    after_player, after_deal = maths.played(
        maths.Standing(player.mu, player.sigma), maths.Standing(deal.mu, deal.sigma), won
    )
    rated.player_before, rated.deal_before = player.mu, deal.mu
    player.mu, player.sigma, player.games = after_player.mu, after_player.sigma, player.games + 1
    deal.mu, deal.sigma, deal.games = after_deal.mu, after_deal.sigma, deal.games + 1
    player.save(update_fields=["mu", "sigma", "games", "updated"])
    deal.save(update_fields=["mu", "sigma", "games", "updated"])
    rated.player_after, rated.player_sigma, rated.deal_after = player.mu, player.sigma, deal.mu
    rated.save()


def abandon_stale(now: datetime, player: str | None = None) -> int:
    """End every rated game left alone past ABANDON_MINUTES as lost (the player's alone, if
    named): the worker's periodic cleanup runs it, and "Play rated" for its player. Returns
    how many it ended."""
    stale = RatedGame.objects.filter(
        status=Status.PLAYING, game__result="",
        game__updated__lt=now - timedelta(minutes=ABANDON_MINUTES),
    )  # fmt: skip
    if player is not None:
        stale = stale.filter(player=player)
    ended = 0
    for rated in stale.select_related("game__deal"):
        ended += end_lost(rated.game, ABANDONED, now)
    return ended
