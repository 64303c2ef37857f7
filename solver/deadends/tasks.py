"""The dead-end check itself, run by `manage.py db_worker` (django.tasks with the database
backend). Each task is a wake-up: it drains the queue, searching the newest wanted positions
(see `queue`) a few at a time until none is left."""

from __future__ import annotations

import time

from django.db import connection
from django.tasks import TaskContext, TaskResultStatus, task
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

import metrics
from games.engine.history import parse_action
from games.engine.moves import Move
from games.engine.positions import Position
from games.models import Game
from games.steps import step_at, steps
from solver.search import solve
from solver.search.verdict import Verdict

from . import carry, lease, lookback, queue
from .models import CheckRequest, PositionVerdict, position_key
from .proofs import store_line, store_onward, store_verdicts

# Each check is bounded in CPU time and in nodes; the nodes bound the transposition table, and
# so the memory, of a hard position. A quick check answers most positions within the page's
# patience; what it leaves undecided is asked for again as a deep check, which waits behind
# every quick one. Neither can starve the queue.
QUICK_BUDGET = {"budget_seconds": 1.0, "budget_nodes": 25_000}
DEEP_BUDGET = {"budget_seconds": 5.0, "budget_nodes": 2_000_000}
# The quick check's 25,000 nodes: a position a quick check decides, it nearly always decides
# in a few thousand nodes, and one it leaves undecided costs the whole budget for nothing.
# Logged in two seeded random-300 load tests at 100,000 nodes, 3,059 quick and look-back
# checks decided their positions; 7 of the 2,557 quick wins and 2 of the 52 look-back wins
# took more than 25,000 nodes (a quick check's such win is the deep check's now), while
# the checks that ended undecided took 88% of the workers' search time. The checks'
# budgets on 120 random moves of 60 games, `--quick-nodes 25000` against 100,000, Yukon, seeds 4-6:
# a fifth less search (0.71/1.07/0.98 to 0.58/0.79/0.76 ms a move), 74 positions of 21,156
# left undecided, not 65.
# A position reached from one the checks left undecided gets a quick-only check, no deep one
# (CheckRequest.quick_only). Undecided positions come in stretches: a player on a hard lost
# line (in Yukon, proofs of 1M to 20M+ nodes) reaches one such position after another, and
# a deep check of each of them decided few. A deeper budget spent on the first of a stretch
# decides more of them (a loss then carries on down the line with no search: carry.derive)
# for less CPU: the checks' budgets against the same with a deep check of 500,000 nodes
# after every undecided quick one, over seeds 4-7, searched a quarter less and left 22 positions of
# 8,293 undecided, not 30.
# A look-back's check (lookback.look_back: an earlier position of a lost line, asked for to find
# the last winnable one) is quick-only too. The walk steps over a position left undecided as
# it steps over a lost one, so a deep check there only counts when it proves a win, and
# winnable positions are the quick ones to prove. In the seeded load test (100 random
# players, --seed ab), the look-backs' deep checks took 22 s of the workers' 36 s of search
# and decided one position of ten (a loss).
# A quick-only check is for the player passing by: when a player stands on a position it
# left undecided again (back by undo, redo or a jump, or another game; a hint there too),
# the position gets its deep check then, once (`deepen`).
# Being its position's only search till then, a quick-only check gets three quarters of a deep
# check's nodes (fewer, so that quick_checked tells its undecided rows from a deep check's),
# and waits behind the quick ones (queue.claim_some): left undecided, it answers with an
# undecided banner, or a look-back step passed over. In the random-300 load test (seed 11, 2
# workers) 43 answers of 1,343 were undecided, 40 of them quick-only checks' (look-back steps
# of lost lines, mostly Yukon); searched again, all are decided within 2.7M nodes: 17 within
# 200,000, 35 within 500,000, 41 within 2M. At 500,000 nodes the same test left 31 quick-only
# answers of 2,405 undecided (98.6% decided in all); at 1.5M, 99.3% of 2,632 and, with 400
# random players, 99.7% of 3,124 (move p95 95 and 390 ms).
QUICK_ONLY_BUDGET = {"budget_seconds": 4.0, "budget_nodes": 1_500_000}
# A drain claims up to BATCH positions at once and searches them in turn; once BATCH_SECONDS
# have gone by it stores what it found and gives the rest back, so a slow search keeps the
# next player waiting for no longer than that (another worker, or the next claim, takes them,
# newest first again).
BATCH, BATCH_SECONDS = 4, 0.25
# Run by a db_worker, a drain that finds the queue empty looks again every POLL for LINGER
# before it stops (under load the next request comes sooner: one task row serves many
# checks); after DRAIN_SECONDS it hands over to a new wake-up, so the worker's other tasks
# are not kept waiting by a queue that never empties.
LINGER, POLL, DRAIN_SECONDS = 1.0, 0.05, 5.0


