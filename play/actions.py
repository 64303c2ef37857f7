"""A player's actions on a game, behind the guards of DESIGN.md §5 (exists and is yours →
not finished → ply is current → legal → apply and save with one conditional UPDATE)."""

from __future__ import annotations

from contextlib import nullcontext
from dataclasses import dataclass, replace

from django.db import IntegrityError, transaction
from django.utils import timezone

from daily.services import attempts
from games import rows
from games.engine import history
from games.engine.cards import Card
from games.engine.finish import finishing_moves
from games.engine.modes import Mode
from games.engine.moves import IllegalMove, Move
from games.engine.positions import Position
from games.models import MAX_ACTIONS, Checkpoint, Deal, Game, Result, new_slug
from games.steps import cache, checkpoint, current, scoring_of, step_at, wants_checkpoint
from races import referee
from ratings.services import outcomes as rated
from solver.deadends import carry

from . import review
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
    # The position the player's page showed, for an answer that sends only what changed:
    # set by a move, an undo, a redo, a jump back and a restart
    shown: Position | None = None
    # Steps reached on the way, by index, for checkpoints (games.steps)
    reached: tuple[tuple[int, history.Step], ...] = ()
    dropped: int | None = None  # an undo: the checkpoints after this step go
    # What is known of where the action led (and of where a move came from), read by the
    # statement that saved it: the answer's dead-end check reads nothing more (_save)
    known: carry.Read | None = None


TOO_LONG = (
    f"This game has reached {MAX_ACTIONS:,} actions, the most a game may have: undo, finish "
    "or resign it, or start a new one."
)


def unstarted(player: str, deal: Deal, mode: Mode) -> Game:
    """The game a player would start on this deal and mode, unsaved: what a page shows until
    its first action (looking at a page writes nothing)."""
    return Game(player=player, deal=deal, **mode.stored)


def playing(player: str, number: int, mode: Mode) -> Game | None:
    """The player's unfinished game on this deal and mode, if there is one (reads only)."""
    games = Game.objects.select_related("deal").filter(player=player, result="", **mode.stored)
    return games.filter(deal__variant=mode.variant, deal__number=number).first()


def try_first(game: Game, action: str, ply: int, move: Move | None = None, step: int = 0):
    """Try the first action on an unstarted game in memory, writing nothing, so that a
    refused one stores nothing; raises StaleAction (not made on the deal), IllegalMove."""
    if ply != 0:
        raise StaleAction
    if action not in ("hint", "resign"):  # a hint or resigning is always allowed
        _jump(game, step) if action == "jump" else _ACTIONS[action](game, move)


def start_game(player: str, deal: Deal, mode: Mode) -> Game:
    """The player's unfinished game on this deal and mode, created by its first action.
    One per player, deal and mode (a constraint): of two first actions at once, one creates
    it and the other finds it. The start is recorded with it (first attempts rest on it)."""
    game = unstarted(player, deal, mode)
    try:
        with transaction.atomic():
            game.save(force_insert=True)
            attempts.record_start(game)
        return game
    except IntegrityError:
        games = Game.objects.select_related("deal")
        return games.get(player=player, deal=deal, result="", **mode.stored)


def read_playable(game: int | Game, player: str, ply: int) -> Game:
    """The player's game (by id, or as the caller has just read it: one query less on the
    move path), if it is still being played and at `ply`; raises Game.DoesNotExist,
    GameOver, StaleAction. The action's conditional UPDATE makes a game read a moment ago
    as safe as one read now."""
    if not isinstance(game, Game):
        game = Game.objects.select_related("deal").get(pk=game, player=player)
    elif game.player != player:
        raise Game.DoesNotExist
    if game.result:
        raise GameOver("This game is over")
    if ply != game.ply:
        raise StaleAction
    return game


