"""The search's equivalences and shortcuts, checked on small tables: twin swaps and toggles
share a key, different tables don't, and the face-down deadlock proof."""

from __future__ import annotations

import re

from games.engine import rules
from games.engine.moves import Move
from games.engine.positions import Position
from solver.search import Verdict, python_game, solve
from solver.search.cards import BY_CODE
from solver.search.deadlock import deadlocked
from solver.search.reader import read

from .reference import replay

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
    assert result.verdict == Verdict.LOSS
    assert result.nodes == 1


# ♠8 with its stack down to ♥3 lies on ♦9 in t2, over ♠2, while ♥9 tops t1: a toggle.
UNDER_A_TOGGLE = (
    "yukon; t1: TS 9H; t2: 6H | 2S TC 9D 8S 6S 5D 4S 3H; t3: 8D QS | TD 9C 8H 6C 7S;"
    " t4: QH KS JD | KH 3S; t5: TH 5H | JC; t6: 2C 3D 2H 7H JH | 4H 5C 7D 7C 6D 5S;"
    " t7: 8C 4D 2D 9S JS QD | 4C 3C KD QC KC; f1: AH..AH; f2: AS..AS; f3: AD..AD; f4: AC..AC"
)


def test_a_card_under_a_toggled_stack_may_land_on_the_stack_once_it_has_moved():
    """With ♠8's stack on ♥9, ♠2 (under it in t2 until then) can go onto ♥3, the stack's top,
    and the deal is won that way. The table with the stack on ♦9 shares its key, so the
    search offers that way out from it too, in both engines: it once called it lost."""
    on_diamond = Position.from_text(UNDER_A_TOGGLE)
    on_heart = rules.apply(on_diamond, Move.parse("8S-t1"))
    assert game(UNDER_A_TOGGLE).key() == python_game(read(on_heart)).key()
    for engine in ("python", "native"):
        for position in (on_diamond, on_heart):
            result = solve(position, budget_nodes=20_000, engine=engine)
            assert result.verdict == Verdict.WIN, (engine, position.to_text())
            assert replay(position.to_json(), result.moves).is_won
