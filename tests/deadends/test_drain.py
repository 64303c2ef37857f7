"""The check queue's bookkeeping (issue 22): a wake-up drains the queue, several positions
claimed at once and their verdicts written together, and a request sends a wake-up only when
none is on its way, so no task row is written per check; and no request is left without one,
whenever it comes while a drain stops."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import deals
from games.engine.deal import deal
from games.engine.positions import Position
from games.models import Deal, Game
from solver.deadends import checks, lease, proofs, queue, tasks
from solver.deadends.models import PENDING, CheckRequest, PositionVerdict, position_key
from solver.search.verdict import Verdict
from tests.worker import work

# Outside a wrapping transaction: the wake-ups are sent on commit, as in production.
pytestmark = pytest.mark.django_db(transaction=True)


def game_on(number: int, player: str) -> tuple[Game, Position]:
    """A game of `player` on Yukon deal `number`, and the deal's position."""
    position = deal("yukon", number, b"test-key")
    cards = "".join(card.code for card in deals.dealt_order(position))
    row, _ = Deal.objects.get_or_create(variant="yukon", number=number, cards=cards)
    return Game.objects.create(player=player, deal=row), position


def ask(number: int, player: str = "alice") -> str:
    """A game of `player` on a Yukon deal, asking for its deal position's check (as a move's
    POST asks for the position it reached); returns the position's key."""
    game, position = game_on(number, player)
    assert checks.request(game, position) == PENDING
    return position_key(position)


def ask_quick_only(number: int, player: str) -> str:
    """A quick-only request (a long search: tasks.QUICK_ONLY_BUDGET) for Yukon deal
    `number`'s position, for a game of `player`; returns the position's key."""
    game, position = game_on(number, player)
    queue.add(game, position, at=position_key(position), quick_only=True)
    return position_key(position)


def wake_ups() -> int:
    return DBTaskResult.objects.filter(status=TaskResultStatus.READY).count()


def test_one_waiting_wake_up_serves_every_request_and_one_drain_answers_them():
    keys = [ask(6, "alice"), ask(7, "bob"), ask(8, "carol")]
    assert wake_ups() == 1, "the first request's wake-up is on its way for the others"
    outcomes = work()
    assert len(outcomes) == 3 and DBTaskResult.objects.count() == 1
    assert PositionVerdict.objects.filter(key__in=keys).count() == 3
    assert not CheckRequest.objects.exists()


def test_no_wake_up_while_a_worker_drains_but_one_when_its_lease_runs_out():
    lease.renew("w1")
    lease.drain("w1", True)
    ask(6, "alice")
    assert wake_ups() == 0, "the drain looks at the queue again before it stops"
    WorkerLease = lease.WorkerLease
    WorkerLease.objects.update(renewed=timezone.now() - lease.LEASE - timedelta(seconds=1))
    ask(7, "bob")
    assert wake_ups() == 1, "a dead worker's drain holds nothing back"


@pytest.mark.parametrize("when", ["before it says it stopped", "after"])
def test_a_request_that_comes_as_a_drain_stops_is_not_left_without_a_wake_up(monkeypatch, when):
    """The race: the drain finds the queue empty and stops, and a request is stored and
    looks for a drain on its way either side of the drain saying it stopped."""
    lease.renew("w1")
    asked = []
    says = lease.drain

    def stop_with_a_request(worker: str, on: bool) -> None:
        if on:
            return says(worker, on)
        if when == "after":
            says(worker, on)
        asked.append(ask(6))  # stored, then it looks for a drain or a wake-up on its way
        if when != "after":
            says(worker, on)

    monkeypatch.setattr(lease, "drain", stop_with_a_request)
    assert tasks.drain("w1") == [], "the queue was empty when it looked"
    assert CheckRequest.objects.get().started is None
    assert wake_ups() == 1, "either the request's own wake-up or the drain's, on stopping"
    monkeypatch.undo()
    assert work() == [Verdict.WIN]
    assert PositionVerdict.objects.get(key=asked[0]).verdict == Verdict.WIN


def test_two_workers_claim_distinct_positions():
    lease.renew("w1"), lease.renew("w2")
    shared, other = ask(6, "alice"), ask(7, "bob")
    ask(6, "carol")  # the newest: the same position as alice's
    first = queue.claim_some("w1", 1)
    assert [row.key for row in first] == [shared]
    assert CheckRequest.objects.filter(key=shared, worker="w1").count() == 2, "both games'"
    assert [row.key for row in queue.claim_some("w2", tasks.BATCH)] == [other]
    assert queue.claim_some("w2", tasks.BATCH) == []


