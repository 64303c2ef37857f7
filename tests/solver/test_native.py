"""The compiled search core against the Python one, its readable reference.

_native.c ports the Python search move for move, so on a budget of nodes both engines
must not only agree on every verdict but take the same number of nodes and find the same
line: any slip in a port of a move rule, a key or a pruning shows up here. Every native
win also replays through the rules engine to a won game, and every native loss is matched
by the reference's own exhaustive proof.

The Python search's answers for every reference deal and 200 positions from random play are
stored (tests/data/search/python.jsonl, written by tools/search_golden.py, which must run
again whenever solver/search/*.py changes: a test here says so): the compiled core is
compared against them on every run. The same comparisons with the Python search run live
(marker `oracle`, also `slow`: about a CPU-minute) search exactly those positions on the same
budgets, so CI leaves them out; run them with `-m oracle`.
"""

from __future__ import annotations

import importlib.util
import json
from functools import cache
from pathlib import Path

import pytest

from games.engine.deal import deal
from games.engine.positions import Position
from solver.search import Verdict, native, python_game, solve
from solver.search.budget import Budget, OutOfBudget
from solver.search.dfs import search
from solver.search.native import _native
from solver.search.reader import read

from .reference import reference, replay

# Node budgets: enough for most reference deals to be decided (both wins and losses), small
# enough that the Python engine takes a few seconds over all of them.
DEAL_NODES = 1500
MIDGAME_NODES = 2000
# The deal key of a development site (yukon_site.settings), as bench/deals.py deals.
DEVELOPMENT_DEAL_KEY = b"yukon-klondike-development-deal-key"

pytestmark = pytest.mark.skipif(not native.available(), reason="native core not built")

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("search_golden", ROOT / "tools" / "search_golden.py")
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


def both(position, nodes: int):
    """Each engine's Answer; the native one without its quick dive, so that it searches
    exactly as the Python one does."""
    python = solve(position, budget_nodes=nodes, engine="python")
    compiled = native.search(read(position), None, nodes, dive=False)
    return python, compiled


def assert_same(python, compiled, position, label: str = "") -> None:
    assert (compiled.verdict, compiled.nodes) == (python.verdict, python.nodes), label
    assert compiled.moves == python.moves, label
    if compiled.verdict == Verdict.WIN:
        assert replay(position, compiled.moves).is_won, label


def reference_positions() -> list[tuple[str, dict]]:
    rows = list(reference("yukon").values()) + list(reference("klondike").values())
    return [(row["id"], row["position"]) for row in rows]


REFERENCE = reference_positions()


@pytest.mark.parametrize(("deal_id", "position"), REFERENCE, ids=[i for i, _ in REFERENCE])
@pytest.mark.slow
@pytest.mark.oracle
def test_both_engines_agree_on_every_reference_deal(deal_id, position):
    python, compiled = both(position, DEAL_NODES)
    assert_same(python, compiled, position)


def test_the_reference_deals_exercise_wins_losses_and_budgets():
    """The comparison above is only worth something if it sees every kind of verdict."""
    verdicts = [solve(p, budget_nodes=DEAL_NODES).verdict for _, p in REFERENCE]
    assert verdicts.count(Verdict.WIN) >= 100
    assert verdicts.count(Verdict.LOSS) >= 10
    assert verdicts.count(Verdict.UNKNOWN) >= 10


@cache
def stored() -> tuple[dict, list[dict]]:
    """The stored answers' header, and the answers (tools/search_golden.py)."""
    with open(golden.GOLDEN, encoding="utf-8") as lines:
        header, *rows = [json.loads(line) for line in lines]
    return header, rows


def stored_answers(kind: str) -> list[dict]:
    return [row for row in stored()[1] if row["kind"] == kind]


@cache
def midgame_positions() -> list[tuple[str, Position]]:
    """The stored positions reached by random legal play (stock moves included) from the
    reference deals, Klondike also with a pass limit: 200 from 100 deals."""
    return [(row["id"], Position.from_text(row["position"])) for row in stored_answers("midgame")]


