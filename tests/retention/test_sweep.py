"""The cleanup's rules on the real database, with explicit timestamps: what a game being
played needs stays, what nothing needs goes once it is old enough."""

from __future__ import annotations

from datetime import timedelta
from functools import cache

import pytest
from django.contrib.sessions.models import Session
from django.tasks import TaskResultStatus
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from daily.models import Attempt, DailyDeal
from daily.services.attempts import record_start
from games.engine.positions import Position
from games.models import Deal, Game, Record
from games.steps import steps
from play.actions import act
from retention.sweep import Ages, Swept, sweep
from solver.deadends.models import PositionVerdict, WinningLine
from solver.search import solve
from solver.search.verdict import Verdict

from . import rows
from .tasks import echo

pytestmark = pytest.mark.django_db

AGES = Ages.from_settings()
DAY = timedelta(days=1)


@pytest.fixture
def now():
    return timezone.now()


@cache
def winning_line(position: Position) -> tuple[str, ...]:
    result = solve(position, budget_nodes=1_000_000)
    assert result.verdict == Verdict.WIN, "the test needs a winnable position"
    return tuple(result.moves)


# Verdicts


def test_a_game_being_played_keeps_the_verdicts_of_its_line_however_old(now):
    game = rows.game("alice", ["7S-t7", "KC-t1"], updated=now - DAY)
    line = rows.positions(game)
    long_ago = now - AGES.games * 2
    rows.verdict(line[0], long_ago, Verdict.WIN, list(winning_line(line[0])))
    rows.verdict(line[1], long_ago, Verdict.WIN, list(winning_line(line[1])))
    rows.verdict(line[2], long_ago, Verdict.LOSS)

    swept = sweep(now=now)

    assert swept.verdicts == 0
    assert all(rows.kept(position) for position in line)


def test_the_winning_line_ahead_of_the_current_position_stays_for_the_hints(now):
    game = rows.game("alice", ["7S-t7"], updated=now - DAY)
    here = rows.positions(game)[-1]
    long_ago = now - 2 * AGES.verdicts
    row = rows.verdict(here, long_ago, Verdict.WIN, list(winning_line(here)))

    assert sweep(now=now) == Swept(verdicts=0, lines=0)
    row.refresh_from_db()
    assert row.line.moves.split() == list(winning_line(here)), "the hints follow it"


def test_the_deals_winning_line_stays_while_a_game_on_the_deal_is_played(now):
    """The line the first game on a pool deal stores: the next player of the deal would
    find its start known and never store it again."""
    game = rows.game("alice", ["7S-t7", "KC-t1"], updated=now - DAY)  # strayed: a dead end
    start = rows.positions(game)[0]
    long_ago = now - 2 * AGES.verdicts
    row = rows.verdict(start, long_ago, Verdict.WIN, list(winning_line(start)))

    assert sweep(now=now) == Swept(verdicts=0, lines=0)
    assert WinningLine.objects.get() == row.line


def test_a_line_no_verdict_points_into_goes_once_it_is_old_enough(now):
    """Its rows went (nothing needed them), in an earlier sweep or in this one."""
    start = rows.positions(rows.game("alice", [], updated=now))[0]
    elsewhere = rows.line(start, ["7S-t7"])[-1]  # not on alice's line
    old = now - AGES.verdicts - timedelta(minutes=1)
    orphan = rows.lost_line(old)
    swept_with_its_row = rows.verdict(elsewhere, old, Verdict.WIN, list(winning_line(elsewhere)))
    recent = rows.lost_line(now - timedelta(minutes=1))  # its row may be on the way
    kept = rows.verdict(start, old, Verdict.WIN, list(winning_line(start)))  # alice stands here

    assert sweep(now=now, dry_run=True).lines == 1, "the dry run counts those unreferenced now"
    swept = sweep(now=now)

    assert (swept.verdicts, swept.lines) == (1, 2)
    left = set(WinningLine.objects.values_list("pk", flat=True))
    assert left == {recent.pk, kept.line_id}
    assert orphan.pk not in left and swept_with_its_row.line_id not in left