def test_a_batch_past_its_time_gives_the_rest_back(monkeypatch):
    older, newer = ask(6, "alice"), ask(7, "bob")
    monkeypatch.setattr(tasks, "BATCH_SECONDS", 0.0)
    claimed = queue.claim_some("", tasks.BATCH)
    assert [row.key for row in claimed] == [newer, older]
    assert tasks._check(claimed, "") == [Verdict.WIN], "one search, then the time was up"
    assert CheckRequest.objects.get().key == older and CheckRequest.objects.get().started is None


def test_losses_and_unknowns_are_written_in_one_statement_and_a_loss_replaces_an_unknown():
    positions = [deal("yukon", number, b"test-key") for number in (6, 7, 8, 9)]
    keys = [position_key(position) for position in positions]
    PositionVerdict.objects.create(key=keys[1], verdict=Verdict.UNKNOWN)
    PositionVerdict.objects.create(key=keys[2], verdict=Verdict.WIN, move="7S-t7", length=40)
    proofs.store_verdicts([
        (positions[0], Verdict.LOSS, 10, 0.1), (positions[1], Verdict.LOSS, 20, 0.2),
        (positions[2], Verdict.LOSS, 30, 0.3), (positions[3], Verdict.UNKNOWN, 40, 0.4),
    ])  # fmt: skip
    stored = dict(PositionVerdict.objects.values_list("key", "verdict"))
    assert [stored[key] for key in keys] == [
        Verdict.LOSS,
        Verdict.LOSS,
        Verdict.WIN,
        Verdict.UNKNOWN,
    ]
    assert PositionVerdict.objects.get(key=keys[1]).nodes == 20
    proofs.store_verdicts([(positions[0], Verdict.UNKNOWN, 1, 0.0)])
    assert PositionVerdict.objects.get(key=keys[0]).verdict == Verdict.LOSS, "a loss stands"


def test_a_drain_past_its_time_hands_what_is_left_to_a_new_wake_up(monkeypatch):
    ask(6)
    DBTaskResult.objects.all().delete()
    monkeypatch.setattr(tasks, "DRAIN_SECONDS", 0.0)
    assert tasks.drain("") == [], "out of time before its first claim"
    assert wake_ups() == 1, "the worker's other tasks get their turn, then this one drains on"
    assert CheckRequest.objects.get().started is None


def test_a_quick_only_check_waits_behind_the_quick_ones():
    quick = ask(1)
    position = ask_quick_only(2, "bob")  # the newer one
    claimed = queue.claim_some("", 2)
    assert [(row.key, row.quick_only) for row in claimed] == [
        (quick, False),
        (position, True),
    ], "the quick check first: the quick-only one is the longer search (tasks.QUICK_ONLY_BUDGET)"


def test_one_worker_at_a_time_takes_a_long_search_so_the_other_is_free_for_quick_ones():
    lease.renew("w1"), lease.renew("w2")
    first, second = ask_quick_only(2, "alice"), ask_quick_only(3, "bob")
    assert [row.key for row in queue.claim_some("w1", 1)] == [second], "the newest"
    assert queue.claim_some("w2", tasks.BATCH) == [], "w1 is in a long search"
    assert not queue.waiting("w2") and queue.waiting("w1"), "w1 claims the other one next"
    quick = ask(6, "carol")
    assert [row.key for row in queue.claim_some("w2", tasks.BATCH)] == [quick]
    lease.WorkerLease.objects.filter(worker="w1").update(
        renewed=timezone.now() - lease.LEASE - timedelta(seconds=1)
    )
    taken = queue.claim_some("w2", tasks.BATCH)
    assert [row.key for row in taken] == [second, first], "w1 died: its long search is free"


def test_a_request_asked_during_a_long_search_wakes_another_worker(monkeypatch):
    lease.renew("w1")
    ask_quick_only(2, "alice")
    DBTaskResult.objects.all().delete()
    search, asked = tasks.solve, []

    def a_request_comes_meanwhile(position, **budget):
        asked.append(ask(6, "bob"))
        return search(position, **budget)

    monkeypatch.setattr(tasks, "solve", a_request_comes_meanwhile)
    lease.drain("w1", True)
    tasks._check(queue.claim_some("w1", 1), "w1")
    assert wake_ups() == 1, "w1 was searching for seconds, not looking at the queue"
    assert lease.WorkerLease.objects.get(worker="w1").draining, "and it drains on after"
