"""Deal grades (issue 24, part 1): measured by the search itself, the same on every run, rising
with each measure, and every grade kept stocked in each mode's pool."""

from __future__ import annotations

import pytest
from django.conf import settings
from django_tasks_db.models import DBTaskResult

from games.deals import deal_for, deal_position
from games.engine.deal import deal
from games.engine.moves import Move
from games.engine.rules.core import apply, legal_moves
from solver.management.commands.ensure_pool import MODES
from solver.pool import grade as grading
from solver.pool import tasks
from solver.pool.fill import solve_and_store, work_out_grade
from solver.pool.grade import CUTS, GRADES, Measures, measure
from solver.pool.models import DealVerdict
from solver.pool.pick import pick_number
from solver.search import solve
from solver.search.verdict import Verdict

NODES = 200_000  # each proof's budget here: the deals below are proven in a few thousand


@pytest.mark.django_db
@pytest.mark.parametrize("variant,number,draw", [("yukon", 1, None), ("klondike", 1, 3)])
def test_the_same_deal_always_gets_the_same_grade(variant, number, draw):
    proven = solve_and_store(variant, number, draw, None, None, budget_nodes=NODES)
    assert proven.verdict == Verdict.WIN and proven.grade in GRADES
    assert 0 <= proven.narrowness < 1
    start = deal_position(proven.deal, draw, None)
    again = measure(start, proven.par_moves, proven.nodes)
    assert again == measure(start, proven.par_moves, proven.nodes)
    assert again.narrowness == proven.narrowness and again.par == proven.par
    DealVerdict.objects.filter(pk=proven.pk).update(grade="", narrowness=None)
    assert work_out_grade(DealVerdict.objects.get(pk=proven.pk)) == proven.grade
    assert DealVerdict.objects.get(pk=proven.pk).narrowness == proven.narrowness


def test_an_alternative_not_proven_to_keep_the_deal_counts_as_narrow(monkeypatch):
    start = deal("yukon", 1, settings.DEAL_KEY)
    line = list(solve(start, budget_nodes=NODES).moves)
    positions = [start]
    for text in line:
        positions.append(apply(positions[-1], Move.parse(text)))
    on_line = set(positions)
    moves = [apply(p, m) for p in positions[:-1] for m in legal_moves(p)]
    kept = sum(after in on_line for after in moves)
    monkeypatch.setattr(grading, "MEASURE_NODES", 0)  # no search at all: only the line is kept
    assert measure(start, line, 1).narrowness == round(1 - kept / len(moves), 6)
    monkeypatch.undo()
    assert measure(start, line, 1).narrowness < round(1 - kept / len(moves), 6)


@pytest.mark.parametrize("mode", list(CUTS))
def test_grades_rise_with_each_measure_from_easy_to_expert(mode):
    cuts = CUTS[mode]
    assert grading.grade(Measures(0.0, 1, 0), *mode) == "easy"
    assert grading.grade(Measures(1.0, 10_000, 10**12), *mode) == "expert"
    base = Measures(cuts["narrowness"][1], cuts["par"][1], int(10 ** cuts["effort"][1]))
    harder = [
        Measures(1.0, base.par, base.nodes),
        Measures(base.narrowness, 10_000, base.nodes),
        Measures(base.narrowness, base.par, 10**12),
    ]
    for measures in harder:
        assert GRADES.index(grading.grade(measures, *mode)) >= GRADES.index(
            grading.grade(base, *mode)
        )


def test_every_mode_the_site_deals_has_cut_points_of_its_own():
    assert set(MODES) == set(CUTS)
    assert grading.mode_cuts("klondike", 3, 3) is CUTS[("klondike", 3, 3)]
    assert grading.mode_cuts("klondike", 1, 2) is CUTS[("klondike", 1, None)]


def wins(grades: list[str], first: int = 100) -> None:
    for number, grade in enumerate(grades, start=first):
        DealVerdict.objects.create(
            deal=deal_for("yukon", number), verdict=Verdict.WIN, moves=["AS-f"], grade=grade
        )


@pytest.mark.django_db
def test_a_full_pool_short_of_a_grade_is_still_short(monkeypatch):
    monkeypatch.setattr(tasks, "POOL_TARGET", 4)
    monkeypatch.setattr(tasks, "GRADE_STOCK", 1)
    wins(["easy", "easy", "medium", "hard"])
    assert tasks.grade_counts("yukon", None, None) == {
        "easy": 2, "medium": 1, "hard": 1, "expert": 0
    }  # fmt: skip
    assert tasks.is_short("yukon", None, None), "no expert deal yet"
    wins(["expert"], first=200)
    assert not tasks.is_short("yukon", None, None)


@pytest.mark.django_db
def test_the_pool_stops_at_its_cap_however_a_grade_falls_short(monkeypatch):
    monkeypatch.setattr(tasks, "POOL_TARGET", 2)
    monkeypatch.setattr(tasks, "POOL_CAP", 3)
    wins(["easy", "easy"])
    assert tasks.is_short("yukon", None, None)
    wins(["easy"], first=200)
    assert not tasks.is_short("yukon", None, None)


@pytest.mark.django_db(transaction=True)
def test_a_top_up_goes_on_while_a_grade_is_short(monkeypatch):
    monkeypatch.setattr(tasks, "POOL_TARGET", 1)
    wins(["easy"])
    DBTaskResult.objects.all().delete()
    tasks.top_up_pool.call("yukon", None, None)
    queued = DBTaskResult.objects.filter(task_path__endswith="top_up_pool", status="READY")
    assert queued.count() == 1, "the pool holds one easy deal and no other grade: go on"


@pytest.mark.django_db
def test_a_grade_asked_for_is_picked_from_that_grade_only():
    wins(["easy", "expert", "easy", "hard"])
    expert = DealVerdict.objects.get(grade="expert").deal.number
    assert {pick_number("yukon", None, None, "expert") for _ in range(5)} == {expert}
    assert pick_number("yukon", None, None, "medium") is None
    assert pick_number("yukon", None, None) in range(100, 104)


@pytest.mark.django_db
def test_wins_proven_before_grades_were_kept_are_graded_by_the_worker():
    proven = solve_and_store("yukon", 1, None, None, None, budget_nodes=NODES)
    DealVerdict.objects.filter(pk=proven.pk).update(grade="", narrowness=None, par_moves=[])
    assert tasks.work_out_grades.call() == 1
    again = DealVerdict.objects.get(pk=proven.pk)
    assert again.grade in GRADES and again.par_moves, "par worked out first"