def test_a_verdict_no_game_needs_goes_once_it_is_old_enough(now):
    game = rows.game("alice", ["7S-t7"], updated=now - DAY)
    elsewhere = rows.line(rows.positions(game)[0], ["7S-t7", "KC-t1"])[-1]  # not on alice's line
    old = rows.verdict(elsewhere, now - AGES.verdicts - timedelta(minutes=1))

    swept = sweep(now=now)

    assert swept.verdicts == 1
    assert not PositionVerdict.objects.filter(pk=old.pk).exists()


def test_a_verdict_no_game_needs_stays_while_it_is_recent(now):
    start = rows.positions(rows.game("alice", [], updated=now))[0]
    recent = rows.verdict(
        rows.line(start, ["7S-t7", "KC-t1"])[-1], now - AGES.verdicts + timedelta(hours=1)
    )

    sweep(now=now)

    assert PositionVerdict.objects.filter(pk=recent.pk).exists()


def test_a_dry_run_counts_and_deletes_nothing(now):
    start = rows.positions(rows.game("alice", [], updated=now))[0]
    rows.verdict(rows.line(start, ["7S-t7", "KC-t1"])[-1], now - 3 * AGES.verdicts)

    swept = sweep(now=now, dry_run=True)

    assert swept.verdicts == 1
    assert PositionVerdict.objects.count() == 1


# Games


def test_an_abandoned_game_goes_and_its_verdicts_with_it(now):
    abandoned = rows.game("alice", ["7S-t7", "KC-t1"], updated=now - AGES.games - DAY)
    playing = rows.game("bob", [], updated=now - DAY)  # same deal: shares the deal position
    line = rows.positions(abandoned)
    for position in line:
        rows.verdict(position, now - AGES.games - DAY)

    swept = sweep(now=now)

    assert swept.abandoned_games == 1
    assert not Game.objects.filter(pk=abandoned.pk).exists()
    assert Game.objects.filter(pk=playing.pk).exists()
    assert Deal.objects.filter(number=rows.NUMBER).exists(), "bob's game is on the deal"
    assert rows.kept(line[0]), "bob's game still stands on the deal position"
    assert not rows.kept(line[1]) and not rows.kept(line[2])


def test_a_game_acted_on_within_the_age_is_kept(now):
    game = rows.game("alice", ["7S-t7"], updated=now - AGES.games + timedelta(hours=1))

    assert sweep(now=now).abandoned_games == 0
    assert Game.objects.filter(pk=game.pk).exists()


def test_an_action_makes_an_old_game_current_again(now):
    game = rows.game("alice", ["7S-t7"], updated=now - AGES.games + timedelta(minutes=5))

    act(game.pk, "alice", "undo", ply=1)

    game.refresh_from_db()
    assert game.updated >= now
    assert sweep(now=now + timedelta(minutes=10)).abandoned_games == 0


def test_finished_games_and_records_are_kept_however_old(now):
    year_ago = now - 365 * DAY
    won = rows.game("alice", ["7S-t7"], updated=year_ago, result="won")
    resigned = rows.game("bob", ["7S-t7", "KC-t1"], updated=year_ago, result="resigned")
    record = Record.objects.create(
        player="alice", variant="yukon", number=rows.NUMBER, best_moves=120, best_seconds=300
    )
    Record.objects.filter(pk=record.pk).update(updated=year_ago)

    assert sweep(now=now).abandoned_games == 0

    assert set(Game.objects.values_list("pk", flat=True)) == {won.pk, resigned.pk}
    assert Record.objects.filter(pk=record.pk).exists()
    assert len(steps(Game.objects.get(pk=resigned.pk))) == 3, "its replay still replays"


# Starts that never became a game (a fresh cookie each: issue 38)


def started_long_ago(player: str, now) -> Game:
    """A game started by its first action and abandoned, its start recorded, on a deal stored
    as long ago."""
    long_ago = now - AGES.games - DAY
    game = rows.game(player, ["7S-t7"], updated=long_ago)
    record_start(game)
    Deal.objects.filter(pk=game.deal_id).update(created=long_ago)
    return game


def test_a_visitors_abandoned_start_goes_with_its_deal(now):
    started_long_ago("fresh-cookie", now)

    swept = sweep(now=now)

    assert (swept.abandoned_games, swept.forgotten_starts, swept.unplayed_deals) == (1, 1, 1)
    assert not Attempt.objects.exists() and not Deal.objects.exists()


