"""The look-back's memo, one per process: the walk each game last made here
(`lookback.look_back_on`), kept so that a lost line played on walks again from where it
stopped, reading only the steps whose verdicts may still change, instead of replaying the
game. A memo is a cache: the look-back checks it against the game's actions before trusting
it, and a process without one walks the whole line.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from dataclasses import dataclass

from games.engine.positions import Position
from games.models import Game
from solver.search.verdict import Verdict

from . import carry


@dataclass(frozen=True, slots=True)
class Seen:
    """A step on a look-back's way: its key and move count, its position where it is kept,
    the action played from it, whether that action can go straight back (None: not worked
    out yet), and the verdict an earlier walk found proven (a win or a loss). What is proven
    of a position stands, its proof swept since or not, so that step's verdict is not read
    again."""

    key: str
    moves: int
    position: Position | None
    action: str
    reversible: bool | None = None
    proven: str | None = None


@dataclass(frozen=True, slots=True)
class Memo:
    """A walk this process made that stopped at step `first` (winnable, or not yet checked;
    the start, 0, when it found every step lost): the game's step count and a hash of its
    deal and actions then, its current step's key, and the steps walked, from `first` up
    (keys, move counts, proven verdicts and, where a verdict may still change, whether the
    move on from it can go straight back; the position of a step not yet checked, to ask
    for it again)."""

    upto: int
    history: int
    at: str
    first: int
    seen: tuple[Seen, ...]


_MEMOS: OrderedDict[int, Memo] = OrderedDict()  # by game, the most recently walked last
# Bounds: about 170 bytes a step kept, and a position (about 4 KB) for the step a walk
# stopped at unchecked, so 38 MB a process at the very worst, a few MB as games are (a lost
# line's walk is rarely more than a few dozen steps long).
_MEMO_GAMES, _MEMO_STEPS = 1_000, 200
_lock = threading.Lock()


def fingerprint(game: Game, actions: list[str]) -> int:
    """The game's deal and `actions`, hashed: a memo stands for the game while it is equal."""
    return hash((game.deal_id, game.draw, game.passes, tuple(actions)))


def recall(game: int) -> Memo | None:
    """The walk this process last made for the game, if it still keeps it."""
    with _lock:
        return _MEMOS.get(game)


def keep(game: Game, at: str, walked: list[Seen], found: dict[str, str], first: int) -> None:
    """Keep a walk of the game, standing at the step keyed `at`, for its next walk: `walked`
    from the step it stopped at (step `first` of the game) up, and the verdicts `found` on the
    way; or forget the game's walk when these cannot be kept (`_kept`)."""
    kept = _kept(walked, found)
    with _lock:
        if kept is None:
            _MEMOS.pop(game.pk, None)
        else:
            _MEMOS[game.pk] = Memo(len(game.actions), fingerprint(game, game.actions), at, first,
                                   kept)  # fmt: skip
            _MEMOS.move_to_end(game.pk)
            while len(_MEMOS) > _MEMO_GAMES:
                _MEMOS.popitem(last=False)


def _kept(walked: list[Seen], found: dict[str, str]) -> tuple[Seen, ...] | None:
    """What a memo keeps of the steps walked (the one the walk stopped at first), from the
    verdicts `found` on the walk: the key and move count, the verdict where it is proven,
    reversibility where a verdict may still change, and the position of a step with no
    verdict; None when there are too many or one's proof was deleted meanwhile (its
    reversibility unknown and its position gone)."""
    if len(walked) > _MEMO_STEPS:
        return None
    kept = []
    for each in walked:
        if each.proven is not None and each.position is None:
            kept.append(each)  # kept by the memo before
            continue
        proven = each.proven or found.get(each.key)
        if proven in (Verdict.WIN, Verdict.LOSS):
            kept.append(Seen(each.key, each.moves, None, "", proven=proven))
            continue
        if each.key not in found and each.position is not None:
            kept.append(each)  # not checked yet: to be asked for again
            continue
        reversible = each.reversible
        if reversible is None and each.position is None:
            return None
        elif reversible is None:
            reversible = carry.reversible(each.position, each.action)
        kept.append(Seen(each.key, each.moves, None, "", reversible))
    return tuple(kept)