@task(takes_context=True)
def check_position(context: TaskContext | None = None) -> str:
    """Drain the queue: search the newest positions players wait for and store their verdicts;
    returns what each search did, in order ("idle" when nothing was wanted).

    A quick check that decides nothing leaves the position wanted, as a deep check (unless
    it is quick only: then it is stored undecided; DEEP_BUDGET says why). A loss sends each
    game standing on it looking back for its last winnable position. Run by a db_worker, the
    claims name the worker (its lease keeps them); called in-process, none."""
    worker = _worker(context)
    outcomes = drain(worker, linger=LINGER if worker else 0.0)
    if not outcomes:  # each search is counted as it ends (`_check`), a drain may run for seconds
        metrics.CHECKS.labels(outcome="idle").inc()
    return " ".join(outcomes) or "idle"


def wake() -> None:
    """Send a wake-up, unless one is on its way: a worker draining the queue (it looks at the
    queue again before it stops: `drain`), or a wake-up waiting to be run (its drain starts
    after this was called). Two at once may both send one: a drain with nothing to do stops."""
    if lease.draining():
        return
    if not DBTaskResult.objects.ready().filter(task_path=check_position.module_path).exists():
        check_position.enqueue()


def unattended(before) -> int:
    """How many checks asked before `before` wait with nothing on its way to them: no worker
    draining, no wake-up ready, none running on a worker whose lease is live. Each is a
    player waiting for ever (/readyz)."""
    if lease.draining():
        return 0
    wake_ups = DBTaskResult.objects.filter(task_path=check_position.module_path)
    if wake_ups.ready().exists():
        return 0
    live = set(lease.live().values_list("worker", flat=True))
    running = wake_ups.filter(status=TaskResultStatus.RUNNING).values_list("worker_ids", flat=True)
    if any(ids and ids[-1] in live for ids in running):
        return 0
    return queue.waiting_since(before)


def _worker(context: TaskContext | None) -> str:
    ids = context.task_result.worker_ids if context is not None else []
    return ids[-1] if ids else ""


def drain(worker: str, linger: float = 0.0) -> list[str]:
    """Search the wanted positions, a batch at a time, until none is left (looking again for
    `linger` seconds) or DRAIN_SECONDS have gone by; returns what each search did.

    No request is left without a wake-up. While the worker's lease says it drains, a request
    asks for none (checks.wake). Stopping, the drain first says it no longer drains, then looks
    for requests not claimed, and leaves a wake-up for them if there are any. A request that
    saw the drain was on was stored before it looked, so before the drain said it stopped: that
    last look sees it. One that looks later sees no drain and asks for its own wake-up. A
    worker killed mid-drain leaves its task RUNNING: its lease runs out and `lease.recover`
    puts the task back on the queue (the wake-up that drains again)."""
    outcomes, stop = [], time.monotonic() + DRAIN_SECONDS
    lease.drain(worker, True)
    try:
        idle = None
        while time.monotonic() < stop:
            rows = queue.claim_some(worker, BATCH)
            if rows:
                outcomes += _check(rows, worker)
                idle = None
                continue
            idle = idle or time.monotonic()
            if time.monotonic() - idle >= linger:
                break
            time.sleep(POLL)
    finally:
        lease.drain(worker, False)
        if queue.waiting(worker):
            wake()
    return outcomes


