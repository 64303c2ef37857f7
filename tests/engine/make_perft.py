"""Writes the move-count ("perft") tables that tests/engine/test_perft.py checks: run once,
check the files in.

    .venv/bin/python -m tests.engine.make_perft

perft(position, n) counts the lines of n moves from a position, each step choosing among
`rules.legal_moves` (which lists every move once; a foundation move names the slot `f`
picks). Each record keeps how its position was reached (a deal of the test key and a move
list, or a hand-written table) and the position's text form, so a change to the deal
shuffle and a change to the rules fail different tests.

Counts checked by hand before generating: the worked example's table gives 4 moves
(9S-t5, 4D-t2, 9D-t4, 9D-t6) and 15 at depth 2; Klondike deal 1 gives 2 (TD-t7, d), then
4, then 9.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from games.engine import rules
from games.engine.deal import deal
from games.engine.moves import Move
from games.engine.positions import Position

KEY = b"test-key"
DEPTH = 3
DATA = Path(__file__).resolve().parents[1] / "data" / "perft"


def perft(position: Position, depth: int) -> int:
    moves = rules.legal_moves(position)
    if depth == 1:
        return len(moves)
    return sum(perft(rules.apply(position, move), depth - 1) for move in moves)


def walk(position: Position, steps: int, seed: int) -> list[str]:
    """A fixed line of play that gets somewhere: cards home and flips first, then anything,
    with the stock turned only when nothing else is chosen."""
    chooser = random.Random(seed)
    line = []
    for _ in range(steps):
        moves = rules.legal_moves(position)
        if not moves:
            break
        home = [m for m in moves if m.to_foundation]
        flips = [
            m
            for m in moves
            if m.card is not None
            and rules.apply(position, m).face_down_count < position.face_down_count
        ]
        board = [m for m in moves if m.card is not None]
        pool = home or flips or (board if chooser.random() < 0.6 and board else moves)
        move = chooser.choice(pool)
        line.append(str(move))
        position = rules.apply(position, move)
    return line


DEALS = {
    "yukon": [
        # (number, draw, passes, walk steps, walk seed)
        (1, 1, None, 0, 0),
        (2, 1, None, 0, 0),
        (3, 1, None, 0, 0),
        (2**31 - 1, 1, None, 0, 0),
        (5, 1, None, 10, 5),
        (5, 1, None, 25, 5),
        (6, 1, None, 40, 6),  # a dead end three moves in
        (9, 1, None, 40, 9),
        (7, 1, None, 70, 7),
    ],
    "klondike": [
        (1, 1, None, 0, 0),
        (2, 1, None, 0, 0),
        (3, 3, None, 0, 0),
        (2**31 - 1, 3, 3, 0, 0),  # Vegas in draw 3: three passes
        (4, 1, None, 20, 4),
        (5, 3, None, 40, 5),
        (6, 1, 1, 60, 6),  # Vegas in draw 1: one pass
        (8, 3, None, 90, 8),
    ],
}

TABLES = {
    "yukon": [
        (
            "the worked example",
            "yukon; t1: QS; t2: TD | 5C; t3: 7H | 9S 4D JC 2H 6S; t4: 3C | TS;"
            " t5: 8C | KD TH; t6: 5D | TC; t7: 4H | 9D",
        ),
        (
            "aces to choose slots for, a foundation card to take back",
            "yukon; t1: AH; t2: AS 2H; t3: KC | 3S; t4: 2S; t5: 4C; f1: AD..3D",
        ),
        (
            "all face up and in order: auto-finish territory",
            "yukon; t1: KH QS JH TS 9H; t2: KS QH JS TH 9S; t3: KD QC JD TC 9D 8C;"
            " t4: KC QD JC TD 9C 8D; f1: AS..8S; f2: AH..8H; f3: AD..7D; f4: AC..7C",
        ),
        (
            "empty columns and kings with jumbled stacks",
            "yukon; t1: 3D 5S | KS 2H 9D QH; t2: 8S | KH 4C JS; t3: TD | 7C;"
            " t6: 6D | 8H 6S QC; f1: AC..3C; f2: AD..2D; f3: AH; f4: AS..4S",
        ),
    ],
    "klondike": [
        (
            "stock empty, all face up: Finish territory",
            "klondike; t1: KH QS JH; t2: KS QH JS TH; t3: KD QC JD TC 9D; t4: KC QD JC TD 9C;"
            " f1: AS..9S; f2: AH..8H; f3: AD..7D; f4: AC..7C; waste: 8C 9H 8D TS",
        ),
        (
            "draw 3, stock nearly out, waste top playable",
            "klondike draw=3; t1: 9C 3D | 8H; t2: KD QS; t3: 5C | 7S; t4: TH;"
            " f1: AS..4S; f2: AH..2H; stock: 6H 6D; waste: JC 4H 9S 3H",
        ),
        (
            "last Vegas pass, stock empty",
            "klondike passes=1; t1: 4D | 9S 8H; t2: JD | TC; t3: QH; t5: 7C; t6: 4C;"
            " f1: AC..3C; waste: 2H 5S 3S AH",
        ),
        (
            "foundation cards that can come back, an empty column",
            "klondike; t1: 5H; t2: 6C 5D; t3: QD | KS; t4: 3C | 8D; f1: AS..4S; f2: AD..4D;"
            " f3: AH..4H; f4: AC..2C; stock: 7H 9C",
        ),
    ],
}


def records(variant: str) -> list[dict]:
    found = []
    for number, draw, passes, steps, seed in DEALS[variant]:
        start = deal(variant, number, KEY, draw, passes)
        moves = walk(start, steps, seed)
        position = start
        for move in moves:
            position = rules.apply(position, Move.parse(move))
        name = f"deal {number}" + (f", draw {draw}" if variant == "klondike" else "")
        name += f", Vegas ({passes} pass{'es' if passes > 1 else ''})" if passes else ""
        name += f", {len(moves)} moves in" if moves else ""
        record = {"name": name, "deal": [number, draw, passes], "moves": moves}
        found.append(record | {"position": position.to_text()})
    for name, text in TABLES[variant]:
        found.append({"name": name, "position": Position.from_text(text).to_text()})
    for record in found:
        position = Position.from_text(record["position"])
        record["perft"] = [perft(position, depth) for depth in range(1, DEPTH + 1)]
    return found


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for variant in ("yukon", "klondike"):
        lines = [json.dumps(record) + "\n" for record in records(variant)]
        (DATA / f"{variant}.jsonl").write_text("".join(lines))


if __name__ == "__main__":
    main()
