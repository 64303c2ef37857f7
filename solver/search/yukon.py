"""Yukon for the search: any face-up card lifts everything on it (table.py does the rest)."""

from __future__ import annotations

from .table import TableGame


class YukonGame(TableGame):
    toggles = True
    lift_bases = False

    def moves(self) -> list:
        """Every move worth trying, best first (see TableGame.tableau_moves)."""
        scored: list = []
        self.tableau_moves(scored)
        scored.sort(key=_first, reverse=True)
        return [m for _, m in scored]


def _first(pair):
    return pair[0]
