"""Verdicts carried by a reversible move, through the real move path (issue 22): a move
whose cards can go straight back keeps a winnable position winnable with no check queued;
walking back on a lost line, a step whose move on is reversible is lost with no search; and
a hint never tells the player to go back the way they came while a search may find better."""

from __future__ import annotations

import pytest
from django_tasks_db.models import DBTaskResult

from games.engine import rules
from games.engine.moves import Move
from games.steps import current
from games.steps import steps as game_steps
from solver.deadends import queue, tasks
from solver.deadends.models import CheckRequest, PositionVerdict, position_key
from solver.search.verdict import Verdict
from tests.deadends import stored
from tests.deadends.test_check_path import played, player, post, start
from tests.deadends.test_deadends import make_deal
from tests.web.html import hint_poll, one, parse
from tests.worker import work

pytestmark = pytest.mark.django_db(transaction=True)
# A test that never looks at a wake-up runs inside a transaction: no flush of every table after.
NO_WAKE_UP = pytest.mark.django_db

# Yukon deal 6 under the test key: every step of WINNABLE is winnable, ONE_WAY (it leaves a
# card it cannot go back on) loses, and BACK_AND_FORTH can be played straight back.
WINNABLE = ["7S-t7", "KS-t1", "4D-t6", "5H-t6", "4S-t6", "9D-t2", "AD-t6", "JD-t3", "QC-t2",
            "AH-f1", "AC-f2"]  # fmt: skip
ONE_WAY, BACK_AND_FORTH = "5C-t7", "5H-t6"
# A winnable line of deal 6 to a position with a reversible move (♠K between the columns).
TO_A_WAY_BACK = ["7S-t7", "KS-t1", "5H-t5", "AD-t2", "TS-t7", "QD-t1"]


def winnable_with_a_way_back(client):
    """The client's game on deal 6 after TO_A_WAY_BACK, checked (winnable, its line stored),
    and a move from there that can go straight back, to a position not on that line."""
    make_deal()
    game = start(client)
    for move in TO_A_WAY_BACK:
        post(client, game, move=move)
    assert work() == [Verdict.WIN]
    here = current(game).position
    for move in rules.legal_moves(here):
        back = rules.move_back(here, move)
        reached = position_key(rules.apply(here, move))
        if back is not None and not PositionVerdict.objects.filter(key=reached).exists():
            return game, move, back
    raise AssertionError("no reversible move off the stored line")


def test_a_reversible_move_from_a_winnable_position_is_winnable_with_no_check():
    alice = player()
    game, move, back = winnable_with_a_way_back(alice)
    before = PositionVerdict.objects.get(key=position_key(current(game).position))
    queued = DBTaskResult.objects.count()
    page = parse(post(alice, game, move=str(move)))
    assert one(page, "#verdict")["data-state"] == Verdict.WIN
    assert not CheckRequest.objects.exists(), "nothing to search"
    assert DBTaskResult.objects.count() == queued, "and no worker woken"
    row = PositionVerdict.objects.get(key=position_key(current(game).position))
    # Its line: the move back, then the line from where it came, one move longer.
    assert (row.verdict, row.move, row.length) == (Verdict.WIN, str(back), before.length + 1)


@NO_WAKE_UP
def test_a_one_way_move_from_a_winnable_position_is_still_checked():
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    work()
    before = current(game).position
    assert rules.move_back(before, Move.parse("KC-t1")) is None  # its cards can't go back
    post(alice, game, move="KC-t1")
    assert CheckRequest.objects.get().key == position_key(current(game).position)


@NO_WAKE_UP
def test_a_look_back_past_a_reversible_move_proves_the_step_before_it_lost_unsearched():
    alice, game = played([*WINNABLE, ONE_WAY, BACK_AND_FORTH])
    *_, last_winnable, one_way, lost = game_steps(game)
    assert rules.move_back(one_way.position, Move.parse(BACK_AND_FORTH)) is not None
    assert CheckRequest.objects.get().key == position_key(lost.position)
    row = walked_past(one_way, to=last_winnable)
    assert (row.verdict, row.nodes) == (Verdict.LOSS, 0), "lost by its move on, unsearched"
    assert work() == [Verdict.WIN], "two searches in all, not three"
    assert jumps_back_to(alice, game) == len(WINNABLE)


def walked_past(step, to) -> PositionVerdict:
    """The check of where the player stands proves it lost, with the one search; the banner's
    walk back goes past `step` unsearched and asks for `to`. Returns `step`'s row."""
    claimed = queue.claim_some(limit=tasks.BATCH)
    assert tasks._check(claimed, "") == [Verdict.LOSS]  # one search: where the player stands
    assert CheckRequest.objects.get().key == position_key(to.position), "went on past it"
    return PositionVerdict.objects.get(key=position_key(step.position))


