"""Hints: the next move of a line the solver proved wins from the current position.

A hint never searches inside the request: it reads the first move the current position's
row keeps (one indexed read). A player who follows a stored line finds each position on it
known, its row written by the move that reached it (solver.deadends.carry.derive); when
none is known yet the hint asks for the position's check (once: the same wanted position is
never queued twice) and the page polls for the answer, as the dead-end banner does.

"Go back the way you came" is no hint, though it is the first move of the line stored for a
position reached by a move that can go straight back from a winnable one (carry.derive
proves it winnable by that move back, with no search). For such a line another move known
to win is shown; with none known, the position gets a check of its own (a recheck), and the
move back is shown only if that check finds nothing better.
"""

from __future__ import annotations

from django.db.models import F
from django.utils import timezone

from games.engine import history
from games.engine.moves import Move, MoveError
from games.engine.positions import Position
from games.engine.rules import apply, first_foundation_for, legal_moves
from games.models import Game
from games.steps import current, step_at
from ratings.services import outcomes as rated
from solver.deadends import checks
from solver.deadends.models import PENDING, PositionVerdict, position_key
from solver.search.verdict import Verdict

from .actions import Done, rated_guard, read_playable


def hint(game_id: int, player: str, ply: int) -> Done:
    """The next move of a winning line from the current position, counted as a hint; or
    what stands in its way (`Done.hint_state`: "pending" while the position is checked,
    "loss" or "unknown"). Raises Game.DoesNotExist, GameOver, StaleAction."""
    game = read_playable(game_id, player, ply)
    rating = rated_guard(game, "hint")
    step = current(game)
    # Counted first, in a statement of its own: the check is asked for outside any
    # transaction (see queue.add), and a hint counted whose answer was lost to a crash
    # costs the player less than a hint shown uncounted.
    Game.objects.filter(pk=game.pk).update(hints=F("hints") + 1, updated=timezone.now())
    if rating is not None:  # a rated game offers no hint: a forged one unrates it
        rated.unrate(game, "hint")
    state = checks.request(game, step.position)
    game.hints += 1
    move, state = answer(game, step.position, state, ask=True)
    return Done(game, step, hint=move, hint_state=state)


def answer(
    game: Game, position: Position, state: str, ask: bool = False
) -> tuple[Move | None, str]:
    """The hint at the game's current `position`, whose verdict is `state`, and the state
    the page shows with it. A stored line that starts back the way the player came gives way
    to another move known to win; with none, `ask` (the hint's POST) asks for a check of the
    position and the answer is "pending" until it is done (the page's polls)."""
    if state != Verdict.WIN:
        return None, state
    move = known_hint(position)
    if move is None or not _goes_back(game, position, move):
        return move, state
    onward = _onward(position, move)
    if onward is not None:
        return onward, state
    if ask:
        checks.recheck(game, position)
        return None, PENDING
    if checks.waiting(game, position):
        return None, PENDING
    return move, state  # the check found nothing better: back it is


def known_hint(position: Position) -> Move | None:
    """The first move of the stored winning line from `position`, if one is stored."""
    text = (
        PositionVerdict.objects.filter(key=position_key(position), verdict=Verdict.WIN)
        .values_list("move", flat=True)
        .first()
    )
    if not text:
        return None
    move = Move.parse(text)
    if move.target == "f":  # name the slot, so the page can mark the foundation it goes to
        move = Move(move.card, f"f{first_foundation_for(position, move.card) + 1}")
    return move


def _goes_back(game: Game, position: Position, move: Move) -> bool:
    """Whether `move` takes the game's position straight back to the step before it, the
    way the game's last action, a move of the same card, came."""
    last = history.parse_action(game.actions[-1]) if game.actions else None
    if not isinstance(last, Move) or last.card is None or last.card != move.card:
        return False
    before = step_at(game, len(game.actions) - 1).position
    try:
        return apply(position, move) == before
    except MoveError:  # a stored move that no longer replays (it never should)
        return False


def _onward(position: Position, back: Move) -> Move | None:
    """Another move from `position`, not `back`, to a position known winnable (the shortest
    stored line first); one query."""
    behind = apply(position, back)
    onward = {}
    for move in legal_moves(position):
        after = apply(position, move)
        if after != behind:
            onward[position_key(after)] = move
    won = PositionVerdict.objects.filter(key__in=onward, verdict=Verdict.WIN)
    key = won.order_by("length", "key").values_list("key", flat=True).first()
    return onward.get(key)
