"""The Klondike rule page (../shared/seeds) from "Scoring" to the end: scoring, winning, tips,
this site's options and the questions, one test per sentence in the page's order, its
docstring the sentence. Where a sentence is partly about the page (the Finish button, the
undo arrow, the winnable-deal switch), the test covers the part the engine owns; "Undo is
the curved arrow, or Ctrl+Z (Cmd+Z on a Mac)." is the page's alone and left to the web
tests."""

from __future__ import annotations

from collections import deque
from dataclasses import replace

import pytest

from games.engine import finish, history, rules, scoring
from games.engine.cards import DECK
from games.engine.deal import deal
from games.engine.moves import Move
from games.engine.positions import Position, PositionError
from tests.engine.klondike_rules import DEALS, KEY, codes
from tests.engine.play import legal, lights, play, refusal, table


def scores(kind: str, start: Position | str, *moves: str) -> list[int | None]:
    if isinstance(start, str):
        start = table(start)
    return [step.score for step in history.replay(start, list(moves), kind)]


# -- Scoring ----------------------------------------------------------------------------------


def test_standard_scoring_table_move_by_move():
    """Standard: 10 points for each card moved to a foundation, 5 for playing a card from the
    waste to a column, 5 for turning a column card face up, minus 15 for taking a card back off
    a foundation, and minus 100 (draw 1) or minus 20 (draw 3) each time the waste is turned
    back over."""
    start = "klondike; t1: 9C | AH; t2: 7S | 6D; t3: 8H; t4: 3S; stock: 2H QC 4S; waste: 7C"
    line = [
        ("7C-t3", 5),  # waste to column: +5
        ("AH-f", 20),  # column to foundation +10, and ♣9 turns face up +5
        ("6D-t3", 25),  # column to column scores nothing, but ♠7 turns face up: +5
        ("d", 25),  # turning the stock scores nothing
        ("2H-f", 35),  # waste to foundation: +10
        ("2H-t4", 20),  # back off a foundation: -15
        ("d", 20),
        ("d", 20),
        ("r", 0),  # -100 in draw 1, and the score stops at zero
        ("d", 0),
        ("2H-f", 10),  # counting on from zero, not from -80
    ]
    assert scores("standard", start, *[move for move, _ in line]) == [0] + [s for _, s in line]


@pytest.mark.parametrize(("draw", "after_redeals"), [(1, [20, 20, 0]), (3, [100, 100, 80])])
def test_standard_redeal_costs_100_in_draw_1_and_20_in_draw_3(draw, after_redeals):
    """(Standard, continued) minus 100 (draw 1) or minus 20 (draw 3) each time the waste is
    turned back over — from 120 points, so the floor does not hide the cost."""
    start = f"klondike draw={draw}; t1: 6S 5S 4S 3S 2S AS; t2: 6H 5H 4H 3H 2H AH; waste: 9D"
    home = [f"{rank}{suit}-f" for suit in "SH" for rank in "A23456"]
    assert scores("standard", start, *home, "r", "d", "r") == [
        0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, *after_redeals,
    ]  # fmt: skip


def test_the_score_never_goes_below_zero():
    """The score never goes below zero."""
    assert scores("standard", "klondike; t1: 5C; stock: 9S", "d", "r", "d", "r") == [0] * 5
    assert scores("standard", "klondike draw=3; t1: AS; waste: 8D", "AS-f", "r") == [0, 10, 0]
    assert scores("standard", "klondike; t1: 5S; f1: AD..4D", "4D-t1") == [0, 0]
    # After the floor, points count up from zero, not from a hidden negative balance.
    assert scores("standard", "klondike; t2: AH; stock: 9S", "d", "r", "AH-f") == [0, 0, 0, 10]


def test_vegas_starts_at_minus_52_and_pays_5_per_card_home_260_for_52():
    """Vegas: you start at -52 (as if you paid $52 for the deck) and win $5 for every card on
    a foundation, so 52 cards pay $260."""
    start = "klondike; t1: 3S; t2: 2S; t3: 9D | AS; t4: 2H; stock: 8H"
    assert scoring.initial_score("vegas") == -52
    assert scores("vegas", start, "AS-f", "2S-f", "d", "3S-f") == [-52, -47, -42, -42, -37]
    # Flips and waste plays pay nothing in Vegas; a card taken back gives its $5 back.
    assert scores("vegas", start, "AS-f", "AS-t4", "d") == [-52, -47, -52, -52]
    last = "klondike; t1: KC; f1: AS..KS; f2: AH..KH; f3: AD..KD; f4: AC..QC"
    assert scores("vegas", last, "KC-f")[-1] == -52 + 260


