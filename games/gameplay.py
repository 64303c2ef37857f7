"""A game's life on the server: dealing by number, replaying, and applying a player's actions
behind the guards of DESIGN.md §5 (exists and is yours → not finished → ply is current →
legal → apply and save with one conditional UPDATE)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from .engine import history
from .engine.cards import Card
from .engine.deal import deal as engine_deal
from .engine.deal import layout
from .engine.finish import finishing_moves
from .engine.moves import IllegalMove, Move
from .engine.positions import Position
from .hints import hint_for
from .models import Deal, Game, Record, Result, Scoring


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
    finished_moves: int = 0
    before: Position | None = None  # the position a move or redo was made from


# -- deals ----------------------------------------------------------------------------------


def deal_for(variant: str, number: int) -> Deal:
    """The stored deal for a number, dealing and storing it on first use (DESIGN §4)."""
    found = Deal.objects.filter(variant=variant, number=number).first()
    if found:
        return found
    position = engine_deal(variant, number, settings.DEAL_KEY)
    cards = "".join(card.code for card in dealt_order(position))
    try:
        with transaction.atomic():
            return Deal.objects.create(variant=variant, number=number, cards=cards)
    except IntegrityError:  # somebody dealt it a moment ago
        return Deal.objects.get(variant=variant, number=number)


def dealt_order(position: Position) -> list[Card]:
    cards = [card for column in position.tableau for card in column.down + column.up]
    return cards + list(position.stock)


def deal_position(deal: Deal, draw: int | None = None, passes: int | None = None) -> Position:
    cards = tuple(Card.parse(code) for code in deal.card_codes)
    return layout(deal.variant, cards, draw or 1, passes)


def start_game(player: str, deal: Deal, draw: int | None, scoring: str) -> Game:
    """The player's unfinished game on this deal and mode, or a new one."""
    passes = history.scoring.passes_for(scoring, draw) if draw else None
    mode = {"deal": deal, "draw": draw, "scoring": scoring, "passes": passes}
    game = Game.objects.filter(player=player, result="", **mode).order_by("-pk").first()
    return game or Game.objects.create(player=player, **mode)


# -- reading a game -------------------------------------------------------------------------


def steps(game: Game) -> list[history.Step]:
    deal = deal_position(game.deal, game.draw, game.passes)
    return history.replay(deal, game.actions, _mode(game))


def current(game: Game) -> history.Step:
    """The step at the game's ply: from the cache when it matches, else replayed."""
    cached = game.state
    if cached and cached.get("ply") == game.ply == len(game.actions):
        position = Position.from_json(cached["position"])
        return history.Step(position, cached["moves"], cached["score"])
    return steps(game)[-1]


def elapsed_seconds(game: Game) -> int:
    end = game.finished or timezone.now()
    return max(0, int((end - game.created).total_seconds()))


def _mode(game: Game) -> str:
    return game.scoring if game.deal.variant == "klondike" else Scoring.NONE


def _cache(step: history.Step, ply: int) -> dict:
    position = step.position.to_json()
    return {"ply": ply, "position": position, "moves": step.moves, "score": step.score}


# -- acting ---------------------------------------------------------------------------------


def act(
    game_id: int, player: str, action: str, ply: int, move: Move | None = None, step: int = 0
) -> Done:
    """Apply one action under the guards; raises Game.DoesNotExist, GameOver, StaleAction,
    IllegalMove. Two identical requests at once apply once: the write is one UPDATE that only
    lands while the game is still at the ply it was read at, so of two requests made on the
    same ply the second finds it moved on and applies nothing. No lock is held while the
    rules run, and a move that wins saves the game and its record in one transaction."""
    game = Game.objects.select_related("deal").get(pk=game_id, player=player)
    if game.result:
        raise GameOver("This game is over")
    if ply != game.ply:
        raise StaleAction
    done = _jump(game, step) if action == "jump" else _ACTIONS[action](game, move)
    if done.step.position.is_won and not game.result:
        with transaction.atomic():
            _save(game, ply)
            _win(game, done.step)
    else:
        _save(game, ply)
    return done


