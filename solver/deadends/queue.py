"""The dead-end checks' schedule: which wanted check a worker searches next.

A check is asked for when a player reaches a position (a POSTed action), never by looking
at a page. The worker takes the newest wanted request first (players wait for the position
they just reached, not one they left a minute ago), drops requests whose game has moved on
before searching them, and searches a position once however many games want it. A new
request replaces its game's requests from positions the game has left, and a player has at
most MAX_PER_PLAYER requests waiting: a new one pushes their oldest out.

django.tasks only wakes a worker, and a woken worker drains the queue (tasks.drain): a
request asks for a wake-up only when no worker is draining and none is waiting. The order
lives here.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from dataclasses import dataclass
from datetime import timedelta

from django.db import connection
from django.db.models import Q
from django.utils import timezone

from games.engine.history import Step, parse_action
from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import move_back
from games.models import Game
from games.steps import current, steps

from . import lease
from .models import Check, CheckRequest, PositionVerdict, position_key
from .proofs import store_verdicts

MAX_PER_PLAYER = 3
# The `at` of a check asked for a finished game: the winning line shown once it is over (its
# player stopped, so nothing is spoilt). It stays wanted while the game stays finished.
AFTER_THE_GAME = "after the game"
# A check claimed by a db_worker is its worker's while the worker's lease lasts (`lease`): a
# few seconds after the worker dies, the next wake-up takes it again. A check claimed with no
# worker named (a search run in-process) is taken again once it has been claimed this long,
# longer than any check's budget.
RETRY_AFTER = timedelta(seconds=30)


# The request, or its game's request for the same position asked again (now from `at`).
_ADD = """INSERT INTO {requests} (game_id, player, key, position, at, deep, quick_only,
    came_from, recheck, requested, started, worker)
    VALUES (%s, %s, %s, %s, %s, FALSE, %s, %s, %s, %s, NULL, '')
