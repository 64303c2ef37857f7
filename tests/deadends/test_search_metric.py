"""The worker's search time, counted by the kind of check and its outcome (the metric
yukon_check_search_seconds): where the search goes, and how much of it decided nothing."""

from __future__ import annotations

import pytest
from prometheus_client import REGISTRY

from solver.deadends import tasks
from tests.deadends.test_check_path import in_the_dead_end
from tests.worker import work

pytestmark = pytest.mark.django_db

CHECKS = ("quick", "deep", "look_back", "recheck", "after")
OUTCOMES = ("win", "loss", "unknown")


def counted() -> dict[tuple[str, str], float]:
    return {
        (check, outcome): REGISTRY.get_sample_value(
            "yukon_check_search_seconds_total", {"check": check, "outcome": outcome}
        )
        or 0.0
        for check in CHECKS
        for outcome in OUTCOMES
    }


def test_a_dead_end_and_its_look_back_are_counted_apart(monkeypatch):
    in_the_dead_end()  # where the game stands is lost: its check, then the walk back
    searched = []  # each search's result, in turn
    search = tasks.solve

    def solve(position, **budget):  # the real search, its result kept
        searched.append(result := search(position, **budget))
        return result

    monkeypatch.setattr(tasks, "solve", solve)
    was = counted()
    outcomes = work()
    assert outcomes[0] == "loss" and len(outcomes) > 1, outcomes
    grown = {labels: now - was[labels] for labels, now in counted().items() if now > was[labels]}
    assert grown.pop(("quick", "loss")) == pytest.approx(searched[0].seconds)
    assert {check for check, _ in grown} == {"look_back"}, "the earlier positions, apart"
    assert sum(grown.values()) == pytest.approx(sum(result.seconds for result in searched[1:]))
