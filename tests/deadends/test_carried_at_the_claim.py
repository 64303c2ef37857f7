"""A move carries a verdict when the worker claims its check (tasks._carried): a player who
moves on before the check of where they stood ends asks for a check of the position they
reach, and by the time a worker claims that one, the position the move came from is often
decided. Then the verdict follows with no search (carry.derive's rules), as it would have
on the move path; a came-from position left undecided gets the new one a quick check only."""

from __future__ import annotations

import pytest

from games.engine import rules
from games.steps import current
from solver.deadends import proofs, queue, tasks
from solver.deadends.models import CheckRequest, PositionVerdict, position_key
from solver.deadends.tasks import check_position
from solver.search import solve
from solver.search.verdict import Verdict
from tests.deadends import stored
from tests.deadends.test_check_path import in_the_dead_end, played, player, post, start
from tests.deadends.test_deadends import make_deal
from tests.deadends.test_reversible_path import TO_A_WAY_BACK, a_way_back
from tests.worker import work

pytestmark = pytest.mark.django_db


def check_ends(position, **budget) -> None:
    """The check of `position` that a worker had under way when its player moved on ends
    now: searched by the real solver, its result stored as the worker stores it."""
    result = solve(position, **budget)
    proofs.store(position, result.verdict, list(result.moves), result.nodes, result.seconds)


def test_a_move_from_a_position_proven_lost_meanwhile_is_lost_with_no_search():
    alice, game = in_the_dead_end()  # its check still under way
    lost = current(game).position
    post(alice, game, move="4D-t6")  # moved on while the dead end was still being checked
    reached = current(game).position
    wanted = CheckRequest.objects.get()
    assert (wanted.key, wanted.came_from) == (position_key(reached), position_key(lost))
    check_ends(lost, budget_nodes=1_000_000)
    assert stored.verdicts([lost]) == [Verdict.LOSS]
    outcomes = work()
    assert outcomes[0] == "carried", outcomes  # what follows is the banner's look back
    row = PositionVerdict.objects.get(key=position_key(reached))
    assert (row.verdict, row.nodes) == (Verdict.LOSS, 0), "lost, and never searched"


def test_a_reversible_move_from_a_position_proven_winnable_meanwhile_is_winnable():
    alice, game = played(TO_A_WAY_BACK)  # the check of where it stands still under way
    here = current(game).position
    line = solve(here, budget_nodes=200_000).moves
    assert line, "winnable, as test_reversible_path says"
    move, back = next(
        (move, rules.move_back(here, move))
        for move in rules.legal_moves(here)
        if rules.move_back(here, move) is not None and str(move) != line[0]
    )  # off the line it would find: the back-and-forth rule, not the line's
    post(alice, game, move=str(move))
    reached = current(game).position
    assert CheckRequest.objects.get().came_from == position_key(here)
    check_ends(here, budget_nodes=200_000)
    stored = PositionVerdict.objects.get(key=position_key(here))
    assert work() == ["carried"]
    row = PositionVerdict.objects.get(key=position_key(reached))
    # Its line: the move back, then the line from where it came, one move longer.
    assert (row.verdict, row.move, row.length) == (Verdict.WIN, str(back), stored.length + 1)
    assert row.nodes == 0 and not CheckRequest.objects.exists()


def moved_on_with_checks_that_decide_nothing(monkeypatch):
    """A game two moves in, with checks of one node (they decide nothing): its player moved
    on from the first position before its check ended. Returns the game and that position."""
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "DEEP_BUDGET", {"budget_nodes": 1})
    alice, game = played(["7S-t7"])
    left = current(game).position
    post(alice, game, move=str(rules.legal_moves(left)[0]))
    return game, left


def test_a_move_from_a_position_left_undecided_meanwhile_gets_a_quick_check_only(monkeypatch):
    game, left = moved_on_with_checks_that_decide_nothing(monkeypatch)
    assert not CheckRequest.objects.get().quick_only, "its came-from position: not yet checked"
    check_ends(left, **tasks.QUICK_BUDGET)
    assert stored.verdicts([left]) == [Verdict.UNKNOWN]
    assert check_position.call() == "unknown", "a quick check, and no deep one"
    assert stored.verdicts([current(game).position]) == [Verdict.UNKNOWN]


def test_a_deep_check_whose_came_from_position_was_left_undecided_meanwhile_is_not_run(
    monkeypatch,
):
    game, left = moved_on_with_checks_that_decide_nothing(monkeypatch)
    assert tasks._check(queue.claim_some("", tasks.BATCH), "") == ["deeper"]
    assert CheckRequest.objects.get().deep, "asked for again, deep"
    check_ends(left, **tasks.QUICK_BUDGET)  # meanwhile, left undecided
    assert check_position.call() == "carried", "no deep search: stored undecided"
    assert stored.verdicts([current(game).position]) == [Verdict.UNKNOWN]
    assert not CheckRequest.objects.exists()


def test_a_move_from_a_win_that_carries_nothing_gives_the_claim_no_came_from():
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    work()  # winnable, its line stored
    here = current(game).position
    assert stored.verdicts([here]) == [Verdict.WIN]
    post(alice, game, move="KC-t1")  # off its line, and its cards cannot go back
    assert CheckRequest.objects.get().came_from == "", "the move path tried already"


def test_a_reversible_move_from_a_position_left_undecided_meanwhile_is_not_searched(
    monkeypatch,
):
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "DEEP_BUDGET", {"budget_nodes": 1})
    alice, game = played(TO_A_WAY_BACK)
    left = current(game).position
    post(alice, game, move=str(a_way_back(left)))  # before the check of `left` ended
    assert CheckRequest.objects.get().came_from == position_key(left)
    check_ends(left, **tasks.QUICK_BUDGET)  # meanwhile, left undecided
    assert check_position.call() == "carried", "no search: as undecided as where it came from"
    row = PositionVerdict.objects.get(key=position_key(current(game).position))
    assert (row.verdict, row.nodes) == (Verdict.UNKNOWN, 0)
    assert not CheckRequest.objects.exists()
