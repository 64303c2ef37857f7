"""The check path's economy: quick checks first and deep ones behind them, positions nobody
looks at any more are dropped, a move from a lost position is lost without a search, and a
deal from the winnable pool brings its winning line along."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import deals
from games.engine import rules
from games.engine.deal import deal
from games.engine.moves import Move
from games.models import Game
from solver.deadends import checks, proofs, tasks
from solver.deadends.models import Check, PositionVerdict
from solver.deadends.tasks import check_position
from solver.pool.models import DealVerdict
from solver.search import solve
from tests.deadends.test_deadends import DEAD_END_LINE, make_deal
from tests.web.html import one, parse

pytestmark = pytest.mark.django_db(transaction=True)


def run_worker() -> None:
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def test_a_check_nobody_polls_any_more_is_dropped_unsearched():
    position = deal("yukon", 6, b"test-key")
    key = checks.request(position).key
    PositionVerdict.objects.filter(key=key).update(
        polled=timezone.now() - tasks.STALE_AFTER - timedelta(seconds=1)
    )
    assert check_position.call(key) == "dropped"
    assert not PositionVerdict.objects.filter(key=key).exists()
    checks.request(position)  # asked again: a fresh check is queued
    assert PositionVerdict.objects.get(key=key).verdict == Check.PENDING


def test_polling_keeps_a_pending_check_wanted():
    position = deal("yukon", 6, b"test-key")
    key = checks.request(position).key
    old = timezone.now() - tasks.STALE_AFTER - timedelta(seconds=1)
    PositionVerdict.objects.filter(key=key).update(polled=old)
    checks.request(position)  # the page's poll
    assert not tasks.is_stale(PositionVerdict.objects.get(key=key))


def test_a_quick_check_that_decides_nothing_queues_a_deep_one_behind_the_others(monkeypatch):
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    key = checks.request(deal("yukon", 6, b"test-key")).key
    DBTaskResult.objects.all().delete()
    assert check_position.call(key) == "deeper"
    assert PositionVerdict.objects.get(key=key).verdict == Check.PENDING
    deep = DBTaskResult.objects.get()
    assert deep.priority == tasks.DEEP_PRIORITY < 0
    assert deep.args_kwargs["kwargs"] == {"deep": True}
    run_worker()
    assert PositionVerdict.objects.get(key=key).verdict == Check.WIN


def test_a_move_from_a_lost_position_is_lost_without_a_search():
    start = rules.apply(deal("yukon", 6, b"test-key"), Move.parse(DEAD_END_LINE[0]))
    lost = rules.apply(start, Move.parse(DEAD_END_LINE[1]))
    assert solve(lost, budget_seconds=5).verdict == "loss"
    proofs.store(checks.request(lost).key, Check.LOSS, [], 2, 0.0)
    after = rules.apply(lost, Move.parse("4D-t6"))  # the one move left
    queued = DBTaskResult.objects.count()
    assert checks.request(after, before=lost).verdict == Check.LOSS
    assert checks.verdicts([after]) == [Check.LOSS]
    assert DBTaskResult.objects.count() == queued, "no search queued"
    assert checks.verdicts([start]) == [None]
    others = [rules.apply(start, move) for move in rules.legal_moves(start)]
    other = next(position for position in others if position != lost)
    assert checks.request(other, before=start).verdict == Check.PENDING, "start isn't lost"


def test_the_page_marks_a_move_out_of_a_dead_end_lost_at_once():
    make_deal()
    alice = Client()
    alice.get("/yukon/6/")
    # The first action starts the game at the deal's address; the rest go to the game's own.
    alice.post("/yukon/6/", {"ply": 0, "move": DEAD_END_LINE[0]}, HTTP_HX_REQUEST="true")
    game = Game.objects.get()
    for move in DEAD_END_LINE[1:]:
        alice.post(f"/game/{game.slug}/", {"ply": len(game.actions), "move": move},
                   HTTP_HX_REQUEST="true")  # fmt: skip
        game.refresh_from_db()
    run_worker()  # proves the dead end
    queued = DBTaskResult.objects.count()
    page = parse(
        alice.post(f"/game/{game.slug}/", {"ply": 2, "move": "4D-t6"}, HTTP_HX_REQUEST="true")
    )
    assert one(page, "[data-testid=dead-end]") and one(page, "[data-testid=jump-back]")
    assert DBTaskResult.objects.count() == queued, "lost by inheritance: nothing to search"


def test_a_deal_from_the_pool_brings_its_winning_line():
    deal_row = make_deal()
    line = solve(deals.deal_position(deal_row), budget_seconds=5).moves
    DealVerdict.objects.create(deal=deal_row, verdict="win", moves=line)
    Client().post("/yukon/6/", {"ply": 0, "move": line[0]})  # the game starts with its line
    assert DBTaskResult.objects.count() == 0, "the deal and its line are known: no search"
    position = deals.deal_position(deal_row)
    positions = [position]
    for move in line[:-1]:
        position = rules.apply(position, Move.parse(move))
        positions.append(position)
    assert set(checks.verdicts(positions)) == {Check.WIN}
