"""A player's records: on each game number in each mode, the fewest moves and the shortest
time of any win (two separate bests), counted as a game is won."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from games.engine import history
from games.models import Game, Record
from games.steps import elapsed_seconds


def count_win(game: Game, step: history.Step) -> bool:
    """Count the win of a game just marked won (play.actions) in the player's record for its
    number and mode; whether it is a new record (fewer moves or less time than the best so
    far). Runs inside the transaction that saves the winning move, so the game and its
    record are written together."""
    seconds = elapsed_seconds(game)
    new_record = False
    mine = Record.objects.filter(
        player=game.player, variant=game.variant, number=game.number,
        draw=game.draw, passes=game.passes,
    )  # fmt: skip
    record = mine.select_for_update().first()
    if record is None:
        try:
            with transaction.atomic():  # a savepoint: another of this player's games may win now
                Record.objects.create(
                    player=game.player, variant=game.variant, number=game.number,
                    draw=game.draw, passes=game.passes, best_moves=step.moves,
                    best_seconds=seconds,
                )  # fmt: skip
            new_record = True
        except IntegrityError:
            record = mine.select_for_update().get()
    if record is not None:
        new_record = step.moves < record.best_moves or seconds < record.best_seconds
        record.wins += 1
        record.best_moves = min(record.best_moves, step.moves)
        record.best_seconds = min(record.best_seconds, seconds)
        record.save(update_fields=["wins", "best_moves", "best_seconds", "updated"])
    return new_record
