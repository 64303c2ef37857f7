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
from datetime import timedelta

from django.db import connection
from django.db.models import Case, Exists, F, Q, When
from django.utils import timezone

from games.engine.positions import Position
from games.models import Game
from games.steps import current
from solver.search.verdict import Verdict

from . import lease
from .models import CheckRequest, PositionVerdict, position_key
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
# Workers a check may see die holding it before it is given up (stored undecided, unsearched):
# the workers' tasks have the same bound (lease.MAX_ATTEMPTS).
MAX_DEATHS = 2


# The request, or its game's request for the same position asked again (now from `at`; a
# request that was deep already stays deep).
_ADD = """INSERT INTO {requests} (game_id, player, key, position, at, deep, quick_only,
    came_from, recheck, requested, started, worker)
    VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, NULL, '')
ON CONFLICT (game_id, key) DO UPDATE SET at = excluded.at, requested = excluded.requested,
    recheck = excluded.recheck, quick_only = excluded.quick_only,
    came_from = excluded.came_from, deep = ({requests}.deep OR excluded.deep)"""
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
    deep: bool = False,
) -> bool:
    """Ask for `position`'s check for `game`, which stands at the position keyed `at`; a
    `recheck` is searched even though the position has a verdict stored (see checks.recheck,
    tasks.deepen), a `quick_only` check is never searched deep (tasks.DEEP_BUDGET), a `deep`
    one is searched deep from the start (a quick check left it undecided before), and
    `came_from` is the key of the position the player's move to `position` was made from.
    Returns whether a worker should be woken for it: not when this pushed one of the
    player's older requests out (that one's wake-up serves this)."""
    ops, requests = connection.ops, connection.ops.quote_name(CheckRequest._meta.db_table)
    now = ops.adapt_datetimefield_value(timezone.now())
    row = [game.pk, game.player, position_key(position),
           ops.adapt_json_value(position.to_json(), None), at, deep, quick_only, came_from,
           recheck, now]  # fmt: skip
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


def claim_some(worker: str = "", limit: int = 1) -> list[CheckRequest]:
    """Up to `limit` of the newest wanted requests for distinct positions, claimed for a search
    (by `worker`, the db_worker's id) along with every other request for the same positions;
    one request per position, in the order to search them. Requests whose game has moved on,
    or whose position was decided meanwhile (unless asked as a recheck), are deleted on the
    way, unsearched. Quick checks come before quick-only ones (tasks.QUICK_ONLY_BUDGET: a
    longer search), and those before deep ones; a long one only while no other worker
    holds one (`_claimable`). A request claimed by a worker whose
    lease ran out is free again; one that MAX_DEATHS workers died holding is given up."""
    while True:
        now = timezone.now()
        rows, decided = _claim(worker, limit, now)
        if not rows:
            return []
        _give_up({row.key for row in rows if row.deaths >= MAX_DEATHS})
        games = Game.objects.select_related("deal").in_bulk({row.game_id for row in rows})
        kept, dropped = {}, []
        for row in rows:
            row.game = games.get(row.game_id)
            if row.deaths >= MAX_DEATHS:
                continue  # given up, deleted with its position's other requests
            if row.game is None or (row.key in decided and not row.recheck) or not wanted(row):
                dropped.append(row.pk)
            else:
                kept.setdefault(row.key, row)  # the newest first: it stands for its position
        if dropped:
            CheckRequest.objects.filter(pk__in=dropped).delete()
        if kept:
            return list(kept.values())
        # every one was moved on from or decided: look again


def _give_up(keys: set[str]) -> None:
    """Store these positions undecided, with no search, and delete every request for them:
    each took MAX_DEATHS workers down with it."""
    if keys:
        store_verdicts([(key, Verdict.UNKNOWN, 0, 0.0) for key in keys])
        CheckRequest.objects.filter(key__in=keys).delete()


def _claim(worker: str, limit: int, now) -> tuple[list[CheckRequest], set[str]]:
    """Claim the free requests of up to `limit` positions, the newest first; returns them
    (newest first) and the keys of those already decided."""
    if connection.vendor == "postgresql":
        return _claim_postgresql(worker, limit, now)
    free = _claimable(now, worker)
    newest = CheckRequest.objects.filter(free).order_by("deep", "quick_only", "-requested", "-pk")
    keys = set(newest.values_list("key", flat=True)[:limit])
    CheckRequest.objects.filter(free, key__in=keys).update(
        started=now, worker=worker, deaths=F("deaths") + Case(_TAKEN_OVER, default=0)
    )
    mine = CheckRequest.objects.filter(key__in=keys, started=now, worker=worker)
    rows = list(mine.order_by("deep", "quick_only", "-requested", "-pk"))
    decided = set(PositionVerdict.objects.filter(key__in=keys).values_list("key", flat=True))
    return rows, decided


# A claim over a worker's that was not given back: that worker died holding it.
_TAKEN_OVER = When(Q(started__isnull=False) & ~Q(worker=""), then=1)


def _free(now) -> Q:
    return (
        Q(started__isnull=True)
        | Q(started__lt=now - RETRY_AFTER)
        | (~Q(worker="") & ~Q(worker__in=lease.live(now)))
    )


