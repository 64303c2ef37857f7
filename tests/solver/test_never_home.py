"""The second cheap proof of loss, deadlock.never_home: a card that can never go home.

It must call lost what the face-down proof cannot (a tangle of face-up cards over the
face-down ones they need), and it must never call lost a position a win passes through:
checked against the search with the face-down proof only (TableauGame.buried), on the lines
that search finds for the reference deals and on positions from random play.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from games.engine.deal import deal
from games.engine.positions import Position
from games.engine.rules import apply, legal_moves
from solver.search import ENGINES, Verdict, python_game, solve
from solver.search.budget import Budget, OutOfBudget
from solver.search.dfs import search
from solver.search.reader import read

from .reference import reference, replay

# ♠5 lies on ♥Q ♦Q ♥6 (face down) and needs ♦6, which ♠J covers; ♠J needs a red queen (both
# under ♠5) or ♠4 home (under them too). Everything else could go home.
TANGLE = (
    "yukon; t1: 4S QH QD 6H | 5S; t2: 6D JS; t3: KS; t4: KD; t5: 7D 6S JH TH 9H 8H 7H;"
    " t6: 8D 9D TD JD; t7: 7S 8S 9S TS QS KH; f1: AS..3S; f2: AH..5H; f3: AD..5D; f4: AC..KC"
)
# A deal of a verdict bench's (issue 36 removed it) after 9 moves off the winning line: the search
# without never_home needs 8.2 million nodes (16 CPU-s natively) to prove it lost.
STRAYED = (
    "yukon; t1: 6S 5H 4D 7D 8C 2D; t2: TS | 6D JS AC JC 4S 3D QC AH;"
    " t3: 8H 7C 6H 5C 4H 3C 3H 2C AD 9D; t4: 5D 6C AS | KC 2S JD TC 8D 9S KS 8S;"
    " t5: QS TH 7S | 4C; t6: KD 7H 9H 2H | TD; t7: KH 9C QH 3S QD 5S | JH"
)
# Random draw-3 play from a deal: only the waste is left, and in draw 3 d's and r's bring
# every third card of it to the top, none of which can go anywhere, so no card ever leaves
# the talon. In draw 1 every card of it is in reach, and the same table is won.
WASTE_BOUND = (
    "klondike draw=3; t1: 2C; t2: QD JC TD 9C 8D; t3: 6C | JD;"
    " t4: 2S 3D 7S | KD QS JH TS 9H 8S 7H 6S 5H; t5: 6D 2D | KC; t6: AD 7C | 5C 4D;"
    " t7: 3C 9D AC KH AH | 4H 3S 2H; f1: AS..AS;"
    " waste: 5S 7D 3H TC KS TH 5D QH QC 4S 4C JS 9S 6H 8C 8H"
)
MODES = [("yukon", None), ("klondike", 1), ("klondike", 3)]
# The Python search's lines without never_home, stored for the first 80 reference deals of
# each mode (tools/search_golden.py; tests/solver/test_native.py checks they are current).
# The live test that finds them again, the same deals on the same budget, is marked oracle.
ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "search" / "python.jsonl"


def stored(kind: str) -> list[dict]:
    with open(GOLDEN, encoding="utf-8") as lines:
        return [row for row in map(json.loads, lines) if row.get("kind") == kind]


def stored_lines() -> list[dict]:
    return stored("plain")


def flagged(position: Position) -> bool:
    return python_game(read(position)).stranded()


def plain_search(position: Position, nodes: int) -> list[str] | None | str:
    """The search with the face-down proof only: a win's moves, None for a loss, "unknown"."""
    game = python_game(read(position))
    game.is_dead = game.buried
    try:
        return search(game, Budget(None, nodes))
    except OutOfBudget:
        return "unknown"


def test_a_tangle_of_face_up_cards_is_lost_though_every_face_down_card_may_come_up():
    position = Position.from_text(TANGLE)
    assert not python_game(read(position)).buried()  # ♠5 may leave for ♦6, as that proof sees
    assert flagged(position)
    # With ♠4 home, ♠5 can follow it and uncover the rest.
    untangled = Position.from_text(
        TANGLE.replace("t1: 4S QH", "t1: QH").replace("AS..3S", "AS..4S")
    )
    assert not flagged(untangled)
    assert solve(untangled).verdict == Verdict.WIN


