"""`manage.py generate_deals`: stores every verdict at once, continues with fresh numbers."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.deals import deal_for, deal_position
from games.models import Deal
from solver.pool.models import DealVerdict

from .reference import replay


def generate(*args: str) -> tuple[str, str]:
    out, err = io.StringIO(), io.StringIO()
    call_command("generate_deals", *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.mark.django_db
def test_it_stores_a_verdict_per_deal_and_shows_progress(capsys, settings):
    # Under this key Yukon 8, 9 and 10 are each won in under fifty nodes: after a (stored)
    # verdict on 7, those are the fresh numbers, and all three must come back won.
    settings.DEAL_KEY = b"test-key"
    DealVerdict.objects.create(deal=deal_for("yukon", 7), verdict="loss")
    out, _ = generate("--variant", "yukon", "--count", "3", "--workers", "1",
                      "--budget-seconds", "1")  # fmt: skip
    verdicts = DealVerdict.objects.filter(
        deal__variant="yukon", draw=None, passes=None, deal__number__gt=7
    )
    assert verdicts.count() == 3
    assert "3 deals solved" in out
    bar = capsys.readouterr().err
    assert "3/3 tried" in bar and "winnable" in bar and "deals/s" in bar and "ETA" in bar
    assert sorted(verdicts.values_list("deal__number", "verdict")) == [
        (8, "win"), (9, "win"), (10, "win"),
    ]  # fmt: skip
    for verdict in verdicts:
        assert replay(deal_position(verdict.deal), verdict.moves).is_won
        assert verdict.solution_length == len(verdict.moves) > 0
        assert verdict.nodes > 0


@pytest.mark.django_db
def test_a_second_run_continues_with_fresh_numbers():
    generate("--variant", "yukon", "--count", "2", "--workers", "1", "--budget-seconds", "1")
    first = set(DealVerdict.objects.values_list("deal__number", flat=True))
    generate("--variant", "yukon", "--count", "2", "--workers", "1", "--budget-seconds", "1")
    numbers = list(DealVerdict.objects.values_list("deal__number", flat=True))
    assert len(numbers) == len(set(numbers)) == 4
    assert first < set(numbers)


@pytest.mark.django_db(transaction=True)
def test_worker_processes_fill_klondike_draw_3():
    generate("--variant", "klondike", "--draw", "3", "--count", "4", "--workers", "2",
             "--budget-seconds", "1")  # fmt: skip
    verdicts = DealVerdict.objects.filter(deal__variant="klondike", draw=3)
    assert verdicts.count() == 4
    assert Deal.objects.filter(variant="klondike").count() == 4


@pytest.mark.django_db
@pytest.mark.parametrize(
    "args",
    [
        ["--variant", "spider", "--count", "1"],
        ["--variant", "yukon"],
        ["--variant", "yukon", "--count", "0"],
        ["--variant", "yukon", "--draw", "3", "--count", "1"],
        ["--variant", "klondike", "--draw", "2", "--count", "1"],
    ],
)
def test_bad_arguments_are_one_line_with_status_2(args):
    with pytest.raises(CommandError) as refusal:
        call_command("generate_deals", *args)
    assert refusal.value.returncode == 2
    assert "\n" not in str(refusal.value)
