"""The compiled search core (_native.c), behind the same Answer as the Python one.

_native.c is a port of dfs.py, tableau.py (with tableau_moves.py), yukon.py and klondike.py,
move for move: the same moves in the same order, the same equivalences and prunings (their
soundness arguments are repeated next to its code), so on the same budget of nodes both engines
reach the same verdict with the same node count. It is built from source by the package
install (pyproject.toml's ext-modules: `pip install -e .`, which ./dev runs).

Memory: one search stores at most MAX_ENTRIES (3 * 2^23) positions, as 128-bit keys in a
table of at most 2^25 slots (512 MiB; 768 MiB for a moment while it doubles to that size);
a search that would need more ends with Verdict.UNKNOWN.
"""

from __future__ import annotations

import time

from games.engine.positions import Position

from .cards import SUITS
from .reader import Layout, read
from .verdict import Answer, Verdict

try:
    from . import _native
except ImportError:  # not built: solve(engine="native") says so
    _native = None

# 3: the memory bound was reached; 5: a position offered more moves than the C core's move
# buffer holds (it holds MOVES_CAP, above the MOVES_BOUND that _native.c counts out), so a
# move was not tried and a loss would not be proven
VERDICTS = {
    0: Verdict.WIN,
    1: Verdict.LOSS,
    2: Verdict.UNKNOWN,
    3: Verdict.UNKNOWN,
    5: Verdict.UNKNOWN,
}
PASSES_CAP = 1 << 30  # more passes than any search can spend, and fits a C int


def available() -> bool:
    return _native is not None


def search(
    layout: Layout, budget_seconds: float | None, budget_nodes: int | None, dive: bool = True
) -> Answer:
    """The search of _native.c; dive=False leaves out its quick dives for a win (one; Yukon
    two), so that it searches exactly as the Python engine does (the differential tests
    count on that)."""
    if _native is None:
        raise RuntimeError(
            "the native search core is not built: install the project (pip install -e ., "
            "which ./dev runs) with a C compiler and Python's headers, or use engine='python'"
        )
    start = time.thread_time()
    code, moves, nodes = _native.search(
        *_rules_and_columns(layout),
        layout.stock,
        layout.waste,
        -1 if budget_nodes is None else budget_nodes,
        -1.0 if budget_seconds is None else float(budget_seconds),
        dive,
    )
    return Answer(VERDICTS[code], moves, nodes, time.thread_time() - start)


def loop_free(position: Position, moves: list[str]) -> list[str]:
    """`moves` from `position` with every loop cut out, as proofs.without_cycles cuts them
    (where the line comes back to a position it passed, the moves in between go), replayed
    by _native.c on a table of its own rather than through the rules engine: a dead-end
    worker cuts every winning line it stores, and the engine's replay took a third of its
    CPU. Raises ValueError when a move does not play (the engine's IllegalMove)."""
    layout = read(position)
    slots = bytes(SUITS.index(pile[0].code[1]) if pile else 255 for pile in position.foundations)
    return _native.loop_free(
        *_rules_and_columns(layout),
        slots,
        layout.stock,
        layout.waste,
        moves,
    )


def _rules_and_columns(layout: Layout) -> tuple:
    """The arguments both of _native.c's calls begin with: klondike, draw, passes (-1:
    unlimited), then the columns down and up and the foundations' counts."""
    passes = -1 if layout.passes_left is None else min(layout.passes_left, PASSES_CAP)
    klondike = layout.variant == "klondike"
    return (klondike, layout.draw or 1, passes, layout.down, layout.up, layout.found)
