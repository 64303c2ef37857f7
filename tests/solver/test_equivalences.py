"""The search's equivalences and shortcuts, checked on small tables: twin swaps and toggles
share a key, different tables don't, and the face-down deadlock proof."""

from __future__ import annotations

import re

from games.engine.positions import Position
from solver.search import LOSS, solve
from solver.search.cards import BY_CODE
from solver.search.deadlock import deadlocked
from solver.search.reader import read

HOME = "f1: AS..4S; f2: AH..4H; f3: AD..4D; f4: AC..4C"
IN_PLAY = [r + s for s in "SHDC" for r in "56789TJQK"]


def klondike(columns: str):
    """A Klondike table: these columns, the foundations to the 4s, the rest in the stock."""
    rest = [c for c in IN_PLAY if c not in re.findall(r"[2-9TJQKA][SHDC]", columns)]
    return game(f"klondike; {columns}; stock: {' '.join(rest)}; {HOME}")


def yukon(columns: str):
    """A Yukon table: these columns, the foundations to the 4s, the rest face down in t7
    under its last card."""
    rest = [c for c in IN_PLAY if c not in re.findall(r"[2-9TJQKA][SHDC]", columns)]
    return game(f"yukon; {columns}; t7: {' '.join(rest[:-1])} | {rest[-1]}; {HOME}")


def game(text: str):
    from solver.search import python_game

    return python_game(read(Position.from_text(text)))


def cards(codes: str) -> bytes:
    return bytes(BY_CODE[code] for code in codes.split())


def test_klondike_tables_that_differ_by_a_twin_swap_share_a_key():
    # ♥8 and ♦8 each on a black 9, either way round: the same position for the search.
    first = klondike("t1: KS | 9S 8H 7C; t2: KH | 9C 8D")
    second = klondike("t1: KS | 9S 8D; t2: KH | 9C 8H 7C")
    assert first.key() == second.key()


def test_klondike_toggles_share_a_key_and_other_tables_do_not():
    on_spade = klondike("t1: KS | 9S 8H; t2: KH | 9C")
    on_club = klondike("t1: KS | 9S; t2: KH | 9C 8H")
    in_stock = klondike("t1: KS | 9S; t2: KH | 9C")
    assert on_spade.key() == on_club.key()
    assert on_spade.key() != in_stock.key()


def test_yukon_toggles_share_a_key_but_other_supports_do_not():
    on_spade = yukon("t1: KS | 9S 8H; t2: KH | 9C")
    on_club = yukon("t1: KS | 9S; t2: KH | 9C 8H")
    on_king = yukon("t1: KS | 9S; t2: KH | 9C; t3: QD 8H")
    assert on_spade.key() == on_club.key()
    assert on_spade.key() != on_king.key()


def test_a_card_over_its_own_suit_and_both_its_parents_is_a_deadlock():
    # Bottom first: ♥3 ♦3 ♠A face down, ♠2 face up on them: ♠2 never leaves.
    assert deadlocked([cards("3H 3D AS 2S")])
    # With ♦3 elsewhere, ♠2 may leave for it once it comes up.
    assert not deadlocked([cards("3H AS 2S"), cards("3D")])
    # Kings can always hope for an empty column.
    assert not deadlocked([cards("QS AH KH")])


def test_a_deadlock_across_two_columns():
    # ♣3 waits for ♣A (under it) or a red 4: ♥4 is under ♣3 too, ♦4 under ♥Q, and ♥Q
    # waits for a black king under the ♣3 column.
    assert deadlocked([cards("KS KC 4H AC 3C"), cards("4D QH")])


def test_the_solver_reports_a_root_deadlock_as_a_loss_in_one_node():
    position = Position.from_text(
        "yukon; t1: 3H 3D AS | 2S; t2: KS QS JS TS 9S; t3: 8S 7S 6S 5S 4S 3S;"
        " t4: KH QH JH TH 9H 8H; t5: 7H 6H 5H 4H; t6: KD QD JD TD 9D 8D; t7: 7D 6D 5D 4D;"
        " f1: AH..2H; f2: AD..2D; f3: AC..KC"
    )
    result = solve(position.to_json())
    assert result.verdict == LOSS
    assert result.nodes == 1
