"""Where a stored game stands: the replay of its actions from its deal, step by step, and
its current step (read from the game's cache when the cache matches, else replayed)."""

from __future__ import annotations

from django.utils import timezone

from .deals import deal_position
from .engine import history
from .engine.positions import Position
from .models import Game, Scoring


def steps(game: Game) -> list[history.Step]:
    deal = deal_position(game.deal, game.draw, game.passes)
    return history.replay(deal, game.actions, scoring_of(game))


def current(game: Game) -> history.Step:
    """The step at the game's ply: from the cache when it matches, else replayed."""
    cached = game.state
    if cached and cached.get("ply") == game.ply == len(game.actions):
        position = Position.from_json(cached["position"])
        return history.Step(position, cached["moves"], cached["score"])
    return steps(game)[-1]


def cache(step: history.Step, ply: int) -> dict:
    """What `Game.state` keeps of the step at `ply`, for `current` to read back."""
    position = step.position.to_json()
    return {"ply": ply, "position": position, "moves": step.moves, "score": step.score}


def scoring_of(game: Game) -> str:
    """The scoring the game's steps are counted in: Yukon has none."""
    return game.scoring if game.deal.variant == "klondike" else Scoring.NONE


def elapsed_seconds(game: Game) -> int:
    """The game's clock: from its start, or its last restart, to its end or now."""
    end = game.finished or timezone.now()
    return max(0, int((end - game.started).total_seconds()))
