"""Hand-built positions whose answer we know, built from the engine's one-line text form."""

from __future__ import annotations

import pytest

from games.engine.cards import Card
from games.engine.positions import Position
from solver.search import PositionError, Verdict, solve

from .reference import reference, replay


def text(position: str) -> dict:
    return Position.from_text(position).to_json()


def test_one_move_from_a_win_is_a_win_in_one_move():
    position = text("yukon; t1: KH; f1: AS..KS; f2: AH..QH; f3: AD..KD; f4: AC..KC")
    result = solve(position)
    assert result.verdict == Verdict.WIN
    assert result.moves == ["KH-f"]
    assert replay(position, result.moves).is_won


def test_a_klondike_waste_card_one_move_from_a_win():
    position = text("klondike draw=3; f1: AS..KS; f2: AH..QH; f3: AD..KD; f4: AC..KC; waste: KH")
    assert solve(position).moves == ["KH-f"]


def test_a_won_position_is_a_win_with_no_moves():
    position = text("yukon; f1: AS..KS; f2: AH..KH; f3: AD..KD; f4: AC..KC")
    result = solve(position)
    assert (result.verdict, result.moves) == (Verdict.WIN, [])


def test_a_card_blocked_for_good_makes_a_loss():
    """♠2 lies on ♠A, ♥3 and ♦3: it can't go home before the ace, and both cards it could
    land on are face down under it. So the ace never comes up."""
    position = text(
        "yukon; t1: 3H 3D AS | 2S; t2: KS QS JS TS 9S; t3: 8S 7S 6S 5S 4S 3S;"
        " t4: KH QH JH TH 9H 8H; t5: 7H 6H 5H 4H; t6: KD QD JD TD 9D 8D; t7: 7D 6D 5D 4D;"
        " f1: AH..2H; f2: AD..2D; f3: AC..KC"
    )
    result = solve(position, budget_nodes=100_000)
    assert result.verdict == Verdict.LOSS


def test_a_loss_that_needs_a_search():
    """Nothing is stuck for good at the start, but every line runs dry: the ♣4 can only
    land on a red 5, both lie under it, and ♣3 (its only way home) lies under ♣4 too, yet
    ♥6 is free to move around first."""
    position = text(
        "yukon; t1: 5H 5D 3C | 4C; t2: 6H; f1: AS..KS; f2: AH..4H; f3: AD..4D; f4: AC..2C;"
        " t3: KH QH JH TH 9H 8H 7H; t4: KD QD JD TD 9D 8D 7D 6D; t5: KC QC JC TC 9C 8C 7C 6C 5C"
    )
    result = solve(position, budget_nodes=100_000)
    assert result.verdict == Verdict.LOSS


def test_a_win_that_needs_a_card_back_from_a_foundation():
    """♠9 must leave t1 to turn up ♥A, and can go nowhere but onto ♦10, which is home: it
    has to come back onto ♠J first. ♠8 and ♥10, the other ways, lie under ♥A."""
    position = text(
        "yukon; t1: 8S TH AH | 9S; t2: JS; t3: 9H 8H 7H 6H 5H 4H 3H 2H; t4: KH QH JH;"
        " t5: KS QS TS; t6: KD QD JD; f1: AS..7S; f2: AD..TD; f3: AC..KC"
    )
    result = solve(position, budget_nodes=100_000)
    assert result.verdict == Verdict.WIN
    assert replay(position, result.moves).is_won
    returns = [
        n for n, move in enumerate(result.moves)
        if move.startswith("TD-t")
        and replay(position, result.moves[:n]).locate(Card.parse("TD"))[0] == "f"
    ]  # fmt: skip
    leaves = min(n for n, move in enumerate(result.moves) if move.startswith("9S-t"))
    assert returns and returns[0] < leaves


def test_the_first_move_of_a_win_leads_to_a_win():
    position = reference("yukon")["yukon-1001"]["position"]
    result = solve(position, budget_nodes=100_000)
    assert result.verdict == Verdict.WIN
    after = replay(position, result.moves[:1])
    assert solve(after.to_json(), budget_nodes=100_000).verdict == Verdict.WIN


def test_a_mid_game_klondike_position_with_stock_waste_and_passes():
    row = reference("klondike")["klondike-d1-202"]
    start = solve(row["position"], budget_nodes=100_000)
    assert start.verdict == Verdict.WIN
    middle = replay(row["position"], start.moves[: len(start.moves) // 2])
    result = solve(middle, budget_nodes=100_000)  # an engine Position works as well as JSON
    assert result.verdict == Verdict.WIN
    assert replay(middle, result.moves).is_won


def test_an_exhausted_budget_is_unknown_never_a_guess():
    position = reference("yukon")["yukon-1018"]["position"]  # KPat could not decide it
    result = solve(position, budget_nodes=50)
    assert result.verdict == Verdict.UNKNOWN
    assert result.moves == []
    assert result.nodes <= 51


def test_a_time_budget_runs_out_too():
    position = reference("klondike")["klondike-d3-306"]["position"]  # 17 CPU-s to decide
    result = solve(position, budget_seconds=0.05, engine="python")
    assert result.verdict == Verdict.UNKNOWN
    assert result.moves == []


@pytest.mark.parametrize(
    ("position", "message"),
    [
        ({"variant": "spider"}, "variant"),
        ({"variant": "yukon", "tableau": []}, "7 columns"),
        (
            {
                **text("yukon; t1: KH; f1: AS..KS; f2: AH..QH; f3: AD..KD; f4: AC..KC"),
                "waste": ["KH"],
            },
            "Yukon has no stock",
        ),
        (
            {
                **text("yukon; t1: KH; f1: AS..KS; f2: AH..QH; f3: AD..KD"),
            },
            "52 cards",
        ),
    ],
)
def test_a_malformed_position_is_refused_with_a_reason(position, message):
    with pytest.raises(PositionError, match=message):
        solve(position)