ON CONFLICT (game_id, key) DO UPDATE SET at = excluded.at, requested = excluded.requested,
    recheck = excluded.recheck, quick_only = excluded.quick_only,
    came_from = excluded.came_from"""
# The player's requests not yet started that the game has moved on from or that are beyond
# the player's newest MAX_PER_PLAYER (parameters: player, game, at, player, MAX_PER_PLAYER).
_REPLACED = """DELETE FROM {requests} WHERE player = %s AND started IS NULL AND (
    (game_id = %s AND at <> %s) OR id NOT IN (
        SELECT id FROM {requests} WHERE player = %s ORDER BY requested DESC, id DESC LIMIT %s))"""


def add(
    game: Game,
    position: Position,
    at: str,
    recheck: bool = False,
    quick_only: bool = False,
    came_from: str = "",
) -> bool:
    """Ask for `position`'s check for `game`, which stands at the position keyed `at`; a
    `recheck` is searched even though the position is decided (see checks.recheck), a
    `quick_only` check is never searched deep (tasks.DEEP_BUDGET), and `came_from` is the
    key of the position the player's move to `position` was made from.
    Returns whether a worker should be woken for it: not when this pushed one of the
    player's older requests out (that one's wake-up serves this)."""
    ops, requests = connection.ops, connection.ops.quote_name(CheckRequest._meta.db_table)
    now = ops.adapt_datetimefield_value(timezone.now())
    row = [game.pk, game.player, position_key(position),
           ops.adapt_json_value(position.to_json(), None), at, quick_only, came_from, recheck,
           now]  # fmt: skip
    # Both statements in SQL of their own: building them with the ORM cost more CPU on every
    # move that asks for a check than sending and running them (a profile of moves).
    with connection.cursor() as cursor:
        cursor.execute(_ADD.format(requests=requests), row)
        # What this request replaces, not yet started: the game's requests from where it
        # stood before (wanted no more), and the player's beyond the newest few. One
        # statement (the newest a subquery): every statement here locks a player's rows in
        # the same index order, so two of the player's requests at once queue up rather than
        # deadlock. Callers hold no transaction open around `add` for that reason.
        cursor.execute(_REPLACED.format(requests=requests),
                       [game.player, game.pk, at, game.player, MAX_PER_PLAYER])  # fmt: skip
        replaced = cursor.rowcount
    # A request not yet started is one a drain will still look at (tasks.drain: a wake-up
    # waiting, or a worker draining that has yet to stop): what served the replaced one
    # serves this one, which was stored before it was deleted.
    return not replaced


def claim(worker: str = "") -> CheckRequest | None:
    """The newest wanted request, claimed for a search (`claim_some`, one position)."""
    return next(iter(claim_some(worker, 1)), None)


def claim_some(worker: str = "", limit: int = 1) -> list[CheckRequest]:
    """Up to `limit` of the newest wanted requests for distinct positions, claimed for a search
    (by `worker`, the db_worker's id) along with every other request for the same positions;
    one request per position, in the order to search them. Requests whose game has moved on,
    or whose position was decided meanwhile (unless asked as a recheck), are deleted on the
    way, unsearched. Quick checks come before deep ones. A request claimed by a worker whose
    lease ran out is free again."""
    while True:
        now = timezone.now()
        rows, decided = _claim(worker, limit, now)
        if not rows:
            return []
        games = Game.objects.select_related("deal").in_bulk({row.game_id for row in rows})
        kept, dropped = {}, []
        for row in rows:
            row.game = games.get(row.game_id)
            if row.game is None or (row.key in decided and not row.recheck) or not wanted(row):
                dropped.append(row.pk)
            else:
                kept.setdefault(row.key, row)  # the newest first: it stands for its position
        if dropped:
            CheckRequest.objects.filter(pk__in=dropped).delete()
        if kept:
            return list(kept.values())
        # every one was moved on from or decided: look again


def _claim(worker: str, limit: int, now) -> tuple[list[CheckRequest], set[str]]:
    """Claim the free requests of up to `limit` positions, the newest first; returns them
    (newest first) and the keys of those already decided."""
    if connection.vendor == "postgresql":
        return _claim_postgresql(worker, limit, now)
    free = _free(now)
    newest = CheckRequest.objects.filter(free).order_by("deep", "-requested", "-pk")
    keys = set(newest.values_list("key", flat=True)[:limit])
    CheckRequest.objects.filter(free, key__in=keys).update(started=now, worker=worker)
    mine = CheckRequest.objects.filter(key__in=keys, started=now, worker=worker)
    rows = list(mine.order_by("deep", "-requested", "-pk"))
    decided = set(PositionVerdict.objects.filter(key__in=keys).values_list("key", flat=True))
    return rows, decided


def _free(now) -> Q:
    return (
        Q(started__isnull=True)
        | Q(started__lt=now - RETRY_AFTER)
        | (~Q(worker="") & ~Q(worker__in=lease.live(now)))
    )


# One statement: the newest free requests' positions (locked, skipping what another worker is
# claiming), then every free request for those positions (the same), claimed; each comes back
# with its position's verdict, if one was stored meanwhile. SKIP LOCKED at both levels: two
# workers never wait on each other's rows, so they cannot deadlock.
_CLAIM = """
UPDATE {requests} SET started = %(now)s, worker = %(worker)s
WHERE id IN (
    SELECT id FROM {requests} WHERE {free} AND key IN (
        SELECT key FROM {requests} WHERE {free}
        ORDER BY deep, requested DESC, id DESC LIMIT %(limit)s FOR UPDATE SKIP LOCKED
    ) FOR UPDATE SKIP LOCKED
)
RETURNING id, game_id, player, key, position, at, deep, quick_only, came_from, recheck,
    requested, (SELECT verdict FROM {verdicts} v WHERE v.key = {requests}.key)
"""
_FREE = """(started IS NULL OR started < %(retry)s OR (worker <> '' AND worker NOT IN (
    SELECT worker FROM {leases} WHERE renewed >= %(live)s)))"""


def _claim_postgresql(worker: str, limit: int, now) -> tuple[list[CheckRequest], set[str]]:
    names = {"requests": CheckRequest._meta.db_table, "verdicts": PositionVerdict._meta.db_table,
             "leases": lease.WorkerLease._meta.db_table}  # fmt: skip
    sql = _CLAIM.format(free=_FREE.format(**names), **names)
    params = {"now": now, "worker": worker, "limit": limit, "retry": now - RETRY_AFTER,
              "live": now - lease.LEASE}  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    rows, decided = [], set()
    for pk, game, player, key, position, at, deep, quick, came, recheck, when, verdict in found:
        if isinstance(position, str):
            position = json.loads(position)
        rows.append(CheckRequest(pk=pk, game_id=game, player=player, key=key, position=position,
                                 at=at, deep=deep, quick_only=quick, came_from=came,
                                 recheck=recheck, requested=when, started=now,
                                 worker=worker))  # fmt: skip
        if verdict is not None:
            decided.add(key)
    rows.sort(key=lambda row: (row.deep, -row.requested.timestamp(), -row.pk))
    return rows, decided


def release(keys, worker: str) -> int:
    """Give back, unsearched, the requests for `keys` that `worker` claimed: the next claim
    takes them again, newest first."""
    mine = CheckRequest.objects.filter(key__in=keys, worker=worker, started__isnull=False)
    return mine.update(started=None, worker="")


def waiting() -> bool:
    """Is any request waiting that no worker has claimed?"""
    return CheckRequest.objects.filter(started__isnull=True).exists()


def wanted(row: CheckRequest) -> bool:
    """Is the request's game still where it stood when it asked (or, asked after the game,
    still over)?"""
    game = row.game
    if row.at == AFTER_THE_GAME:
        return bool(game.result)
    return not game.result and position_key(current(game).position) == row.at


def pending(game: Game) -> bool:
    """Does the game wait for any check?"""
    return CheckRequest.objects.filter(game=game).exists()


def verdicts(positions: list[Position]) -> list[str | None]:
    """The verdict of each position ("win", "loss", "unknown"), None if not decided."""
    keys = [position_key(position) for position in positions]
    found = _verdicts_by_key(keys)
    return [found.get(key) for key in keys]


def _verdicts_by_key(keys) -> dict[str, str]:
    return dict(PositionVerdict.objects.filter(key__in=set(keys)).values_list("key", "verdict"))


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
    reversible, to a lost step, is lost with no search (`_reversible`), and to a step the
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
    (a profile of moves with checks)."""
    memo = _memo(game.pk)
    seen = None
    if memo is not None and memo.upto == len(game.actions):
        if memo.history == _history(game, game.actions):
            seen = list(memo.seen)  # the same step again (a poll, a hint)
    elif memo is not None and memo.upto == len(game.actions) - 1 and before is not None:
        last = game.actions[-1]
        # The same actions up to `before`: so `before` is the step walked up to, keyed memo.at.
        if isinstance(parse_action(last), Move) and memo.history == _history(
            game, game.actions[:-1]
        ):
            # Its walk was a look-back from memo.at, so memo.at was lost.
            seen = [*memo.seen, _Seen(memo.at, step.moves - 1, None, last, proven=Check.LOSS)]
    if seen is not None:
        walked = _walk(game, seen, memo.first, at, ask)
        # Found all lost above memo.first: the answer below it, unless it is the start.
        if walked is not None and (walked[0] != Back() or memo.first == 0):
            return _remember(game, at, walked, memo.first)
    seen = _every_step(game, steps(game)[:-1])
    return _remember(game, at, _walk(game, seen, 0, at, ask), 0)