@pytest.mark.parametrize("engine", ENGINES)
def test_a_strayed_deal_that_took_millions_of_nodes_is_lost_in_one(engine):
    result = solve(Position.from_text(STRAYED), budget_nodes=1000, engine=engine)
    assert (result.verdict, result.nodes) == (Verdict.LOSS, 1)


@pytest.mark.parametrize("engine", ENGINES)
def test_draw_3_talon_cards_out_of_reach_are_stranded(engine):
    position = Position.from_text(WASTE_BOUND)
    assert not python_game(read(position)).buried()
    assert flagged(position)
    result = solve(position, engine=engine)
    assert (result.verdict, result.nodes) == (Verdict.LOSS, 1)
    assert plain_search(position, 300_000) is None  # the search without it proves it too
    in_reach = Position.from_text(WASTE_BOUND.replace("draw=3", "draw=1"))
    assert not flagged(in_reach)
    assert solve(in_reach, engine=engine).verdict == Verdict.WIN


def test_a_klondike_draw_3_loss_takes_a_twentieth_of_the_nodes():
    # klondike-d3-302: 4.9 million nodes with the face-down proof only.
    position = reference("klondike")["klondike-d3-302"]["position"]
    assert solve(position, budget_nodes=400_000).verdict == Verdict.LOSS


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "draw"), MODES)
def test_no_position_on_a_stored_winning_line_is_called_lost(variant, draw):
    """Lines found without never_home (stored by tools/search_golden.py, as "plain"),
    replayed by the rules: never_home stays silent on every position of them."""
    positions = {r["id"]: r["position"] for r in reference(variant).values()}
    rows = [r for r in stored_lines() if r["id"] in positions]
    rows = [r for r in rows if positions[r["id"]]["draw"] == draw]
    assert len(rows) == 80
    lines = checked = 0
    for row in rows:
        if row["verdict"] != Verdict.WIN:
            continue
        position = Position.from_json(positions[row["id"]])
        lines += 1
        for n, move in enumerate(row["moves"]):
            assert not flagged(position), (row["id"], n)
            checked += 1
            position = replay(position, [move])
        assert position.is_won
    assert lines >= 40 and checked > 40 * 50


@pytest.mark.slow
@pytest.mark.oracle
@pytest.mark.parametrize(("variant", "draw"), MODES)
def test_no_position_on_a_winning_line_is_called_lost(variant, draw):
    """Lines found without never_home, replayed by the rules: never_home stays silent on
    every position of them (each one is winnable)."""
    rows = [r for r in reference(variant).values() if r["position"]["draw"] == draw][:80]
    lines = checked = 0
    for row in rows:
        position = Position.from_json(row["position"])
        moves = plain_search(position, 2000)
        if not isinstance(moves, list):
            continue
        lines += 1
        for n, move in enumerate(moves):
            assert not flagged(position), (row["id"], n)
            checked += 1
            position = replay(position, [move])
        assert position.is_won
    assert lines >= 40 and checked > 40 * 50


@pytest.mark.parametrize(("variant", "draw"), MODES)
def test_what_never_home_calls_lost_the_search_without_it_never_wins(variant, draw):
    """Where random play from fixed deals first reached a position never_home calls lost, and
    what the search without never_home answered there, stored by tools/search_golden.py (as
    "never_home"; the live test below walks and searches again): never_home still calls each
    one lost, and that search never won one."""
    rows = [row for row in stored("never_home") if row["id"].startswith(f"{variant}-{draw}-")]
    assert len(rows) >= 10  # Yukon about 100, Klondike 15 to 30
    for row in rows:
        assert row["budget"] == 3000
        assert flagged(Position.from_text(row["position"])), row["id"]
        assert row["verdict"] in (Verdict.LOSS, Verdict.UNKNOWN), row["id"]


@pytest.mark.slow
@pytest.mark.oracle
@pytest.mark.parametrize(("variant", "draw"), MODES)
def test_what_never_home_calls_lost_the_live_search_without_it_never_wins(variant, draw):
    rng, lost, refuted = random.Random(8), 0, 0
    for number in range(1, 120):
        position = deal(variant, number, b"never-home-test-deal-key-32-bytes", draw, None)
        for _ in range(150):
            moves = legal_moves(position)
            if position.is_won or not moves:
                break
            position = apply(position, rng.choice(moves))
            if flagged(position):
                lost += 1
                refuted += isinstance(plain_search(position, 3000), list)
                break
    assert lost >= 10  # Yukon about 100, Klondike 15 to 30
    assert refuted == 0
