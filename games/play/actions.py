"""A player's actions on a game, behind the guards of DESIGN.md §5 (exists and is yours →
not finished → ply is current → legal → apply and save with one conditional UPDATE)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db import transaction
from django.utils import timezone

from ..engine import history
from ..engine.cards import Card
from ..engine.finish import finishing_moves
from ..engine.moves import IllegalMove, Move
from ..engine.positions import Position
from ..engine.scoring import passes_for
from ..models import Deal, Game, Result
from ..steps import cache, current, scoring_of, steps
from .records import count_win


class StaleAction(Exception):
    """The action was made on an older board (or was sent twice): nothing was applied."""


class GameOver(Exception):
    """The game is finished: no more actions."""


@dataclass(frozen=True)
class Done:
    """What an action changed, for the page to say."""

    game: Game
    step: history.Step
    hint: Move | None = None
    hint_state: str = ""  # for a hint: the position's verdict, "pending" while checked
    finished_moves: int = 0
    before: Position | None = None  # the position a move or redo was made from


def start_game(player: str, deal: Deal, draw: int | None, scoring: str) -> Game:
    """The player's unfinished game on this deal and mode, or a new one."""
    passes = passes_for(scoring, draw) if draw else None
    mode = {"deal": deal, "draw": draw, "scoring": scoring, "passes": passes}
    game = Game.objects.filter(player=player, result="", **mode).order_by("-pk").first()
    return game or Game.objects.create(player=player, **mode)


def read_playable(game_id: int, player: str, ply: int) -> Game:
    """The player's game, if it is still being played and at `ply`; raises
    Game.DoesNotExist, GameOver, StaleAction."""
    game = Game.objects.select_related("deal").get(pk=game_id, player=player)
    if game.result:
        raise GameOver("This game is over")
    if ply != game.ply:
        raise StaleAction
    return game


def act(
    game_id: int, player: str, action: str, ply: int, move: Move | None = None, step: int = 0
) -> Done:
    """Apply one action under the guards; raises Game.DoesNotExist, GameOver, StaleAction,
    IllegalMove. Two identical requests at once apply once: the write is one UPDATE that only
    lands while the game is still at the ply it was read at, so of two requests made on the
    same ply the second finds it moved on and applies nothing. No lock is held while the
    rules run, and a move that wins saves the game and its record in one transaction."""
    game = read_playable(game_id, player, ply)
    done = _jump(game, step) if action == "jump" else _ACTIONS[action](game, move)
    if done.step.position.is_won and not game.result:
        with transaction.atomic():
            _save(game, ply)
            count_win(game, done.step)
    else:
        _save(game, ply)
    return done


def _save(game: Game, read_ply: int) -> None:
    """Write what an action changes, if the game is still at the ply it was read at (hints
    are counted by `hint` alone, so a hint asked meanwhile is not written over)."""
    fields = dict(
        actions=game.actions, redo=game.redo, ply=len(game.actions), state=game.state,
        undos=game.undos, result=game.result, finished=game.finished,
        updated=timezone.now(),
    )  # fmt: skip
    if not Game.objects.filter(pk=game.pk, ply=read_ply, result="").update(**fields):
        raise StaleAction
    game.ply = len(game.actions)


def _arrive(game: Game, step: history.Step, actions: list[str], redo: list[str]) -> Done:
    """Set the game's actions and redo list, with `step` as where they lead."""
    game.actions, game.redo = actions, redo
    game.state = cache(step, len(actions))
    return Done(game, step)


def _move(game: Game, move: Move) -> Done:
    step = current(game)
    if move.card is not None and _is_face_down(step.position, move.card):
        # One answer for every hidden card (DESIGN §5): the engine's own refusals tell a
        # card in the stock from one under a column, which a forged POST could sort out.
        raise IllegalMove("That card is face down")
    after = history.advance(step, move, scoring_of(game))
    done = _arrive(game, after, [*game.actions, str(move)], [])
    return replace(done, before=step.position)


def _is_face_down(position: Position, card: Card) -> bool:
    pile, index = position.locate(card) or ("", 0)
    return pile == "stock" or (pile == "t" and card in position.tableau[index].down)


def _undo(game: Game, move: Move | None) -> Done:
    if not game.actions:
        raise IllegalMove("Nothing to undo yet")
    game.undos += 1
    before_last = steps(game)[-2]
    return _arrive(game, before_last, game.actions[:-1], [*game.redo, game.actions[-1]])


def _redo(game: Game, move: Move | None) -> Done:
    if not game.redo:
        raise IllegalMove("Nothing to redo")
    action = game.redo[-1]
    all_steps = steps(game)
    parsed = history.parse_action(action)
    if isinstance(parsed, int):
        return _arrive(game, all_steps[parsed], [*game.actions, action], game.redo[:-1])
    step = history.advance(all_steps[-1], parsed, scoring_of(game))
    done = _arrive(game, step, [*game.actions, action], game.redo[:-1])
    return replace(done, before=all_steps[-1].position)


def _jump(game: Game, index: int) -> Done:
    """Back to an earlier step, kept as one action so that undo brings you here again."""
    all_steps = steps(game)
    if not 0 <= index < len(all_steps) - 1:
        raise IllegalMove("There is no such earlier position")
    return _arrive(game, all_steps[index], [*game.actions, history.jump(index)], [])


def _restart(game: Game, move: Move | None) -> Done:
    if current(game).moves == 0:
        raise IllegalMove("The game is already at its start")
    return _jump(game, 0)


def _finish(game: Game, move: Move | None) -> Done:
    step = current(game)
    moves = finishing_moves(step.position)
    if moves is None:
        raise IllegalMove("Not yet: finishing needs every card face up and in order")
    scoring = scoring_of(game)
    for each in moves:
        step = history.advance(step, each, scoring)
    done = _arrive(game, step, game.actions + [str(m) for m in moves], [])
    return replace(done, finished_moves=len(moves))


def _resign(game: Game, move: Move | None) -> Done:
    game.result = Result.RESIGNED
    game.finished = timezone.now()
    return Done(game, current(game))


_ACTIONS = {
    "move": _move,
    "undo": _undo,
    "redo": _redo,
    "restart": _restart,
    "finish": _finish,
    "resign": _resign,
}