def _every_step(game: Game, earlier: list[Step]) -> list[_Seen]:
    return [_Seen(position_key(each.position), each.moves, each.position, game.actions[index])
            for index, each in enumerate(earlier)]  # fmt: skip


@dataclass(frozen=True, slots=True)
class _Seen:
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
class _Memo:
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
    seen: tuple[_Seen, ...]


_MEMOS: OrderedDict[int, _Memo] = OrderedDict()  # by game, the most recently walked last
# Bounds: about 170 bytes a step kept, and a position (about 4 KB) for the step a walk
# stopped at unchecked, so 38 MB a process at the very worst, a few MB as games are (a lost
# line's walk is rarely more than a few dozen steps long).
_MEMO_GAMES, _MEMO_STEPS = 1_000, 200
_memo_lock = threading.Lock()


def _history(game: Game, actions: list[str]) -> int:
    return hash((game.deal_id, game.draw, game.passes, tuple(actions)))


def _memo(game: int) -> _Memo | None:
    with _memo_lock:
        return _MEMOS.get(game)


def _remember(game: Game, at: str, walked, first: int) -> Back:
    """The walk's answer, with the steps it walked kept for the game's next walk: from the
    step it stopped at, or all of them when it found none to stop at (lost from the start)."""
    back, seen, found, stop = walked
    stop = 0 if stop is None else stop  # none to stop at: walked from the start (`first` 0)
    kept = _kept(seen[stop:], found)
    with _memo_lock:
        if kept is None:
            _MEMOS.pop(game.pk, None)
        else:
            _MEMOS[game.pk] = _Memo(len(game.actions), _history(game, game.actions), at,
                                    first + stop, kept)  # fmt: skip
            _MEMOS.move_to_end(game.pk)
            while len(_MEMOS) > _MEMO_GAMES:
                _MEMOS.popitem(last=False)
    if back.jump_to is None:
        return back
    return Back(back.jump_to, back.searching, back.asked, seen[stop].moves)