def test_vegas_draw_1_gets_one_pass_and_draw_3_gets_three():
    """Draw 1 gets one pass through the stock and draw 3 gets three."""
    assert scoring.passes_for("vegas", 1) == 1
    assert scoring.passes_for("vegas", 3) == 3
    assert scoring.passes_for("standard", 1) is None
    assert scoring.passes_for("none", 3) is None
    for draw, passes in ((1, 1), (3, 3)):
        position = deal("klondike", 99, KEY, draw=draw, passes=scoring.passes_for("vegas", draw))
        redeals = 0
        while True:
            while position.stock:
                position = play(position, "d")
            if "r" not in legal(position):
                break
            position = play(position, "r")
            redeals += 1
        assert redeals == passes - 1  # the first pass is the deal's own
        no_passes = "No passes left: this game allows no more turns through the stock"
        assert refusal(position, "r") == no_passes
        assert refusal(position, "d") == no_passes
    assert legal("klondike draw=3 passes=2; t1: 5C; waste: 9S") == {"r"}
    assert play("klondike draw=3 passes=2; t1: 5C; waste: 9S", "r").passes_left == 1


def test_none_scoring_has_no_score():
    """None: no score, just the clock and the move count."""
    start = "klondike; t1: 9C | AH; t2: 3S; stock: 2H"
    assert scores("none", start, "AH-f", "d", "2H-f", "2H-t2") == [None] * 5


# -- Winning ----------------------------------------------------------------------------------


def test_you_win_when_all_52_cards_are_on_the_foundations():
    """You win when all 52 cards are on the foundations."""
    last = table("klondike; f1: AS..KS; f2: AH..KH; f3: AD..KD; f4: AC..QC; waste: KC")
    assert len(last.cards) == 52 and not last.is_won
    assert play(last, "KC-f").is_won


def test_once_the_stock_is_empty_and_every_card_face_up_finish_plays_the_rest():
    """Once the stock is empty and every card is face up, the Finish button plays the rest for
    you."""
    ready = table(
        "klondike; t1: KH QS JH; t2: KS QH JS TH; t3: KD QC JD TC 9D; t4: KC QD JC TD 9C;"
        " f1: AS..9S; f2: AH..8H; f3: AD..7D; f4: AC..7C; waste: 8C 9H 8D TS"
    )
    moves = finish.finishing_moves(ready)
    assert moves is not None and play(ready, *map(str, moves)).is_won
    assert all(move.to_foundation for move in moves)
    # Draw 3, the waste in an awkward order: Finish turns the stock until every card is home.
    draw3 = table(
        "klondike draw=3; t1: 3H; f1: AS..KS; f2: AH; f3: AD..KD; f4: AC..KC;"
        " waste: 5H 4H 2H KH QH 6H JH 8H 7H TH 9H"
    )
    moves = finish.finishing_moves(draw3)
    assert moves is not None and play(draw3, *map(str, moves)).is_won
    assert {"r", "d"} <= {str(move) for move in moves}
    # Not while the stock holds cards or a card is face down, nor once the game is won.
    assert finish.finishing_moves(replace(ready, stock=ready.waste, waste=())) is None
    hidden = table("klondike; t1: KH | QS; f1: AS..JS; f2: AH..QH; f3: AD..KD; f4: AC..KC")
    assert finish.finishing_moves(hidden) is None
    assert finish.finishing_moves(play(ready, *map(str, finish.finishing_moves(ready)))) is None


def test_finish_is_never_offered_when_it_cannot_complete():
    """(Winning, continued) Finish is offered only when playing the rest home really completes
    the game: here checked against a search of every line of play."""
    # Draw 1 on the last pass, ♥2 on top of ♥A in the waste: ♥2 can never get home.
    last_pass = table("klondike passes=1; waste: AH 3H 2H")
    assert finish.finishing_moves(last_pass) is None and not _winnable(last_pass)
    unlimited = replace(last_pass, passes_left=None)
    moves = finish.finishing_moves(unlimited)
    assert moves is not None and play(unlimited, *map(str, moves)).is_won
    # Draw 3 with nothing playable: every pass shows ♥3 on top, forever.
    stuck = table("klondike draw=3; waste: 2H AH 3H")
    assert finish.finishing_moves(stuck) is None and not _winnable(stuck)


def _winnable(start: Position) -> bool:
    """Whether any line of play from `start` wins (small positions only)."""
    seen = {start}
    queue = deque([start])
    while queue:
        position = queue.popleft()
        if position.is_won:
            return True
        for move in rules.legal_moves(position):
            after = rules.apply(position, move)
            if after not in seen:
                seen.add(after)
                queue.append(after)
    return False


# -- Tips -------------------------------------------------------------------------------------


@pytest.mark.parametrize("position", DEALS[:2])
def test_tip_turning_over_face_down_cards_matters_most(position):
    """Turning over face-down cards matters more than almost anything else, so prefer moves
    from the columns with the most hidden cards. (The last column hides six, the most, and
    each card turned scores 5 in Standard.)"""
    assert [len(column.down) for column in position.tableau].index(6) == 6
    assert scores("standard", "klondike; t1: 2D 4S | 8H; t2: 9C", "8H-t2") == [0, 5]


