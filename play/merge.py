"""Handing a visitor's games and records to an account when the visitor signs up or logs in
(and forgetting them when an account is deleted).

Every game moves to the account as it is, but for a game being played on a deal and mode the
account is playing too, which stays the visitor's (one game is played per deal and mode).
Records (one per player, game number and mode) are merged: where both have a record on the
same number and mode, the best moves and the best time are each the better of the two and the
wins add up (each win is a different game, so nothing is counted twice); the visitor's row
then goes. The deals the visitor started and the replays they watched count for the account
too (daily.services.attempts, play.privacy), even on a deal whose game stays the visitor's:
what the visitor did there ends the account's first attempt at it. Merging the same visitor
again finds nothing left to move, so a second login changes nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction

from daily.services.attempts import forget, hand_over_attempts
from games.models import Game, Record
from ratings.services import standings as ratings
from solver.deadends.models import CheckRequest

from .privacy import hand_over_views


@dataclass(frozen=True)
class Merged:
    games: int
    records: int


def merge_player(visitor: str, player: str) -> Merged:
    """Move `visitor`'s games and records to `player`, best record winning."""
    if visitor == player:
        return Merged(0, 0)
    with transaction.atomic():
        games = (
            Game.objects.filter(player=visitor)
            .exclude(pk__in=_played_on_both(visitor, player))
            .update(player=player)
        )
        # The checks those games wait for count against their new player's bound now.
        CheckRequest.objects.filter(player=visitor, game__player=player).update(player=player)
        theirs = list(Record.objects.select_for_update().filter(player=visitor))
        for record in theirs:
            _merge_record(record, player)
        # What the visitor started and watched ends first attempts for the account too, even
        # on a deal whose game stays the visitor's.
        hand_over_attempts(visitor, player)
        hand_over_views(visitor, player)
    return Merged(games, len(theirs))


def _played_on_both(visitor: str, player: str) -> list[int]:
    """The visitor's unfinished games on a deal and mode where `player` has one too. Only one
    game is played per player, deal and mode (a constraint): these stay the visitor's, so
    the account's game stays the one played and nothing is lost or ended."""
    mine = Game.objects.filter(player=player, result="")
    return [
        game.pk
        for game in Game.objects.filter(player=visitor, result="").select_related("deal")
        if mine.filter(deal_id=game.deal_id, **game.mode.stored).exists()
    ]


def _merge_record(record: Record, player: str) -> None:
    same = Record.objects.select_for_update().filter(
        player=player, variant=record.variant, number=record.number,
        draw=record.draw, passes=record.passes,
    ).first()  # fmt: skip
    if same is None:
        record.player = player
        record.save(update_fields=["player"])
        return
    same.best_moves = min(same.best_moves, record.best_moves)
    same.best_seconds = min(same.best_seconds, record.best_seconds)
    same.wins += record.wins
    same.save(update_fields=["best_moves", "best_seconds", "wins", "updated"])
    record.delete()


def forget_player(player: str) -> None:
    """Delete every game, record, start and replay view of `player` (an account deleted)."""
    with transaction.atomic():
        Game.objects.filter(player=player).delete()
        Record.objects.filter(player=player).delete()
        forget(player)
        ratings.forget(player)