def test_an_accounts_start_stays_and_so_does_its_deal(now):
    started_long_ago("user:7", now)

    swept = sweep(now=now)

    assert (swept.abandoned_games, swept.forgotten_starts, swept.unplayed_deals) == (1, 0, 0)
    assert Attempt.objects.get().player == "user:7" and Deal.objects.exists()


def test_a_visitor_with_a_game_left_keeps_every_start(now):
    started_long_ago("returning", now)
    rows.game("returning", ["7S-t7"], updated=now - DAY, result="won")  # a game left

    swept = sweep(now=now)

    assert (swept.forgotten_starts, swept.unplayed_deals) == (0, 0)
    assert Attempt.objects.filter(player="returning").exists()


def test_a_start_within_the_age_stays(now):
    game = rows.game("fresh-cookie", ["7S-t7"], updated=now - DAY)
    record_start(game)
    Game.objects.filter(pk=game.pk).delete()  # gone some other way: its start is still young

    assert sweep(now=now).forgotten_starts == 0
    assert Attempt.objects.exists() and Deal.objects.exists()


def test_a_daily_deal_is_kept_though_nobody_played_it(now):
    started_long_ago("fresh-cookie", now)
    DailyDeal.objects.create(day=now.date(), variant="yukon", deal=Deal.objects.get())

    assert sweep(now=now).unplayed_deals == 0
    assert Deal.objects.exists()


# Tasks


def finished_task(status: str, finished_at) -> DBTaskResult:
    result = echo.enqueue("done")
    DBTaskResult.objects.filter(pk=result.id).update(status=status, finished_at=finished_at)
    return DBTaskResult.objects.get(pk=result.id)


def test_finished_task_rows_go_after_their_age(now):
    old = finished_task(TaskResultStatus.SUCCESSFUL, now - AGES.tasks - timedelta(minutes=1))
    young = finished_task(TaskResultStatus.SUCCESSFUL, now - AGES.tasks + timedelta(minutes=1))
    failed_young = finished_task(TaskResultStatus.FAILED, now - AGES.tasks - DAY)
    failed_old = finished_task(TaskResultStatus.FAILED, now - AGES.failed_tasks - DAY)
    waiting = DBTaskResult.objects.get(pk=echo.enqueue("not yet").id)

    assert sweep(now=now).finished_tasks == 2

    left = set(DBTaskResult.objects.values_list("pk", flat=True))
    assert left == {young.pk, failed_young.pk, waiting.pk}
    assert old.pk not in left and failed_old.pk not in left


def running_task(worker_ids: list[str], started_at) -> DBTaskResult:
    row = DBTaskResult.objects.get(pk=echo.enqueue("hello").id)
    for worker in worker_ids:
        row.claim(worker)  # as the worker does when it takes the task
    DBTaskResult.objects.filter(pk=row.pk).update(started_at=started_at)
    row.refresh_from_db()
    return row


def test_a_task_orphaned_by_its_worker_is_queued_again_once(now):
    orphan = running_task(["killed-worker"], now - AGES.orphans - timedelta(minutes=1))
    busy = running_task(["live-worker"], now - AGES.orphans + timedelta(minutes=1))

    swept = sweep(now=now)

    assert (swept.requeued_tasks, swept.failed_tasks) == (1, 0)
    orphan.refresh_from_db()
    busy.refresh_from_db()
    assert orphan.status == TaskResultStatus.READY
    assert DBTaskResult.objects.ready().filter(pk=orphan.pk).exists(), "a worker will take it"
    assert busy.status == TaskResultStatus.RUNNING


def test_a_task_that_lost_two_workers_is_marked_failed(now):
    orphan = running_task(["first", "second"], now - AGES.orphans - timedelta(minutes=1))

    swept = sweep(now=now)

    assert (swept.requeued_tasks, swept.failed_tasks) == (0, 1)
    orphan.refresh_from_db()
    assert orphan.status == TaskResultStatus.FAILED
    assert orphan.finished_at == now
    assert orphan.exception_class_path == "retention.sweep.WorkerLost"
    assert "stopped mid-task" in orphan.traceback


# Sessions


def test_expired_sessions_go(now):
    Session.objects.create(session_key="a" * 32, session_data="", expire_date=now - DAY)
    Session.objects.create(session_key="b" * 32, session_data="", expire_date=now + DAY)

    assert sweep(now=now).sessions == 1
    assert list(Session.objects.values_list("session_key", flat=True)) == ["b" * 32]
