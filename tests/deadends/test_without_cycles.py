"""proofs.without_cycles cuts a line's loops by comparing positions as values: on random
lines full of loops, in both games, it cuts exactly what a cut by stored key (position_key,
the sha256 of the position's JSON) cuts, and what it returns is a line that still plays.
The compiled cut (native.loop_free, replaying the line on a table of its own) cuts the same,
from a deal or from a table halfway through the line, in Klondike's draws and pass limits
too, and refuses a move the rules refuse."""

from __future__ import annotations

import random

import pytest

from games.engine.deal import deal
from games.engine.moves import IllegalMove, Move
from games.engine.rules import apply, legal_moves, move_back
from solver.deadends.models import position_key
from solver.deadends.proofs import without_cycles
from solver.search import native


def cut_by_key(position, moves: list[str]) -> list[str]:
    """The plain way, kept here as the oracle: a list of keys, searched from the start."""
    keys, line = [position_key(position)], []
    for text in moves:
        position = apply(position, Move.parse(text))
        key = position_key(position)
        if key in keys:
            cut = keys.index(key)
            del keys[cut + 1 :], line[cut:]
        else:
            keys.append(key)
            line.append(text)
    return line


def looping_line(
    variant: str, rng: random.Random, length: int, draw: int = 1, passes: int | None = None
) -> tuple[object, list[str]]:
    """A deal and a random line from it that often goes straight back (a move, then its
    move back) and sometimes further back still, so that it passes positions again."""
    start = deal(variant, rng.randint(1, 2**31 - 1), b"test-without-cycles", draw, passes)
    position, moves = start, []
    for _ in range(length):
        choices = legal_moves(position)
        if not choices:
            break
        move = rng.choice(choices)
        after = apply(position, move)
        moves.append(str(move))
        back = move_back(position, move)
        if back is not None and rng.random() < 0.5:
            moves.append(str(back))
            after = apply(after, back)
        position = after
    return start, moves


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_it_cuts_what_a_cut_by_key_cuts(variant):
    rng = random.Random(f"without-cycles-{variant}")
    looped = 0
    for _ in range(40):
        start, moves = looping_line(variant, rng, 60)
        positions, line = without_cycles(start, moves)
        assert line == cut_by_key(start, moves)
        looped += len(line) < len(moves)
        # What it returns plays: each position is the one before it after the line's move,
        # no two are the same, and it ends where the uncut line ends.
        assert positions[0] == start and len(positions) == len(line) + 1
        for before, text, after in zip(positions[:-1], line, positions[1:], strict=True):
            assert apply(before, Move.parse(text)) == after
        assert len({position_key(p) for p in positions}) == len(positions)
        end = start
        for text in moves:
            end = apply(end, Move.parse(text))
        assert positions[-1] == end
    assert looped > 20, "the random lines should loop often, or this tests little"


@pytest.mark.skipif(not native.available(), reason="the native search core is not built")
@pytest.mark.parametrize(
    "variant, draw, passes",
    [("yukon", 1, None), ("klondike", 1, None), ("klondike", 3, None), ("klondike", 1, 2),
     ("klondike", 3, 3)],
)  # fmt: skip
def test_the_native_cut_cuts_what_a_cut_by_key_cuts(variant, draw, passes):
    rng = random.Random(f"loop-free-{variant}-{draw}-{passes}")
    looped = 0
    for _ in range(30):
        start, moves = looping_line(variant, rng, 80, draw, passes)
        assert native.loop_free(start, moves) == cut_by_key(start, moves)
        looped += len(native.loop_free(start, moves)) < len(moves)
        # From halfway: aces home already, in the slots the line put them in.
        half = len(moves) // 2
        middle = start
        for text in moves[:half]:
            middle = apply(middle, Move.parse(text))
        assert native.loop_free(middle, moves[half:]) == cut_by_key(middle, moves[half:])
    assert looped > 10, "the random lines should loop often, or this tests little"


@pytest.mark.skipif(not native.available(), reason="the native search core is not built")
@pytest.mark.parametrize("variant, draw, passes", [("yukon", 1, None), ("klondike", 3, 2)])
def test_the_native_cut_refuses_what_the_rules_refuse(variant, draw, passes):
    """Every move text (each card to each pile, the stock's d and r) on tables along a random
    line: the native replay plays it exactly when the rules engine does."""
    rng = random.Random(f"loop-free-rules-{variant}")
    start, moves = looping_line(variant, rng, 60, draw, passes)
    texts = ["d", "r"] + [f"{r}{s}-{to}" for r in "A23456789TJQK" for s in "SHDC"
                          for to in ("f", "f1", "f4", "t1", "t4", "t7")]  # fmt: skip
    position, played = start, 0
    for index, move in enumerate(moves):
        for text in texts if index % 6 == 0 else ():
            try:
                apply(position, Move.parse(text))
            except IllegalMove:
                with pytest.raises(ValueError):
                    native.loop_free(position, [text])
            else:
                assert native.loop_free(position, [text]) == [text]
                played += 1
        position = apply(position, Move.parse(move))
    assert played > 20