def _check(rows: list[CheckRequest], worker: str) -> list[str]:
    """Search the claimed positions in turn (the time bound gives the rest back), then store
    their verdicts and answer the games waiting for them; returns what each search did
    ("carried" for a verdict a move carried, with no search: `_carried`)."""
    carried = _carried(rows)
    rows = [row for row in rows if row.key not in carried]
    began, found, tables = time.monotonic(), [], {}
    for index, row in enumerate(rows):
        if index and time.monotonic() - began > BATCH_SECONDS:
            queue.release([each.key for each in rows[index:]], worker)
            break
        tables[row.key] = Position.from_json(row.position)  # read once, searched and stored
        found.append((row, _search(tables[row.key], row, worker)))
    undecided = [row for row, answer in found if answer.verdict == Verdict.UNKNOWN]
    deeper = [row.key for row in undecided if not (row.deep or row.quick_only)]
    if deeper:  # asked for again, deep: behind every quick check, in this drain or the next
        CheckRequest.objects.filter(key__in=deeper).update(deep=True, started=None, worker="")
    done = [(row, result) for row, result in found if row.key not in deeper]
    lost = [(row, result) for row, result in done if result.verdict != Verdict.WIN]
    store_verdicts([(row.key, result.verdict, result.nodes, result.seconds)
                    for row, result in lost])  # fmt: skip
    for row, result in done:
        if result.verdict == Verdict.WIN:
            position = tables[row.key]
            store_line(position, list(result.moves), result.nodes, result.seconds)
            if row.recheck:
                store_onward(position, list(result.moves))
    outcomes = ["carried"] * len(carried)
    outcomes += ["deeper" if row.key in deeper else result.verdict for row, result in found]
    for outcome in outcomes:
        metrics.CHECKS.labels(outcome=outcome).inc()
    for row, result in found:
        metrics.SEARCH_SECONDS.labels(check=_kind(row), outcome=result.verdict).inc(result.seconds)
    if done or carried:
        _answer({**carried, **{row.key: result.verdict for row, result in done}})
    return outcomes


def _search(position: Position, row: CheckRequest, worker: str):
    """The request's search. A long one (deep or quick-only) keeps the worker from the queue
    for a second or more: meanwhile the worker does not say it drains, so a request asked
    then sends its own wake-up, for another worker (`wake`; queue._claimable keeps one
    free of long searches). The drain looks at the queue again once it is over."""
    budget = _budget(row)
    if budget is QUICK_BUDGET:
        return solve(position, **budget)
    lease.drain(worker, False)
    try:
        return solve(position, **budget)
    finally:
        lease.drain(worker, True)


def _budget(row: CheckRequest) -> dict:
    if row.deep:
        return DEEP_BUDGET
    return QUICK_ONLY_BUDGET if row.quick_only else QUICK_BUDGET


def _kind(row: CheckRequest) -> str:
    """The kind of check a request got, as the search metric names it."""
    if row.recheck:
        return "recheck"
    if row.at == queue.AFTER_THE_GAME:
        return "after"
    if row.key != row.at:  # asked for by a look-back, not where the game stands
        return "look_back"
    return "deep" if row.deep else "quick"


def _carried(rows: list[CheckRequest]) -> dict[str, str]:
    """The claimed requests whose position a move now proves with no search, stored (by
    key, their verdicts). The move path carries a verdict along a move when the position
    the move came from is decided (carry.derive); a player who moves on before that
    position's check ends asks for a check of the next one. When a worker claims it, the
    came-from position is often decided: a loss carries over any move, and a win, or
    undecided, along the move the game's last action made from it (replayed from the
    nearest checkpoint, and only when that is where the game came from). A came-from
    position the checks left undecided, by a move that cannot go straight back, gets this
    one a quick check only, as on the move path: one claimed deep, after its quick check,
    is stored undecided with no more search."""
    asked = [row for row in rows if row.came_from and not row.recheck]
    came = carry.read([row.came_from for row in asked]) if asked else {}
    carried = {}
    for row in asked:
        found = came.get(row.came_from)
        if found is None:
            continue
        if found.verdict == Verdict.UNKNOWN and row.deep:
            store_verdicts([(row.key, Verdict.UNKNOWN, 0, 0.0)])
            carried[row.key] = Verdict.UNKNOWN
            continue
        before, move = _came_from(row) if found.verdict != Verdict.LOSS else (None, None)
        derived = carry.derive(before, found, move)
        if derived is not None:
            carried[row.key] = carry.store(row.key, None, derived)
        elif found.verdict == Verdict.UNKNOWN:
            row.quick_only = True
    return carried