def act(
    game_id: int | Game, player: str, action: str, ply: int, move: Move | None = None, step: int = 0
) -> Done:
    """Apply one action under the guards; raises Game.DoesNotExist, GameOver, StaleAction,
    IllegalMove. Two identical requests at once apply once: the write is one UPDATE that only
    lands while the game is still at the version it was read at, so of two requests made on
    the same ply the second finds it moved on and applies nothing. No lock is held while the
    rules run. A move that wins marks the game won in that same UPDATE, and counts the win
    in the player's record in the same transaction: if the UPDATE finds the game moved on,
    the record is left as it was."""
    game = read_playable(game_id, player, ply)
    rating = rated_guard(game, action)
    done = _jump(game, step) if action == "jump" else _ACTIONS[action](game, move)
    if done.step.position.is_won and not game.result:
        _won(game, done.step)
    if not game.result:
        done = _save(game, done)
        if rating is not None and action in rated.ASSISTS:  # a forged one: applied, unrated
            rated.unrate(game, action)
        referee.counted(game, done.step)  # a racer's game: the race and its strip follow
        return done
    # The game ends: its record and its rating move in the transaction of its UPDATE, so
    # a second post that finds the game moved on changes neither (ratings.services.outcomes).
    with transaction.atomic():
        if game.result == Result.WON:
            game.new_record = count_win(game, done.step)
        _save(game, done)
        if rating is not None:
            rated.settle(game, rating)
    referee.counted(game, done.step)
    return done


def rated_guard(game: Game, action: str) -> str | None:
    """Before an action on a rated game being played: end it as lost if it already is
    (abandoned, or its position proven lost: raises GameOver). Returns why it would be lost
    if the action resigns, or None when the game is not rated (any more). An assist (a rated
    game's page offers none) unrates it once it is applied: one refused changes nothing."""
    if rated.being_played(game) is None:
        return None
    why = rated.over(game, timezone.now())
    if why and not (action == "resign" and why == rated.PROVEN_LOST):
        rated.end_lost(game, why)
        raise GameOver(f"This rated game is over: lost, {why}.")
    return why or rated.RESIGNED


def _save(game: Game, done: Done) -> Done:
    """Write what an action changes, if the game is still at the version it was read at
    (hints are counted by `hint` alone, so a hint asked meanwhile is not written over). The
    checkpoints it reaches or takes back go in the same transaction; most actions have
    none, and are one statement. A game that goes on reads, in that same statement, what
    is known of where it stands (and of where a move came from): `done` comes back with
    it, for the check its answer asks for (play.banner, solver.deadends.checks.request)."""
    kept = [
        checkpoint(game, index, step)
        for index, step in done.reached
        if wants_checkpoint(game.actions, index)
    ]
    keys = () if game.result else carry.keys_of(done.step.position, done.before)
    with nullcontext() if not kept and done.dropped is None else transaction.atomic():
        if keys:
            found = rows.save_reading(game, *carry.read_query(list(keys)))
        else:
            found = [] if rows.save_at(game) else None
        if found is None:
            raise StaleAction
        if done.dropped is not None:
            Checkpoint.objects.filter(game=game, index__gt=done.dropped).delete()
        Checkpoint.objects.bulk_create(
            kept, update_conflicts=True, unique_fields=["game", "index"],
            update_fields=["position", "moves", "score"],
        )  # fmt: skip
    if not keys:
        return done
    known = carry.Read(done.step.position, done.before, keys, carry.rows_of(found))
    return replace(done, known=known)


def _arrive(
    game: Game, step: history.Step, actions: list[str], redo: list[str], capped: bool = True
) -> Done:
    """Set the game's actions and redo list, with `step` as where they lead. Refuses an
    action that would take the game past MAX_ACTIONS (`capped`; finishing, at most 52 moves,
    is always allowed)."""
    if capped and len(actions) > len(game.actions) and len(game.actions) >= MAX_ACTIONS:
        raise IllegalMove(TOO_LONG)
    reached = ((len(actions), step),) if len(actions) > len(game.actions) else ()
    game.actions, game.redo = actions, redo
    game.state = cache(step, len(actions))
    return Done(game, step, reached=reached)


