"""Yukon for the search: any face-up card lifts everything on it (tableau.py does the rest)."""

from __future__ import annotations

from .tableau import TableauGame


class YukonGame(TableauGame):
    toggles = True
    lift_bases = False

    def moves(self) -> list:
        """Every move worth trying, best first (see TableauGame.tableau_moves)."""
        scored: list = []
        self.tableau_moves(scored)
        scored.sort(key=_first, reverse=True)
        return [m for _, m in scored]


def _first(pair):
    return pair[0]
