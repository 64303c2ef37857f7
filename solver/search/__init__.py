"""The solver's pure search core (no Django): is a position won, lost, or unknown?

    solve(position, budget_seconds=None, budget_nodes=None, engine="native") -> Answer

`position` is the engine's Position or its JSON (DESIGN.md §3), read by reader.read, which
raises the engine's PositionError. The Answer's verdict is Verdict.WIN (with `moves`, replayable
through the engine to a won game), Verdict.LOSS (every reachable position was searched) or
Verdict.UNKNOWN (the budget ran out; nothing is claimed). With no budget at all the search runs
until it decides (or, natively, until its memory bound: then UNKNOWN).

Two engines run the same search: "native" (_native.c, the default everywhere the site
solves) and "python" (dfs.py with tableau.py, tableau_moves.py, yukon.py and klondike.py),
the readable reference that holds the soundness arguments in full.
"""

from __future__ import annotations

from games.engine.positions import Position, PositionError

from . import native
from .budget import Budget, OutOfBudget
from .dfs import search
from .reader import Layout, read
from .verdict import Answer, Verdict

__all__ = ["ENGINES", "Answer", "PositionError", "Verdict", "solve"]

ENGINES = ("native", "python")


def solve(
    position: Position | dict,
    budget_seconds: float | None = None,
    budget_nodes: int | None = None,
    engine: str = "native",
) -> Answer:
    """Search `position`; raises PositionError if it is not a legal table."""
    layout = read(position)
    budget = Budget(budget_seconds, budget_nodes)  # checks the budget for both engines
    if engine == "native":
        return native.search(layout, budget_seconds, budget_nodes)
    if engine != "python":
        raise ValueError(f"engine must be one of {', '.join(ENGINES)}, not {engine!r}")
    game = python_game(layout)
    try:
        moves = search(game, budget)
    except OutOfBudget:
        return Answer(Verdict.UNKNOWN, [], budget.nodes, budget.seconds)
    if moves is None:
        return Answer(Verdict.LOSS, [], budget.nodes, budget.seconds)
    return Answer(Verdict.WIN, moves, budget.nodes, budget.seconds)


def python_game(layout: Layout):
    """The Python engine's game object for a Layout (dfs.py's interface)."""
    if layout.variant == "yukon":
        from .yukon import YukonGame

        return YukonGame(layout.down, layout.up, layout.found)
    from .klondike import KlondikeGame

    return KlondikeGame(layout)