def _claimable(now, worker: str) -> Q:
    """The free requests `worker` may claim. A long search (a deep or quick-only check: a
    second or more, where a quick check takes milliseconds) only while no other live worker
    holds one, so that with two workers or more one is always free for the quick checks
    players wait on: in the 400 strayers' load test, two long searches at once held quick
    checks back 1.25 s at p95. Two claims at the same instant may both take one: that costs
    a wait, never an answer. (_HELD is the same for PostgreSQL's claim.)"""
    long = Q(deep=True) | Q(quick_only=True)
    held = CheckRequest.objects.filter(long, started__gte=now - RETRY_AFTER)
    held = held.filter(worker__in=lease.live(now)).exclude(worker__in=["", worker])
    return _free(now) & (~long | ~Exists(held))


# One statement: the newest free requests' positions (locked, skipping what another worker is
# claiming), then every free request for those positions (the same), claimed; each comes back
# with its position's verdict, if one was stored meanwhile. SKIP LOCKED at both levels: two
# workers never wait on each other's rows, so they cannot deadlock.
_CLAIM = """
UPDATE {requests} SET started = %(now)s, worker = %(worker)s,
    deaths = deaths + (CASE WHEN started IS NOT NULL AND worker <> '' THEN 1 ELSE 0 END)
WHERE id IN (
    SELECT id FROM {requests} WHERE {free} AND key IN (
        SELECT key FROM {requests} WHERE {free} AND NOT ((deep OR quick_only) AND {held})
        ORDER BY deep, quick_only, requested DESC, id DESC LIMIT %(limit)s FOR UPDATE SKIP LOCKED
    ) FOR UPDATE SKIP LOCKED
)
RETURNING id, game_id, player, key, position, at, deep, quick_only, came_from, recheck,
    requested, deaths, (SELECT verdict FROM {verdicts} v WHERE v.key = {requests}.key)
"""
# A long search held by another live worker (`_claimable`).
_HELD = """EXISTS (SELECT 1 FROM {requests} WHERE (deep OR quick_only) AND started >= %(retry)s
    AND worker NOT IN ('', %(worker)s) AND worker IN (
    SELECT worker FROM {leases} WHERE renewed >= %(live)s))"""
_FREE = """(started IS NULL OR started < %(retry)s OR (worker <> '' AND worker NOT IN (
    SELECT worker FROM {leases} WHERE renewed >= %(live)s)))"""


def _claim_postgresql(worker: str, limit: int, now) -> tuple[list[CheckRequest], set[str]]:
    names = {"requests": CheckRequest._meta.db_table, "verdicts": PositionVerdict._meta.db_table,
             "leases": lease.WorkerLease._meta.db_table}  # fmt: skip
    sql = _CLAIM.format(free=_FREE.format(**names), held=_HELD.format(**names), **names)
    params = {"now": now, "worker": worker, "limit": limit, "retry": now - RETRY_AFTER,
              "live": now - lease.LEASE}  # fmt: skip
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        found = cursor.fetchall()
    rows, decided = [], set()
    for (
        pk,
        game,
        player,
        key,
        position,
        at,
        deep,
        quick,
        came,
        recheck,
        when,
        deaths,
        verdict,
    ) in found:
        if isinstance(position, str):
            position = json.loads(position)
        rows.append(CheckRequest(pk=pk, game_id=game, player=player, key=key, position=position,
                                 at=at, deep=deep, quick_only=quick, came_from=came,
                                 recheck=recheck, requested=when, started=now, worker=worker,
                                 deaths=deaths))  # fmt: skip
        if verdict is not None:
            decided.add(key)
    rows.sort(key=lambda row: (row.deep, row.quick_only, -row.requested.timestamp(), -row.pk))
    return rows, decided


def release(keys, worker: str) -> int:
    """Give back, unsearched, the requests for `keys` that `worker` claimed: the next claim
    takes them again, newest first."""
    mine = CheckRequest.objects.filter(key__in=keys, worker=worker, started__isnull=False)
    return mine.update(started=None, worker="")


def waiting_since(before) -> int:
    """How many requests asked before `before` wait with no live worker holding them."""
    return CheckRequest.objects.filter(_free(timezone.now()), requested__lt=before).count()


def waiting(worker: str = "") -> bool:
    """Is any request waiting that no live worker holds, and that `worker` may claim (a
    long search another worker holds waits for that worker's next claim: `_claimable`)?"""
    return CheckRequest.objects.filter(_claimable(timezone.now(), worker)).exists()


def wanted(row: CheckRequest) -> bool:
    """Is the request's game still where it stood when it asked (or, asked after the game,
    still over)?"""
    game = row.game
    if row.at == AFTER_THE_GAME:
        return bool(game.result)
    if game.result:
        return False
    # Asked from where it stands (not by a look-back), the game's cached step (games.steps.
    # current) holding the same JSON as the request: no Position to read, no key to compute
    # (most of a claim's CPU, and every claimed and every answered request asks).
    state = game.state
    if (row.at == row.key and state and state.get("ply") == game.ply == len(game.actions)
            and state.get("position") == row.position):  # fmt: skip
        return True
    return position_key(current(game).position) == row.at


def pending(game: Game) -> bool:
    """Does the game wait for any check?"""
    return CheckRequest.objects.filter(game=game).exists()
