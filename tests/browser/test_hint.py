"""Hints in Chromium: the next move of the solver's winning line from where the player stands,
shown on the table by marking its card and its target, and counted. Where no line is known
yet, the page says it is looking and the hint arrives by itself once the worker's check has
found one."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from games import deals
from games.engine import rules
from games.engine.moves import Move
from games.engine.positions import Position
from games.models import Game
from tests.worker import work

from .conftest import winnable

pytestmark = pytest.mark.browser

NUMBER = 2_100_000_301


def solver_next(position: Position) -> str:
    from solver.search import solve

    result = solve(position, budget_nodes=1_000_000)
    assert result.verdict == "win"
    return result.moves[0]


def test_a_hint_marks_the_card_and_the_target_of_the_winning_lines_next_move(open_tab):
    deal, _ = winnable("yukon", NUMBER)
    position = deals.deal_position(deal)
    tab = open_tab(f"/yukon/{NUMBER}/")
    for _ in range(4):  # the hint, then the move it shows, a few times over
        expected = solver_next(position)
        tab.act("hint")
        if tab.page.get_by_test_id("hint-wait").count():
            work()  # the worker's check; the page's poll brings the hint
        expect(tab.page.locator("#board .hint-note")).to_have_attribute("data-hint", expected)
        code, target = expected.split("-")
        expect(tab.page.locator("#board .card.hinted")).to_have_attribute("data-card", code)
        hinted_pile = tab.page.locator("#board .pile.hinted")
        expect(hinted_pile).to_have_count(1)
        pile = hinted_pile.get_attribute("data-pile")
        assert pile == target or (target == "f" and pile in tab.targets(code)), (
            f"the hint {expected} marks pile {pile}"
        )

        tab.play(expected)
        position = rules.apply(position, Move.parse(expected))
        expect(tab.page.locator("#board .hinted")).to_have_count(0)

    assert Game.objects.get(deal=deal).hints == 4


def test_a_hint_home_marks_the_foundation_that_takes_the_card(open_tab):
    deal, line = winnable("yukon", NUMBER)
    position = deals.deal_position(deal)
    played = 0
    for move in line:  # along the winning line to the first place the solver sends a card home
        expected = solver_next(position)
        if expected.endswith("-f"):
            break
        position = rules.apply(position, Move.parse(move))
        played += 1
    tab = open_tab(f"/yukon/{NUMBER}/")
    tab.post_actions(line[:played])  # the way there is not what this test is about

    tab.hint_through_the_worker()  # no check has run yet
    code = expected.split("-")[0]
    expect(tab.page.locator("#board .card.hinted")).to_have_attribute("data-card", code)
    foundation = tab.page.locator("#board .foundation.hinted")
    expect(foundation).to_have_count(1, timeout=2_000)
    assert foundation.get_attribute("data-pile") in tab.targets(code)