def jumps_back_to(client, game) -> int:
    """The step the dead-end banner's jump goes back to."""
    banner = parse(client.get(f"/game/{game.slug}/verdict/", {"ply": game.ply}))
    jump = one(banner, "[data-testid=jump-back]")
    return int(one(jump.find_parent("form"), "input[name=step]")["value"])


def ask_hint(client, game):
    return parse(post(client, game, action="hint"))


def poll_hint(client, page):
    return client.get(hint_poll(page), HTTP_HX_REQUEST="true")


@NO_WAKE_UP
def test_a_hint_that_would_only_go_back_waits_for_a_check_of_its_own():
    alice = player()
    game, move, back = winnable_with_a_way_back(alice)
    post(alice, game, move=str(move))  # winnable: by the move back
    page = ask_hint(alice, game)
    assert one(page, "[data-testid=hint-wait]") and not page.select("[data-hint]")
    request = CheckRequest.objects.get()
    assert request.key == position_key(current(game).position) and request.recheck
    assert poll_hint(alice, page).status_code == 204, "still looking"
    assert work() == [Verdict.WIN]
    hint = one(parse(poll_hint(alice, page)), "[data-hint]")["data-hint"]
    assert hint != str(back), "a way on, not back"
    onward = rules.apply(current(game).position, Move.parse(hint))
    assert PositionVerdict.objects.get(key=position_key(onward)).verdict == Verdict.WIN


@NO_WAKE_UP
def test_the_move_back_is_the_hint_when_the_check_leaves_the_position_undecided(monkeypatch):
    alice = player()
    game, move, back = winnable_with_a_way_back(alice)
    post(alice, game, move=str(move))
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "DEEP_BUDGET", {"budget_nodes": 1})
    page = ask_hint(alice, game)
    assert one(page, "[data-testid=hint-wait]")
    assert work() == ["deeper", Verdict.UNKNOWN]
    assert PositionVerdict.objects.get(key=position_key(current(game).position)).verdict == "win"
    assert one(parse(poll_hint(alice, page)), "[data-hint]")["data-hint"] == str(back)


def undecided(monkeypatch):
    """Checks of one node, which decide nothing; `monkeypatch.undo()` gives the real ones."""
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "DEEP_BUDGET", {"budget_nodes": 1})


def a_way_back(position) -> Move:
    return next(m for m in rules.legal_moves(position) if rules.move_back(position, m))


def a_one_way_move(position) -> Move:
    return next(m for m in rules.legal_moves(position) if not rules.move_back(position, m))


def test_a_reversible_move_from_an_undecided_position_is_undecided_with_no_check(monkeypatch):
    alice, game = played(TO_A_WAY_BACK)
    undecided(monkeypatch)
    assert work() == ["deeper", Verdict.UNKNOWN], "its checks left it undecided"
    queued = DBTaskResult.objects.count()
    page = parse(post(alice, game, move=str(a_way_back(current(game).position))))
    assert one(page, "#verdict")["data-state"] == Verdict.UNKNOWN
    assert not CheckRequest.objects.exists(), "nothing to search"
    assert DBTaskResult.objects.count() == queued, "and no worker woken"
    row = PositionVerdict.objects.get(key=position_key(current(game).position))
    assert (row.verdict, row.nodes) == (Verdict.UNKNOWN, 0)
    post(alice, game, move=str(a_one_way_move(current(game).position)))
    assert CheckRequest.objects.get().quick_only, "a move that cannot go back is still checked"


@NO_WAKE_UP
def test_a_look_back_past_a_reversible_move_to_an_undecided_step_does_not_search_it(
    monkeypatch,
):
    alice, game = played([*WINNABLE, ONE_WAY, BACK_AND_FORTH])
    undecided(monkeypatch)
    assert work() == ["deeper", Verdict.UNKNOWN], "where it stands: left undecided"
    monkeypatch.undo()
    post(alice, game, move=str(a_one_way_move(current(game).position)))
    *_, last_winnable, one_way, left_undecided, lost = game_steps(game)
    assert stored.verdicts([one_way.position, left_undecided.position]) == [None, "unknown"]
    row = walked_past(one_way, to=last_winnable)
    assert (row.verdict, row.nodes) == (Verdict.UNKNOWN, 0), "as undecided as its move on"
    assert work() == [Verdict.WIN]
    assert jumps_back_to(alice, game) == len(WINNABLE)
