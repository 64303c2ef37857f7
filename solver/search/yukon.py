"""Yukon for the search: any face-up card lifts everything on it (tableau.py does the rest)."""

from __future__ import annotations

from .deadlock import never_home
from .tableau import TableauGame


class YukonGame(TableauGame):
    toggles = True
    lift_bases = False

    def is_dead(self) -> bool:
        """TableauGame's proof, then deadlock.never_home (any card face up lifts its stack,
        which that proof assumes)."""
        if super().is_dead():
            return True
        columns = [(self.down[i][: self.ndown[i]] + self.cols[i], self.ndown[i]) for i in range(7)]
        return never_home(columns, self.found)

    def moves(self) -> list:
        """Every move worth trying, best first (see TableauGame.tableau_moves)."""
        scored: list = []
        self.tableau_moves(scored)
        scored.sort(key=_first, reverse=True)
        return [m for _, m in scored]


def _first(pair):
    return pair[0]