def _save(game: Game, read_ply: int) -> None:
    """Write what an action changes, if the game is still at the ply it was read at (hints
    are counted by `hint` alone, so a hint asked meanwhile is not written over)."""
    fields = dict(
        actions=game.actions, redo=game.redo, ply=len(game.actions), state=game.state,
        undos=game.undos, result=game.result, finished=game.finished,
    )  # fmt: skip
    if not Game.objects.filter(pk=game.pk, ply=read_ply, result="").update(**fields):
        raise StaleAction
    game.ply = len(game.actions)


def _record(game: Game, step: history.Step, actions: list[str], redo: list[str]) -> Done:
    game.actions, game.redo = actions, redo
    game.state = _cache(step, len(actions))
    return Done(game, step)


def _move(game: Game, move: Move) -> Done:
    step = current(game)
    if move.card is not None and _is_face_down(step.position, move.card):
        # One answer for every hidden card (DESIGN §5): the engine's own refusals tell a
        # card in the stock from one under a column, which a forged POST could sort out.
        raise IllegalMove("That card is face down")
    after = history.advance(step, move, _mode(game))
    done = _record(game, after, [*game.actions, str(move)], [])
    return replace(done, before=step.position)


def _is_face_down(position: Position, card: Card) -> bool:
    pile, index = position.locate(card) or ("", 0)
    return pile == "stock" or (pile == "t" and card in position.tableau[index].down)


def _undo(game: Game, move: Move | None) -> Done:
    if not game.actions:
        raise IllegalMove("Nothing to undo yet")
    game.undos += 1
    before_last = steps(game)[-2]
    return _record(game, before_last, game.actions[:-1], [*game.redo, game.actions[-1]])


def _redo(game: Game, move: Move | None) -> Done:
    if not game.redo:
        raise IllegalMove("Nothing to redo")
    action = game.redo[-1]
    all_steps = steps(game)
    parsed = history.parse_action(action)
    if isinstance(parsed, int):
        return _record(game, all_steps[parsed], [*game.actions, action], game.redo[:-1])
    step = history.advance(all_steps[-1], parsed, _mode(game))
    done = _record(game, step, [*game.actions, action], game.redo[:-1])
    return replace(done, before=all_steps[-1].position)


def _jump(game: Game, index: int) -> Done:
    """Back to an earlier step, recorded as one action so that undo brings you here again."""
    all_steps = steps(game)
    if not 0 <= index < len(all_steps) - 1:
        raise IllegalMove("There is no such earlier position")
    return _record(game, all_steps[index], [*game.actions, history.jump(index)], [])


def _restart(game: Game, move: Move | None) -> Done:
    if current(game).moves == 0:
        raise IllegalMove("The game is already at its start")
    return _jump(game, 0)


def _finish(game: Game, move: Move | None) -> Done:
    step = current(game)
    moves = finishing_moves(step.position)
    if moves is None:
        raise IllegalMove("Not yet: finishing needs every card face up and in order")
    mode = _mode(game)
    for each in moves:
        step = history.advance(step, each, mode)
    done = _record(game, step, game.actions + [str(m) for m in moves], [])
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


def hint(game_id: int, player: str, ply: int) -> Done:
    """The next move of a winning line from the current position, counted as a hint.

    The search runs outside any transaction so that it never holds the game's row.
    Raises Game.DoesNotExist, GameOver, StaleAction."""
    game = Game.objects.select_related("deal").get(pk=game_id, player=player)
    if game.result:
        raise GameOver("This game is over")
    if ply != game.ply:
        raise StaleAction
    step = current(game)
    move = hint_for(step.position)
    Game.objects.filter(pk=game.pk).update(hints=F("hints") + 1)
    game.hints += 1
    return Done(game, step, hint=move)


def _win(game: Game, step: history.Step) -> None:
    game.result = Result.WON
    game.finished = timezone.now()
    seconds = elapsed_seconds(game)
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
            game.new_record = True
        except IntegrityError:
            record = mine.select_for_update().get()
    if record is not None:
        game.new_record = step.moves < record.best_moves
        record.wins += 1
        if game.new_record or (step.moves == record.best_moves and seconds < record.best_seconds):
            record.best_moves, record.best_seconds = step.moves, seconds
        record.save(update_fields=["wins", "best_moves", "best_seconds", "updated"])
    Game.objects.filter(pk=game.pk).update(
        result=game.result, finished=game.finished, new_record=game.new_record
    )