def assert_as_stored(row: dict, position) -> None:
    compiled = native.search(read(position), None, row["budget"], dive=False)
    assert (compiled.verdict, compiled.nodes) == (row["verdict"], row["nodes"]), row["id"]
    assert compiled.moves == row["moves"], row["id"]
    if compiled.verdict == Verdict.WIN:
        assert replay(position, compiled.moves).is_won, row["id"]


def test_the_stored_answers_are_the_python_search_of_today():
    """The stored answers hold only for the Python search they were made with."""
    assert stored()[0]["sources"] == golden.sources_digest(), (
        "solver/search changed: run .venv/bin/python tools/search_golden.py"
    )
    deals = stored_answers("deal")
    assert [row["id"] for row in deals] == [i for i, _ in REFERENCE]
    assert {row["budget"] for row in deals} == {DEAL_NODES} == {golden.DEAL_NODES}
    assert {r["budget"] for r in stored_answers("midgame")} == {MIDGAME_NODES}


def test_the_compiled_core_answers_every_reference_deal_as_the_python_one_did():
    positions = dict(REFERENCE)
    for row in stored_answers("deal"):
        assert_as_stored(row, positions[row["id"]])


def test_the_compiled_core_answers_positions_from_random_play_as_the_python_one_did():
    rows = stored_answers("midgame")
    assert len(rows) >= 150
    for row in rows:
        assert_as_stored(row, Position.from_text(row["position"]))
    # Random play loses most games: the losses are the point here, but wins must come too.
    verdicts = [row["verdict"] for row in rows]
    assert verdicts.count(Verdict.LOSS) >= 30
    assert verdicts.count(Verdict.WIN) >= 10


def test_the_dive_never_contradicts_the_python_search():
    """solve()'s native default dives for a win first: its verdicts may be decided where
    the plain search's are not, never the other way round, and its wins replay."""
    positions = dict(REFERENCE)
    for row in stored_answers("deal"):
        position = positions[row["id"]]
        compiled = solve(position, budget_nodes=DEAL_NODES)
        if row["verdict"] != Verdict.UNKNOWN and compiled.verdict != Verdict.UNKNOWN:
            assert row["verdict"] == compiled.verdict, row["id"]
        if compiled.verdict == Verdict.WIN:
            assert replay(position, compiled.moves).is_won, row["id"]


def test_no_position_offers_more_moves_than_the_stated_bound():
    """_native.c counts out the most moves one position can offer (MOVES_BOUND) and holds
    more in its buffer: the Python engine, which offers the same moves, went past it on no
    position its searches of the reference deals and random-play positions entered."""
    most = max(row["most_moves"] for row in stored()[1] if "most_moves" in row)
    assert 10 <= most <= _native.MOVES_BOUND < _native.MOVES_CAP


@pytest.mark.slow
@pytest.mark.oracle
def test_both_engines_agree_on_positions_from_random_play():
    positions = midgame_positions()
    assert len(positions) >= 150
    verdicts = []
    for name, position in positions:
        python, compiled = both(position, MIDGAME_NODES)
        assert_same(python, compiled, position, name)
        verdicts.append(compiled.verdict)
    # Random play loses most games: the losses are the point here, but wins must come too.
    assert verdicts.count(Verdict.LOSS) >= 30
    assert verdicts.count(Verdict.WIN) >= 10


@pytest.mark.slow
@pytest.mark.oracle
def test_the_dive_never_contradicts_the_reference_engine():
    """solve()'s native default dives for a win first: its verdicts may be decided where
    the plain search's are not, never the other way round, and its wins replay."""
    for _, position in REFERENCE[::5]:
        python, compiled = (
            solve(position, budget_nodes=DEAL_NODES, engine="python"),
            solve(position, budget_nodes=DEAL_NODES),
        )
        if python.verdict != Verdict.UNKNOWN and compiled.verdict != Verdict.UNKNOWN:
            assert python.verdict == compiled.verdict
        if compiled.verdict == Verdict.WIN:
            assert replay(position, compiled.moves).is_won


def test_the_draw_3_dive_tries_every_move_of_its_first_levels():
    """A fresh draw-3 deal (bench/deals.py fresh, seed 2414) whose win the exhaustive search
    reaches only after about 12M nodes: the dive, which tries every move in its first levels
    and the two best below them, finds it within its eighth of a 2M-node budget."""
    position = deal("klondike", 1594946290, DEVELOPMENT_DEAL_KEY, 3).to_json()
    result = solve(position, budget_nodes=2_000_000)
    assert result.verdict == Verdict.WIN
    assert result.nodes <= 2_000_000 // 8
    assert replay(position, result.moves).is_won
    assert native.search(read(position), None, 1_000_000, dive=False).verdict == Verdict.UNKNOWN


