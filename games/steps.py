"""Where a stored game stands: the replay of its actions from its deal, step by step.

A step is found from the nearest stored checkpoint at or before it (games.models.Checkpoint),
so undo, redo, a jump or a replay step replays at most CHECKPOINT_EVERY actions however long
the game is: checkpoints lie at every multiple of CHECKPOINT_EVERY and right after every jump,
so the actions between a step and the checkpoint below it hold no jump. A game without
checkpoints (one older than them) is replayed from its deal, as before.
"""

from __future__ import annotations

from django.utils import timezone

from .deals import deal_position
from .engine import history
from .engine.moves import MalformedMove
from .engine.positions import Position
from .models import Checkpoint, Game, Scoring

# At about 40 µs a rule application, 32 actions cost about a millisecond at worst; a
# checkpoint is about 600 bytes, so a 3,000-action game keeps about 56 KB of them.
CHECKPOINT_EVERY = 32


def steps(game: Game) -> list[history.Step]:
    """Every step of the game from its deal: for the few callers that want them all."""
    deal = deal_position(game.deal, game.draw, game.passes)
    return history.replay(deal, game.actions, scoring_of(game))


def current(game: Game) -> history.Step:
    """The step at the game's ply: from the cache when it matches, else replayed."""
    cached = game.state
    if cached and cached.get("ply") == game.ply == len(game.actions):
        position = Position.from_json(cached["position"])
        return history.Step(position, cached["moves"], cached["score"])
    return step_at(game, len(game.actions))


def step_at(game: Game, index: int) -> history.Step:
    """The step after the first `index` actions (0 is the deal), replayed from the nearest
    checkpoint at or before it. Raises MalformedMove for a jump that does not point back."""
    if not 0 <= index <= len(game.actions):
        raise MalformedMove(f"There is no step {index} in this game")
    return _step(game, index, {}, scoring_of(game))


def _step(game: Game, index: int, known: dict[int, history.Step], mode: str) -> history.Step:
    if index in known:
        return known[index]
    start, step = _nearest_checkpoint(game, index, mode)
    for at in range(start, index):
        parsed = history.parse_action(game.actions[at])
        if isinstance(parsed, int):
            if parsed > at:
                raise MalformedMove(f"{game.actions[at]!r} jumps forward")
            step = _step(game, parsed, known, mode)  # only in games older than checkpoints
        else:
            step = history.advance(step, parsed, mode)
    known[index] = step
    return step


def _nearest_checkpoint(game: Game, index: int, mode: str) -> tuple[int, history.Step]:
    found = None
    if game.pk is not None:
        found = game.checkpoints.filter(index__lte=index).order_by("-index").first()
    if found is None:
        deal = deal_position(game.deal, game.draw, game.passes)
        return 0, history.start(deal, mode)
    return found.index, history.Step(Position.from_json(found.position), found.moves, found.score)


def wants_checkpoint(actions: list[str], index: int) -> bool:
    """Whether the step after the first `index` actions is kept as a checkpoint."""
    return index > 0 and (
        index % CHECKPOINT_EVERY == 0 or actions[index - 1].startswith(history.JUMP)
    )


def checkpoint(game: Game, index: int, step: history.Step) -> Checkpoint:
    return Checkpoint(
        game=game, index=index, position=step.position.to_json(), moves=step.moves,
        score=step.score,
    )  # fmt: skip


def cache(step: history.Step, ply: int) -> dict:
    """What `Game.state` keeps of the step at `ply`, for `current` to read back."""
    position = step.position.to_json()
    return {"ply": ply, "position": position, "moves": step.moves, "score": step.score}


def scoring_of(game: Game) -> str:
    """The scoring the game's steps are counted in: Yukon has none."""
    return game.scoring if game.deal.variant == "klondike" else Scoring.NONE


def elapsed_seconds(game: Game) -> int:
    """The game's clock: from its start (its first action) or its last restart, to its end or
    now; 0 before it has a first action."""
    if game.created is None:
        return 0
    end = game.finished or timezone.now()
    return max(0, int((end - game.started).total_seconds()))


def clock(seconds: int | None) -> str:
    """A time as the clock shows it: `754` → `12:34`; an hour or more → `1:02:03`."""
    hours, rest = divmod(int(seconds or 0), 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"
