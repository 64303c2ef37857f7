"""The moves the search offers in a position of tableau.py, and the order it tries them in:
the tableau and foundation moves Yukon and Klondike share (klondike.py adds the talon).

A class is the positions that share a key (tableau.py: they differ only in toggles).
Because the search expands only the first position of a class it meets, it must offer
every way out of the class, not only the moves of that one position. A position of the
class differs from ours in where the toggled cards sit; what it can do that ours can't is
use a parent P that in ours carries a toggled card X: land X's twin on P, or send P home;
or, as X's stack then lies on Q, land a card Y from under X in X's old column (P included)
on the stack's top, which in ours tops Y's own column. So besides the direct moves,
moves() offers the compound moves "X to Q, then the twin onto P", "X to Q, then P home"
and "X to Q, then Y onto its top" (kind 4). Moves that are themselves toggles lead back
into the class and are not offered.
"""

from __future__ import annotations

from .cards import BASE, CHILDREN, KING, KINGS, PARENTS, RANK, TWIN, is_safe_home


class TableauMoves:
    """Move generation for TableauGame, which holds the state it reads (cols, where, sup,
    ndown, found) and the switches yukon.py and klondike.py set (toggles, lift_bases,
    prune_returns)."""

    def can_lift(self, y: int, i: int, k: int) -> bool:
        """Whether face-up card y (cols[i][k]) may be picked up with what is on it."""
        return True

    def tableau_moves(self, scored: list) -> int:
        """Appends (score, move) for the tableau and foundation moves; returns the first
        empty column (or -1).

        Left out, each without losing a win:
        - toggles (see tableau.py); in Klondike that is every lift but the bottom
          card of a column's run, since the card under any other is its natural parent, so
          the only other place it can go is onto the twin;
        - a king-led stack that already fills a column with nothing face down under it, to
          an empty column (the same position up to swapping columns), and all empty
          columns but the first as a target (they are interchangeable);
        - a foundation card that is_safe_home would send straight back: the position after
          the return is the one before plus a column top that the proof of is_safe_home
          shows is never needed on the table;
        - moves home that autos() plays anyway (they are played before moves() runs).
        """
        cols = self.cols
        where = self.where
        sup = self.sup
        ndown = self.ndown
        found = self.found
        toggles = self.toggles
        lift_bases = self.lift_bases
        empty = -1
        for j in range(7):
            col = cols[j]
            if not col:
                if empty < 0:
                    empty = j
                continue
            t = col[-1]
            q = TWIN[t]
            for y in CHILDREN[t]:
                i = where[y]
                if i < 0 or i == j:
                    continue
                s = sup[y]
                if toggles and s == q:
                    continue  # a toggle
                if lift_bases:
                    if s != BASE:
                        continue
                    k = 0
                else:
                    k = cols[i].index(y)
                    if not self.can_lift(y, i, k):
                        continue
                scored.append((self.stack_score(i, k, j, cols[i]), (0, i, k, j)))
            if found[t // 13] == t % 13:
                score = 50
                if len(col) == 1 and ndown[j]:
                    score = 120 + ndown[j]
                scored.append((score, (1, j)))
        if empty >= 0:
            for king in KINGS:
                i = where[king]
                if i < 0:
                    continue
                if sup[king] == BASE:
                    if not ndown[i]:
                        continue
                    k = 0
                elif lift_bases:
                    continue
                else:
                    k = cols[i].index(king)
                    if not self.can_lift(king, i, k):
                        continue
                scored.append((self.stack_score(i, k, empty, cols[i]), (0, i, k, empty)))
        # Foundation tops back to a column.
        for s in range(4):
            h = found[s]
            if not h:
                continue
            c = s * 13 + h - 1
            found[s] = h - 1
            safe = self.prune_returns and is_safe_home(c, found)
            found[s] = h
            if safe:
                continue
            if RANK[c] == KING:
                if empty >= 0:
                    scored.append((-20, (2, s, empty)))
                continue
            for p in PARENTS[c]:
                j = where[p]
                if j >= 0 and cols[j][-1] == p:
                    scored.append((-20, (2, s, j)))
        if not toggles:
            return empty
        # Ways out of the class through a parent p that carries a toggled card x.
        for j in range(7):
            col = cols[j]
            if not col:
                continue
            t = col[-1]  # the free twin of p
            p = TWIN[t]
            for x in CHILDREN[t]:
                if sup[x] != p or where[x] == j:
                    continue
                i = where[x]
                src = cols[i]
                kx = src.index(x)
                shift = (0, i, kx, j)
                if found[p // 13] == p % 13:
                    scored.append((48, (4, shift, (1, i))))
                m = self.twin_onto(TWIN[x], i, kx, j)
                if m is not None:
                    scored.append((m[0] - 1, (4, shift, m[1])))
                for m in self.under_onto_stack(i, kx, j):
                    scored.append((m[0] - 1, (4, shift, m[1])))
        return empty

    def twin_onto(self, y: int, i: int, kx: int, j: int):
        """(score, move) landing card y on the parent in column i, cols[i][kx - 1], once the
        toggled card cols[i][kx] (y's twin) has moved with its stack onto column j's top;
        None when y can't go. Klondike adds the talon."""
        h = self.found[y // 13]
        if h and h - 1 == y % 13:
            return (-20, (2, y // 13, i))
        c = self.where[y]
        if c < 0:
            return None
        src = self.cols[c]
        k = src.index(y)
        if c == i:
            if k < kx:
                return None  # the parent lies on y: y can't land on it
            # y rode along with its twin's stack to column j.
            return (0, (0, j, len(self.cols[j]) + k - kx, i))
        elif self.lift_bases:
            if self.sup[y] != BASE:
                return None
        elif not self.can_lift(y, c, k):
            return None
        return (self.stack_score(c, k, i, src), (0, c, k, i))

    def under_onto_stack(self, i: int, kx: int, j: int) -> list:
        """(score, move)s landing a card y that lies under the toggled card cols[i][kx] in
        its column on the top of its stack (the column's top), once the stack has moved onto
        column j's top: y and the top share a column until then, so no direct move does it.
        Only Yukon lifts such a y: in Klondike the cards under x are higher than x, and so
        than the stack's top."""
        src = self.cols[i]
        found = []
        for y in CHILDREN[src[-1]]:
            if self.where[y] != i:
                continue
            k = src.index(y)
            if k >= kx:
                continue
            if self.lift_bases:
                if self.sup[y] != BASE:
                    continue
            elif not self.can_lift(y, i, k):
                continue
            found.append((self.stack_score(i, k, j, src), (0, i, k, j)))
        return found

    def stack_score(self, i: int, k: int, j: int, src: bytes) -> int:
        nd = self.ndown[i]
        if k == 0:
            if nd:
                # Uncovers a face-down card: what both games are about.
                return 100 + 3 * nd - self.ndown[j]
            return 30  # empties a column
        below = src[k - 1]
        if self.found[below // 13] == below % 13:
            return 60  # frees a card to go home
        return 10 - self.ndown[j] - len(src) + k