def _move(game: Game, move: Move) -> Done:
    step = current(game)
    if move.card is not None and _is_face_down(step.position, move.card):
        # One answer for every hidden card (DESIGN §5): the engine's own refusals tell a
        # card in the stock from one under a column, which a forged POST could sort out.
        raise IllegalMove("That card is face down")
    after = history.advance(step, move, scoring_of(game))
    done = _arrive(game, after, [*game.actions, str(move)], [])
    return replace(done, before=step.position, shown=step.position)


def _is_face_down(position: Position, card: Card) -> bool:
    pile, index = position.locate(card) or ("", 0)
    return pile == "stock" or (pile == "t" and card in position.tableau[index].down)


def _undo(game: Game, move: Move | None) -> Done:
    if not game.actions:
        raise IllegalMove("Nothing to undo yet")
    game.undos += 1
    shown = current(game).position
    last = len(game.actions)
    before_last = step_at(game, last - 1)
    dropped = last - 1 if wants_checkpoint(game.actions, last) else None
    done = _arrive(game, before_last, game.actions[:-1], [*game.redo, game.actions[-1]])
    return replace(done, dropped=dropped, shown=shown)


def _redo(game: Game, move: Move | None) -> Done:
    if not game.redo:
        raise IllegalMove("Nothing to redo")
    action = game.redo[-1]
    parsed = history.parse_action(action)
    last = current(game)
    if isinstance(parsed, int):
        if parsed > len(game.actions):
            raise IllegalMove("There is no such earlier position")
        done = _arrive(game, step_at(game, parsed), [*game.actions, action], game.redo[:-1])
        return replace(done, shown=last.position)
    step = history.advance(last, parsed, scoring_of(game))
    done = _arrive(game, step, [*game.actions, action], game.redo[:-1])
    return replace(done, before=last.position, shown=last.position)


def _jump(game: Game, index: int) -> Done:
    """Back to an earlier step, kept as one action so that undo brings you here again."""
    if not 0 <= index < len(game.actions):
        raise IllegalMove("There is no such earlier position")
    shown = current(game).position
    done = _arrive(game, step_at(game, index), [*game.actions, history.jump(index)], [])
    return replace(done, shown=shown)


def _restart(game: Game, move: Move | None) -> Done:
    """Back to the deal, and the clock back to zero: the time of a win counts from the last
    restart."""
    if current(game).moves == 0:
        raise IllegalMove("The game is already at its start")
    game.started = timezone.now()
    return _jump(game, 0)


def _finish(game: Game, move: Move | None) -> Done:
    step = current(game)
    moves = finishing_moves(step.position)
    if moves is None:
        raise IllegalMove("Not yet: finishing needs every card face up and in order")
    scoring = scoring_of(game)
    reached = []
    for at, each in enumerate(moves, start=len(game.actions) + 1):
        step = history.advance(step, each, scoring)
        reached.append((at, step))
    done = _arrive(game, step, game.actions + [str(m) for m in moves], [], capped=False)
    return replace(done, finished_moves=len(moves), reached=tuple(reached))


def _resign(game: Game, move: Move | None) -> Done:
    step = current(game)
    _end(game, Result.RESIGNED, step)
    # The review reads verdicts kept only while games being played need them (retention):
    # what it found is kept with the game. Checks still waiting are dropped now it is over.
    game.review = review.stored(game)
    return Done(game, step)


def _won(game: Game, step: history.Step) -> None:
    """The move to `step` won the game: it ends, and is saved as won with that move."""
    _end(game, Result.WON, step)


def _end(game: Game, result: Result, step: history.Step) -> None:
    game.result = result
    game.finished = timezone.now()
    game.replay_slug = new_slug()  # the replay's own secret address, given out by the player
    game.moves = step.moves


_ACTIONS = {
    "move": _move,
    "undo": _undo,
    "redo": _redo,
    "restart": _restart,
    "finish": _finish,
    "resign": _resign,
}