def _kept(walked: list[_Seen], found: dict[str, str]) -> tuple[_Seen, ...] | None:
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
        if proven in (Check.WIN, Check.LOSS):
            kept.append(_Seen(each.key, each.moves, None, "", proven=proven))
            continue
        if each.key not in found and each.position is not None:
            kept.append(each)  # not checked yet: to be asked for again
            continue
        reversible = each.reversible
        if reversible is None and each.position is None:
            return None
        elif reversible is None:
            reversible = _reversible(each.position, each.action)
        kept.append(_Seen(each.key, each.moves, None, "", reversible))
    return tuple(kept)


def _walk(game: Game, seen: list[_Seen], first: int, at: str, ask: bool):
    """The walk of `look_back` over `seen`, the steps from step `first` up to the current
    one's; returns (Back, seen, the verdicts read or found on the way by key, the index
    in `seen` it stopped at or None), or None, with nothing written, when it needs a
    position `seen` does not keep. The steps an earlier walk found proven are not read: on
    a lost line played on, that leaves only the undecided ones, often none."""
    unread = [each.key for each in seen if each.proven is None]
    known = _verdicts_by_key(unread) if unread else {}
    found: dict[str, str] = {}  # steps found lost, or undecided, by the move after them
    after = Check.LOSS  # the verdict of the step after `index`: at first, the game's own
    back, stop = Back(), None
    for index in range(len(seen) - 1, -1, -1):
        each = seen[index]
        verdict = each.proven or known.get(each.key)
        # A step whose move on can go straight back is won or lost with the step after it
        # (carry.derive): lost with a lost one, and undecided, unsearched, with an undecided one.
        if verdict is None or (verdict == Check.UNKNOWN and after == Check.LOSS):
            reversible = each.reversible
            if reversible is None:
                if each.position is None:
                    return None
                reversible = _reversible(each.position, each.action)
            if reversible:
                verdict = found[each.key] = after
        if verdict == Check.WIN:
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


def _reversible(position: Position, action: str) -> bool:
    """Whether `action`, played from `position`, is a move whose cards can go straight back.

    Then a lost position after it proves `position` lost: were `position` winnable, the
    position after the move could play the move back (rules.move_back: legal there, and it
    reaches `position`) and then win, so it would not be lost. And the two positions reach
    each other, so they are won or lost together: an undecided one after it leaves
    `position` undecided too (carry.derive), and a search of it would go through the
    positions the search that could not decide the other went through."""
    move = parse_action(action)
    return isinstance(move, Move) and move_back(position, move) is not None