def test_tip_only_a_king_can_fill_an_emptied_column():
    """Don't rush to empty a column unless you have a king to put in it."""
    emptied = play("klondike; t1: 8H; t2: 9C; t3: QD; stock: KC", "8H-t2")
    assert emptied.tableau[0] == table("klondike").tableau[0]
    assert refusal(emptied, "QD-t1") == "Only a king can go to an empty column"
    assert codes(play(emptied, "d", "KC-t1", "QD-t1").tableau[0].up) == ["KC", "QD"]


def test_tip_a_black_9_only_takes_a_red_8():
    """Keep an eye on colours: if both red 8s are buried, think twice before moving the black
    9s off their spots."""
    position = table("klondike; t1: 9S; t2: 9C; t3: 8S; t4: 8C; t5: 8H 2C | 8D")
    assert refusal(position, "8S-t1") == "♠8 goes on a red 9"
    assert refusal(position, "8C-t2") == "♣8 goes on a red 9"
    assert lights(position, "8D") == ["t1", "t2"]
    assert refusal(position, "8H-t1") == "That card is face down"
    assert lights(position, "9S") == [] and lights(position, "9C") == []  # no red 10 to go to


# -- Options on this site ---------------------------------------------------------------------


def test_draw_1_is_the_default_and_draw_3_the_other_choice():
    """Draw: Draw 1 (default), Draw 3"""
    assert deal("klondike", 5, KEY).draw == 1
    assert deal("klondike", 5, KEY, draw=3).draw == 3
    assert table("klondike; t1: 5C").draw == 1
    with pytest.raises(PositionError, match="Klondike draws 1 or 3 cards"):
        table("klondike draw=2; t1: 5C")
    # The draw mode changes how the stock turns, never the deal itself.
    assert deal("klondike", 5, KEY).stock == deal("klondike", 5, KEY, draw=3).stock


def test_scoring_is_standard_vegas_or_none():
    """Scoring: Standard (default), Vegas, None"""
    assert scoring.SCORINGS == ("standard", "vegas", "none")
    assert [scoring.initial_score(kind) for kind in scoring.SCORINGS] == [0, -52, None]
    with pytest.raises(KeyError):
        scoring.initial_score("golf")


# -- Questions --------------------------------------------------------------------------------


def test_is_every_klondike_deal_winnable():
    """Is every Klondike deal winnable? No. (A position can be lost: ♥A lies under ♥2, which
    has nowhere to go, and the stock turns ♥3 forever.)"""
    lost = table("klondike; t1: AH | 2H; stock: 3H")
    assert rules.legal_moves(lost) and not _winnable(lost)


def test_most_shuffles_can_be_won_with_perfect_knowledge_but_some_cannot():
    """Most shuffles can be won with perfect knowledge, but some can't. (Perfect knowledge:
    the Position JSON a solver reads names every card, face down and in the stock too.)"""
    for position in DEALS:
        data = position.to_json()
        named = [c for column in data["tableau"] for c in column["down"] + column["up"]]
        assert sorted(named + data["stock"]) == sorted(card.code for card in DECK)
    assert _winnable(table("klondike; t1: 2H | AH; stock: 3H"))
    assert not _winnable(table("klondike; t1: AH | 2H; stock: 3H"))


def test_only_winnable_deals_rest_on_reproducible_game_numbers():
    """With "Only deal games that can be won" switched on (the default), the site only deals
    shuffles a solver has already won with every card visible. (The pool is the solver's;
    the engine makes a number the same shuffle every time, so a solved number stays solved.)"""
    for number in (1, 77, 2**31 - 1):
        assert deal("klondike", number, KEY).to_json() == deal("klondike", number, KEY).to_json()


def test_undo_as_many_as_you_like_and_redo():
    """Can I undo moves? Yes, as many as you like, and redo them too. (Undo and redo replay
    the moves from the deal: each step back and forth is the exact earlier position.)"""
    start = DEALS[0]
    line = [start]
    moves: list[Move] = []
    for step in range(60):
        choices = rules.legal_moves(line[-1])
        move = choices[(step * 7) % len(choices)]
        moves.append(move)
        line.append(rules.apply(line[-1], move))
    for k in [60, 0, 30, 59, 1, 60]:  # undo to the deal, redo part way, and so on
        position = start
        for move in moves[:k]:
            position = rules.apply(position, move)
        assert position == line[k]


def test_restart_takes_you_back_to_the_start_of_the_same_deal():
    """Restart takes you back to the start of the same deal."""
    fresh = deal("klondike", 4242, KEY)
    assert fresh == DEALS[4]
    played = play(fresh, *[str(m) for m in rules.legal_moves(fresh)[:1]], "d", "d")
    assert played != fresh and deal("klondike", 4242, KEY) == fresh
