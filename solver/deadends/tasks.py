"""The dead-end check itself, run by `manage.py db_worker` (django.tasks with the database
backend). Each task is a wake-up: it searches the newest wanted position (see `queue`)."""

from __future__ import annotations

from django.tasks import TaskContext, task
from django.utils import timezone

from games import metrics
from games.engine.positions import Position
from games.steps import steps
from solver.search import solve

from . import queue
from .models import Check, CheckRequest, PositionVerdict
from .proofs import store, store_onward

# Each check is bounded in CPU time and in nodes; the nodes bound the transposition table, and
# so the memory, of a hard position. A quick check answers most positions within the page's
# patience; what it leaves undecided is asked for again as a deep check, which waits behind
# every quick one. Neither can starve the queue.
QUICK_BUDGET = {"budget_seconds": 1.0, "budget_nodes": 100_000}
DEEP_BUDGET = {"budget_seconds": 5.0, "budget_nodes": 500_000}
DEEP_PRIORITY = -10


@task(takes_context=True)
def check_position(context: TaskContext | None = None) -> str:
    """Search the newest position a player waits for and store its verdict; returns what it
    did ("idle" when nothing is wanted).

    A quick check that decides nothing leaves the position wanted, as a deep check. A loss
    sends each game standing on it looking back for its last winnable position. Run by a
    db_worker, the claim names the worker (its lease keeps it); called in-process, none."""
    outcome = _check(_worker(context))
    metrics.CHECKS.labels(outcome=outcome).inc()
    return outcome


def _worker(context: TaskContext | None) -> str:
    ids = context.task_result.worker_ids if context is not None else []
    return ids[-1] if ids else ""


def _check(worker: str) -> str:
    row = queue.claim(worker)
    if row is None:
        return "idle"
    result = solve(row.position, **(DEEP_BUDGET if row.deep else QUICK_BUDGET))
    waiting = CheckRequest.objects.filter(key=row.key)
    if result.verdict == Check.UNKNOWN and not row.deep:
        waiting.update(deep=True, started=None, worker="")
        check_position.using(priority=DEEP_PRIORITY).enqueue()
        return "deeper"
    position = Position.from_json(row.position)
    store(position, result.verdict, list(result.moves), result.nodes, result.seconds)
    if row.recheck and result.verdict == Check.WIN:
        store_onward(position, list(result.moves))
    answered = list(waiting.select_related("game__deal"))
    waiting.delete()
    now = timezone.now()
    for each in answered:
        metrics.VERDICT_SECONDS.labels(verdict=result.verdict).observe(
            (now - each.requested).total_seconds()
        )
    for each in answered:
        if queue.wanted(each):
            _look_back_if_lost(each)
    return result.verdict


def _look_back_if_lost(row: CheckRequest) -> None:
    """The game still stands where it asked from: if that is lost, its banner looks for the
    last winnable position, one earlier position at a time."""
    at = PositionVerdict.objects.filter(key=row.at).values_list("verdict", flat=True).first()
    if at != Check.LOSS:
        return
    back = queue.look_back(row.game, steps(row.game)[:-1], row.at, ask=True)
    if back.asked:
        check_position.enqueue()