def test_yukon_dives_again_with_its_first_levels_full():
    """A fresh Yukon deal (bench/deals.py fresh, seed 7) that the exhaustive search left
    undecided at 10 CPU-s: the first dive exhausts its narrow tree without a win, and the
    second, which tries every move in its first levels, finds one within its share of a
    1M-node budget."""
    position = deal("yukon", 1706029227, DEVELOPMENT_DEAL_KEY).to_json()
    result = solve(position, budget_nodes=1_000_000)
    assert result.verdict == Verdict.WIN
    assert result.nodes <= 1_000_000 // 2
    assert replay(position, result.moves).is_won
    assert native.search(read(position), None, 1_000_000, dive=False).verdict == Verdict.UNKNOWN


def test_a_node_budget_ends_both_with_unknown_at_the_same_count():
    position = reference("yukon")["yukon-1018"]["position"]
    python, compiled = both(position, 50)
    assert (
        (python.verdict, python.nodes)
        == (compiled.verdict, compiled.nodes)
        == (Verdict.UNKNOWN, 51)
    )
    assert compiled.moves == []


def test_a_cpu_budget_ends_a_native_search_with_unknown():
    position = reference("klondike")["klondike-d3-306"]["position"]  # takes 17 CPU-s to decide
    result = solve(position, budget_seconds=0.2)
    assert result.verdict == Verdict.UNKNOWN
    assert result.moves == []
    assert result.nodes > 0


def test_native_losses_are_losses_for_the_reference_too():
    """Losses the native core proves with a large budget, proven again by the Python
    engine's exhaustive search (a faster engine must not find losses by cutting corners)."""
    ids = ["klondike-d1-213", "klondike-d3-230", "yukon-1081", "klondike-d3-207"]
    for deal_id in ids:
        name = deal_id.split("-")[0]
        position = reference(name)[deal_id]["position"]
        compiled = solve(position, budget_nodes=100_000)
        assert compiled.verdict == Verdict.LOSS
        assert solve(position, budget_nodes=100_000, engine="python").verdict == Verdict.LOSS


def test_an_unknown_engine_is_refused():
    position = reference("yukon")["yukon-1001"]["position"]
    with pytest.raises(ValueError, match="engine must be one of native, python"):
        solve(position, engine="rust")


@pytest.mark.slow
@pytest.mark.oracle
def test_no_position_offers_more_moves_than_the_bound_in_a_live_search():
    """_native.c counts out the most moves one position can offer (MOVES_BOUND) and holds
    more in its buffer: the Python engine, which offers the same moves, never goes past it
    on any position its searches of the reference deals and random-play positions enter."""
    most = 0
    for position in [p for _, p in REFERENCE[::4]] + [p for _, p in midgame_positions()[::4]]:
        game = python_game(read(position))
        offered = game.moves

        def counted(offered=offered):
            nonlocal most
            moves = list(offered())
            most = max(most, len(moves))
            return moves

        game.moves = counted
        try:
            search(game, Budget(nodes=2000))
        except OutOfBudget:
            pass
    assert 10 <= most <= _native.MOVES_BOUND < _native.MOVES_CAP


def test_a_full_move_buffer_ends_the_search_unknown_never_a_loss():
    """Were a position ever to offer more moves than the buffer holds, a move would go
    untried and a "loss" would prove nothing: the search says unknown instead."""
    position = reference("yukon")["yukon-1081"]["position"]  # a loss, proven in 725 nodes
    assert solve(position, budget_nodes=100_000).verdict == Verdict.LOSS
    previous = _native.set_move_cap(3)
    try:
        assert solve(position, budget_nodes=100_000).verdict == Verdict.UNKNOWN
    finally:
        _native.set_move_cap(previous)
    assert previous == _native.MOVES_CAP
    with pytest.raises(ValueError, match="the move cap is 0 to"):
        _native.set_move_cap(_native.MOVES_CAP + 1)
