"""The look-back on a lost line: the nearest earlier step a player can jump back to, proven
winnable, walking back one position at a time past those lost or undecidable, and asking for
a check of the first one never checked. A move that can go straight back carries a verdict
back with no search (carry.reversible). Each process keeps the walk it last made of a game
(walks), so that a lost line played on walks on from where it stopped.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.history import Step, parse_action
from games.engine.moves import Move
from games.engine.positions import Position
from games.models import Game
from games.steps import steps
from solver.search.verdict import Verdict

from . import carry, walks
from .models import CheckRequest, PositionVerdict, position_key
from .proofs import store_verdicts
from .queue import add


@dataclass(frozen=True)
class Back:
    jump_to: int | None = None  # the nearest earlier step proven winnable
    searching: bool = False  # an earlier position is still undecided
    asked: bool = False  # and a check of it was just asked for (wake a worker)
    jump_moves: int | None = None  # the move count at jump_to (look_back_on only)


def look_back(game: Game, earlier: list[Step], at: str, ask: bool) -> Back:
    """On a lost line: the nearest earlier step proven winnable, walking back one position
    at a time (nearest first) past those lost or undecidable. `earlier` is every step of
    the game before its current one, which is lost and keyed `at`. A step whose move on is
    reversible, to a lost step, is lost with no search (carry.reversible), and to a step the
    checks left undecided, undecided with no search. With `ask`, those are stored, and the
    first step met that was never checked is asked for on behalf of the game, a
    quick check only (tasks.DEEP_BUDGET). Left undecided, it is stepped over as a lost one
    is: the step a jump goes back to is always one proven winnable."""
    return _walk(game, _every_step(game, earlier), 0, at, ask)[0]


def look_back_on(game: Game, step: Step, at: str, ask: bool, before: Position | None) -> Back:
    """`look_back` for the game's current step `step` (lost, keyed `at`), with the move
    count of the step it jumps back to, as `Back.jump_moves`. `before` is the position the
    game's last action, a move, was made from (None for any other action).

    The walk stops at the first step proven winnable or not yet checked, and never looks
    below. So when this process last walked the game's line and stopped at such a step,
    and the game has since made at most one move (its actions before that one unchanged),
    the steps from there up are the same steps: that walk's keys are walked again, and the
    game is not replayed. What that walk found proven stands (the winnable step, the lost
    ones), whether its proof was swept since or not; the undecided steps' verdicts are read
    afresh, and the step not yet checked is asked for again. Anything else, or a walk that
    needs a position it did not keep (below the step it stopped at, when that one was found
    lost meanwhile), replays the game and walks it whole. A move on along a lost line then
    reads the verdicts of the undecided steps on the way, often none, and replays nothing
    (as profiled in process)."""
    memo = walks.recall(game.pk)
    seen = None
    if memo is not None and memo.upto == len(game.actions):
        if memo.history == walks.fingerprint(game, game.actions):
            seen = list(memo.seen)  # the same step again (a poll, a hint)
    elif memo is not None and memo.upto == len(game.actions) - 1 and before is not None:
        last = game.actions[-1]
        # The same actions up to `before`: so `before` is the step walked up to, keyed memo.at.
        if isinstance(parse_action(last), Move) and memo.history == walks.fingerprint(
            game, game.actions[:-1]
        ):
            # Its walk was a look-back from memo.at, so memo.at was lost.
            seen = [
                *memo.seen,
                walks.Seen(memo.at, step.moves - 1, None, last, proven=Verdict.LOSS),
            ]
    if seen is not None:
        walked = _walk(game, seen, memo.first, at, ask)
        # Found all lost above memo.first: the answer below it, unless it is the start.
        if walked is not None and (walked[0] != Back() or memo.first == 0):
            return _remember(game, at, walked, memo.first)
    seen = _every_step(game, steps(game)[:-1])
    return _remember(game, at, _walk(game, seen, 0, at, ask), 0)


def _every_step(game: Game, earlier: list[Step]) -> list[walks.Seen]:
    return [walks.Seen(position_key(each.position), each.moves, each.position, game.actions[index])
            for index, each in enumerate(earlier)]  # fmt: skip


def _remember(game: Game, at: str, walked, first: int) -> Back:
    """The walk's answer, with the steps it walked kept for the game's next walk: from the
    step it stopped at, or all of them when it found none to stop at (lost from the start)."""
    back, seen, found, stop = walked
    stop = 0 if stop is None else stop  # none to stop at: walked from the start (`first` 0)
    walks.keep(game, at, seen[stop:], found, first + stop)
    if back.jump_to is None:
        return back
    return Back(back.jump_to, back.searching, back.asked, seen[stop].moves)


def _walk(game: Game, seen: list[walks.Seen], first: int, at: str, ask: bool):
    """The walk of `look_back` over `seen`, the steps from step `first` up to the current
    one's; returns (Back, seen, the verdicts read or found on the way by key, the index
    in `seen` it stopped at or None), or None, with nothing written, when it needs a
    position `seen` does not keep. The steps an earlier walk found proven are not read: on
    a lost line played on, that leaves only the undecided ones, often none."""
    unread = [each.key for each in seen if each.proven is None]
    known = _verdicts_by_key(unread) if unread else {}
    found: dict[str, str] = {}  # steps found lost, or undecided, by the move after them
    after = Verdict.LOSS  # the verdict of the step after `index`: at first, the game's own
    back, stop = Back(), None
    for index in range(len(seen) - 1, -1, -1):
        each = seen[index]
        verdict = each.proven or known.get(each.key)
        # A step whose move on can go straight back is won or lost with the step after it
        # (carry.derive): lost with a lost one, and undecided, unsearched, with an undecided one.
        if verdict is None or (verdict == Verdict.UNKNOWN and after == Verdict.LOSS):
            reversible = each.reversible
            if reversible is None:
                if each.position is None:
                    return None
                reversible = carry.reversible(each.position, each.action)
            if reversible:
                verdict = found[each.key] = after
        if verdict == Verdict.WIN:
            back, stop = Back(jump_to=first + index), index
            break
        if verdict is None:
            if each.position is None:
                return None
            back = _ask_for(game, each.position, at) if ask else Back(searching=True)
            stop = index
            break
        after = verdict
    if ask and found:
        store_verdicts([(key, verdict, 0, 0.0) for key, verdict in found.items()])
    return back, seen, known | found, stop


def _ask_for(game: Game, position: Position, at: str) -> Back:
    # A lost line asks for the same earlier position on each move until it is decided: the
    # request moves along with the game, and its wake-up still serves it. A quick check only
    # (tasks.DEEP_BUDGET says why): the walk steps over what it leaves undecided.
    again = CheckRequest.objects.filter(game=game, key=position_key(position)).exists()
    return Back(searching=True, asked=add(game, position, at, quick_only=True) and not again)


def _verdicts_by_key(keys) -> dict[str, str]:
    return dict(PositionVerdict.objects.filter(key__in=set(keys)).values_list("key", "verdict"))
