"""The solver's pure search core (no Django): is a position won, lost, or unknown?

    solve(position, budget_seconds=None, budget_nodes=None) -> Result

`position` is a Position JSON dict (DESIGN.md §3) or anything with .to_json() (the engine's
Position). The Result's verdict is "win" (with `moves`, replayable through the engine to a
won game), "loss" (every reachable position was searched) or "unknown" (the budget ran out;
nothing is claimed). With no budget at all the search runs until it decides.

What the web needs is the same call: a hint is `moves[0]` of a win; a dead end is a "loss".
"""

from __future__ import annotations

from .budget import LOSS, UNKNOWN, WIN, Budget, OutOfBudget, Result
from .dfs import search
from .positions import PositionError, Table, read_table

__all__ = ["LOSS", "UNKNOWN", "WIN", "PositionError", "Result", "hint", "solve"]


def solve(position, budget_seconds: float | None = None, budget_nodes: int | None = None) -> Result:
    """Search `position`; raises PositionError if it is not a legal table."""
    table = read_table(position)
    budget = Budget(budget_seconds, budget_nodes)
    game = _game(table)
    try:
        moves = search(game, budget)
    except OutOfBudget:
        return Result(UNKNOWN, [], budget.nodes, budget.seconds)
    if moves is None:
        return Result(LOSS, [], budget.nodes, budget.seconds)
    return Result(WIN, moves, budget.nodes, budget.seconds)


def hint(position, budget_seconds: float | None = None, budget_nodes: int | None = None):
    """The first move of a winning line as text, or None (lost, already won, or unknown)."""
    result = solve(position, budget_seconds, budget_nodes)
    return result.moves[0] if result.verdict == WIN and result.moves else None


def _game(table: Table):
    if table.variant == "yukon":
        from .yukon import YukonGame

        return YukonGame(table.down, table.up, table.found)
    from .klondike import KlondikeGame

    return KlondikeGame(table)