def _came_from(row: CheckRequest) -> tuple[Position | None, Move | None]:
    """The position the game's last action, a move, was made from, and that move, if that
    position is the request's came-from one; else (None, None)."""
    actions = row.game.actions
    move = parse_action(actions[-1]) if actions else None
    if not isinstance(move, Move):
        return None, None
    before = step_at(row.game, len(actions) - 1).position
    return (before, move) if position_key(before) == row.came_from else (None, None)


def _answer(verdicts: dict[str, str]) -> None:
    """Delete the requests for the positions `verdicts` decided (by key), and send each game
    still standing on a lost position looking back (`_look_back_if_lost`). A position won,
    asked for from itself, needs no look-back: its game is not read (the games, read with
    their deals by the ORM, cost most of an answer's CPU, and most answers are wins)."""
    waiting = CheckRequest.objects.filter(key__in=verdicts)
    answered = list(waiting.values_list("key", "at", "game_id", "requested"))
    table = connection.ops.quote_name(CheckRequest._meta.db_table)
    with connection.cursor() as cursor:  # SQL of its own: the ORM's delete cost as much as the read
        cursor.execute(f"DELETE FROM {table} WHERE key IN ({', '.join(['%s'] * len(verdicts))})",
                       list(verdicts))  # fmt: skip
    now = timezone.now()
    for key, _, _, requested in answered:
        metrics.VERDICT_SECONDS.labels(verdict=verdicts[key]).observe(
            (now - requested).total_seconds()
        )
    asked = [(key, at, game) for key, at, game, _ in answered
             if at != key or verdicts[key] != Verdict.WIN]  # fmt: skip
    games = Game.objects.select_related("deal").in_bulk({game for *_, game in asked})
    for key, at, game in asked:
        each = CheckRequest(game=games[game], key=key, at=at) if game in games else None
        if each is not None and queue.wanted(each):
            _look_back_if_lost(each)


def _look_back_if_lost(row: CheckRequest) -> None:
    """The game still stands where it asked from: if that is lost, its banner looks for the
    last winnable position, one earlier position at a time. Found, the step after it (where
    the player went from there) gets a deep check if a quick one alone left it undecided
    (`deepen`): the jump back leads a player there first, and proven lost, it carries the
    loss to every position the player's old line reaches again (carry.derive), so that
    re-walking it shows the banner at once; proven winnable, the look-back finds it next."""
    at = PositionVerdict.objects.filter(key=row.at).values_list("verdict", flat=True).first()
    if at != Verdict.LOSS:
        return
    earlier = steps(row.game)[:-1]
    back = lookback.look_back(row.game, earlier, row.at, ask=True)
    if back.jump_to is not None and back.jump_to + 1 < len(earlier):
        above = earlier[back.jump_to + 1].position
        key = position_key(above)
        if deepen(row.game, above, row.at, carry.read([key]).get(key)):
            wake()
    elif back.asked:
        wake()


def quick_checked(row: carry.Row | None) -> bool:
    """Is `row` a verdict a quick check alone left undecided? Its search stopped within
    QUICK_ONLY_BUDGET (the search stops on the node past its budget). A row carried with no
    search, or given up, spent no nodes; a deep check's undecided row keeps its nodes,
    more than a quick check's (proofs.store_verdicts)."""
    nodes = 0 if row is None or row.verdict != Verdict.UNKNOWN else row.nodes
    return 0 < nodes <= QUICK_ONLY_BUDGET["budget_nodes"] + 1


def deepen(game: Game, position: Position, at: str, row: carry.Row | None) -> bool:
    """Ask for a deep check of `position`, on behalf of `game` standing at the position keyed
    `at`, if its stored `row` is one a quick check alone left undecided (`quick_checked`);
    returns whether to wake a worker for it (queue.add). A quick-only check (DEEP_BUDGET
    says when) leaves such rows; a player who comes back to one, or jumps back to just
    before it, may find it decided by a deep one, asked for once: its undecided answer keeps
    its nodes."""
    return quick_checked(row) and queue.add(game, position, at, recheck=True, deep=True)
