"""A proven deal's difficulty, Easy / Medium / Hard / Expert, from what the solver measures
when it proves the deal (issue 24, part 1). No Django here: the bench grades deals with it too.

Three measures, each a pure function of the deal and its winning line:

  narrowness  along the line (par's, else the solver's), the share of the legal moves at each
              position that do NOT keep the deal winnable. Every alternative is decided by the
              search itself with a node budget (ALTERNATIVE_NODES each, MEASURE_NODES for the
              whole deal): a move is counted as keeping the deal only when it is proven to
              (it lands on the line, or the search finds a win), so an unknown counts as
              narrow. Node budgets, never seconds: the same deal gets the same count on any
              machine, under any load.
  par         the line's length in the player's counting (one per move).
  nodes       the search effort of the proof (DealVerdict.nodes).

Each measure scores 0-3 by its quartile in the mode's pool (CUTS, per mode), narrowness
counting double, as it is what a player who strays meets; the sum (0-12) is cut into four
grades at the mode's POINTS cut points, so that each grade holds about a quarter of the pool.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules.core import apply, legal_moves
from solver.search import Verdict, solve

GRADES = ("easy", "medium", "hard", "expert")  # solver.pool.models.Grade's values, easiest first
ALTERNATIVE_NODES = 20_000  # one alternative move's search: most are decided in a few hundred
MEASURE_NODES = 4_000_000  # every alternative of one deal together (about 1-3 CPU s natively)
NARROWNESS_WEIGHT = 2

# Cut points per mode (variant, draw, passes): each measure's quartiles over the mode's pool
# (narrowness, log10 of nodes, par), then the points' cut points. Derived from the first 120
# proven deals of each mode (the development deal key) by
#   nice -n 19 .venv/bin/python bench/deals.py grades --deals 120 --strayers 6 --undos 4
# which prints these lines (and the per-grade table of README "Grades").
CUTS: dict[tuple[str, int | None, int | None], dict[str, tuple[float, float, float]]] = {
    ("yukon", None, None): {
        "narrowness": (0.001, 0.0055, 0.0122), "effort": (1.7, 1.76, 1.91), "par": (91, 95, 98),
        "points": (4, 6, 9),
    },
    ("klondike", 1, None): {
        "narrowness": (0.0, 0.0005, 0.0017), "effort": (1.83, 2.03, 2.28),
        "par": (187, 198, 213), "points": (3, 6, 9),
    },
    ("klondike", 3, None): {
        "narrowness": (0.0024, 0.0054, 0.0126), "effort": (1.85, 2.05, 2.47),
        "par": (140, 151, 160), "points": (4, 6, 9),
    },
    # Vegas: one pass (draw 1) or three (draw 3), a pool of its own and far narrower deals.
    # From 60 proven deals each: `bench/deals.py grades --deals 60 --modes vegas1,vegas3`.
    ("klondike", 1, 1): {
        "narrowness": (0.0228, 0.0356, 0.0488), "effort": (3.48, 4.135, 4.9375),
        "par": (109, 114, 118), "points": (3, 7, 9),
    },
    ("klondike", 3, 3): {
        "narrowness": (0.0259, 0.038, 0.0549), "effort": (3.1275, 3.875, 4.34),
        "par": (111, 116, 121), "points": (4, 7, 9),
    },
}  # fmt: skip


@dataclass(frozen=True)
class Measures:
    narrowness: float
    par: int
    nodes: int

    @property
    def effort(self) -> float:
        return math.log10(1 + self.nodes)


def measure(start: Position, line: list[str], nodes: int) -> Measures:
    """The deal's measures along its winning `line` (which must replay from `start`)."""
    positions = [start]
    for text in line:
        positions.append(apply(positions[-1], Move.parse(text)))
    on_line = set(positions)
    decided: dict[Position, bool] = {}
    spent = moves = kept = 0
    for position in positions[:-1]:
        for move in legal_moves(position):
            moves += 1
            after = apply(position, move)
            if after in on_line:
                kept += 1
                continue
            if after not in decided:
                budget = min(ALTERNATIVE_NODES, MEASURE_NODES - spent)
                if budget <= 0:  # the deal's budget is spent: not proven to keep it
                    decided[after] = False
                else:
                    result = solve(after, budget_nodes=budget)
                    spent += result.nodes
                    decided[after] = result.verdict == Verdict.WIN
            kept += decided[after]
    narrowness = round(1 - kept / moves, 6) if moves else 0.0
    return Measures(narrowness, len(line), nodes)


def mode_cuts(variant: str, draw: int | None, passes: int | None) -> dict:
    """The mode's cut points; a pass limit the site never deals takes its draw's unlimited
    ones."""
    key = (variant, draw if variant == "klondike" else None, passes)
    return CUTS.get(key) or CUTS[(key[0], key[1], None)]


def points(measures: Measures, cuts: dict) -> int:
    """0-12: each measure's quartile in the mode's pool, narrowness counting double."""

    def quartile(value: float, bounds: tuple) -> int:
        return sum(value > bound for bound in bounds)

    return (
        NARROWNESS_WEIGHT * quartile(measures.narrowness, cuts["narrowness"])
        + quartile(round(measures.effort, 6), cuts["effort"])
        + quartile(measures.par, cuts["par"])
    )


def grade(measures: Measures, variant: str, draw: int | None, passes: int | None) -> str:
    """The grade (a GRADES value) of a deal with these measures in this mode."""
    cuts = mode_cuts(variant, draw, passes)
    return GRADES[sum(points(measures, cuts) >= bound for bound in cuts["points"])]
