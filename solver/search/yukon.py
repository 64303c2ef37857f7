"""Yukon for the search: a mutable table with do/undo, move generation and a canonical key.

The table: `cols[i]` the face-up cards of column i as bytes (bottom to top), `ndown[i]` how
many face-down cards it still hides (they are `down[i][:ndown[i]]`, fixed from the start
since face-down cards never move), `found[s]` how many cards of suit s are home (which slot
a suit sits in never matters: moves name `f`, "the foundation that takes it"), and
`where[c]` the column of face-up card c (-1 when c is home or face down).

Records (what do() returns and undo() takes):
    (0, i, j, old_i, old_j, old_ndown_i, card)   card's stack from column i to column j
    (1, i, -1, old_i, None, old_ndown_i, card)   column i's top card home
    (2, -1, j, None, old_j, 0, card)             a foundation's top card back to column j
"""

from __future__ import annotations

from .cards import CHILDREN, CODES, FITS, KING, KINGS, PARENTS, RANK, is_safe_home

SEP = b"\xff"


def column_header(i: int, ndown: int) -> bytes:
    """A column with face-down cards keeps its identity in the key (its hidden cards differ
    from every other column's); a column without any is interchangeable with its peers."""
    return bytes((64 + 8 * i + ndown,)) if ndown else b""


class YukonGame:
    def __init__(self, down: list[bytes], up: list[bytes], found: list[int]) -> None:
        self.down = down
        self.cols = list(up)
        self.ndown = [len(d) for d in down]
        self.found = list(found)
        self.where = [-1] * 52
        for i, col in enumerate(self.cols):
            for c in col:
                self.where[c] = i
        self.pieces = [column_header(i, self.ndown[i]) + self.cols[i] + SEP for i in range(7)]
        self.hidden = sum(self.ndown)

    # -- the DFS interface ------------------------------------------------------------------

    def won(self) -> bool:
        return sum(self.found) == 52

    def key(self) -> bytes:
        """Canonical form. Columns without face-down cards are sorted, since the rules never
        tell columns apart: swapping two such columns maps every line of play onto one of the
        same length. The foundations are not in the key: they hold exactly the cards that
        are not on the table."""
        return b"".join(sorted(self.pieces))

    def do(self, move):
        kind = move[0]
        cols = self.cols
        where = self.where
        if kind == 0:
            _, i, k, j = move
            src = cols[i]
            dst = cols[j]
            stack = src[k:]
            rest = src[:k]
            for c in stack:
                where[c] = j
            cols[j] = dst + stack
            self.pieces[j] = column_header(j, self.ndown[j]) + cols[j] + SEP
            nd = self.ndown[i]
            record = (0, i, j, src, dst, nd, stack[0])
            if not rest and nd:
                nd -= 1
                flipped = self.down[i][nd]
                rest = bytes((flipped,))
                where[flipped] = i
                self.ndown[i] = nd
                self.hidden -= 1
            cols[i] = rest
            self.pieces[i] = column_header(i, nd) + rest + SEP
            return record
        if kind == 1:
            i = move[1]
            src = cols[i]
            c = src[-1]
            where[c] = -1
            self.found[c // 13] += 1
            rest = src[:-1]
            nd = self.ndown[i]
            record = (1, i, -1, src, None, nd, c)
            if not rest and nd:
                nd -= 1
                flipped = self.down[i][nd]
                rest = bytes((flipped,))
                where[flipped] = i
                self.ndown[i] = nd
                self.hidden -= 1
            cols[i] = rest
            self.pieces[i] = column_header(i, nd) + rest + SEP
            return record
        _, s, j = move
        self.found[s] -= 1
        c = s * 13 + self.found[s]
        dst = cols[j]
        cols[j] = dst + bytes((c,))
        where[c] = j
        self.pieces[j] = column_header(j, self.ndown[j]) + cols[j] + SEP
        return (2, -1, j, None, dst, 0, c)

    def undo(self, record) -> None:
        kind, i, j, old_i, old_j, old_nd, card = record
        cols = self.cols
        where = self.where
        if kind == 0:
            if self.ndown[i] != old_nd:
                where[cols[i][0]] = -1
                self.ndown[i] = old_nd
                self.hidden += 1
            for c in cols[j][len(old_j) :]:
                where[c] = i
            cols[i] = old_i
            cols[j] = old_j
            self.pieces[i] = column_header(i, old_nd) + old_i + SEP
            self.pieces[j] = column_header(j, self.ndown[j]) + old_j + SEP
        elif kind == 1:
            if self.ndown[i] != old_nd:
                where[cols[i][0]] = -1
                self.ndown[i] = old_nd
                self.hidden += 1
            where[card] = i
            self.found[card // 13] -= 1
            cols[i] = old_i
            self.pieces[i] = column_header(i, old_nd) + old_i + SEP
        else:
            where[card] = -1
            self.found[card // 13] += 1
            cols[j] = old_j
            self.pieces[j] = column_header(j, self.ndown[j]) + old_j + SEP

    def texts(self, record) -> list[str]:
        kind, _, j, _, _, _, card = record
        if kind == 1:
            return [CODES[card] + "-f"]
        return [f"{CODES[card]}-t{j + 1}"]

    def autos(self) -> list:
        """Plays every column top that is_safe_home allows, until none is left."""
        records = []
        cols = self.cols
        found = self.found
        again = True
        while again:
            again = False
            for i in range(7):
                col = cols[i]
                if col:
                    c = col[-1]
                    if found[c // 13] == c % 13 and is_safe_home(c, found):
                        records.append(self.do((1, i)))
                        again = True
        return records

    def finish(self) -> list | None:
        """With no face-down card left and every column in alternating descending order,
        the game is won: the lowest card not home is always a column top (every card above
        it in its column is lower) and its suit is home up to the rank below. Plays it out."""
        if self.hidden:
            return None
        for col in self.cols:
            for a, b in zip(col, col[1:], strict=False):
                if not FITS[a * 52 + b]:
                    return None
        records = []
        cols = self.cols
        found = self.found
        while sum(found) < 52:
            for i in range(7):
                col = cols[i]
                if col and found[col[-1] // 13] == col[-1] % 13:
                    records.append(self.do((1, i)))
        return records

    def moves(self) -> list:
        """Every move worth trying, best first.

        Left out, each without losing a win:
        - a king-led stack that already fills a column with nothing face down under it, to
          an empty column (the same position up to swapping columns);
        - all empty columns but the first as a target (interchangeable);
        - a foundation card whose return is_safe_home would send straight back: the position
          after the return is the one before it plus a column top that the safe-home proof
          shows is never needed on the table;
        - foundation moves that autos() would play (they are played before moves() runs).
        """
        cols = self.cols
        where = self.where
        ndown = self.ndown
        found = self.found
        scored = []
        empty = -1
        for j in range(7):
            col = cols[j]
            if not col:
                if empty < 0:
                    empty = j
                continue
            t = col[-1]
            # Stacks that land on column j.
            for ch in CHILDREN[t]:
                i = where[ch]
                if i < 0 or i == j:
                    continue
                src = cols[i]
                k = src.index(ch)
                scored.append((self._score(i, k, j, src), (0, i, k, j)))
            # Column j's top card home.
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
                src = cols[i]
                k = src.index(king)
                if k == 0 and not ndown[i]:
                    continue
                scored.append((self._score(i, k, empty, src), (0, i, k, empty)))
        # Foundation tops back to a column.
        for s in range(4):
            h = found[s]
            if not h:
                continue
            c = s * 13 + h - 1
            found[s] = h - 1
            safe = is_safe_home(c, found)
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
        scored.sort(key=_first, reverse=True)
        return [m for _, m in scored]

    def _score(self, i: int, k: int, j: int, src: bytes) -> int:
        nd = self.ndown[i]
        if k == 0:
            if nd:
                # Uncovers a face-down card: the whole point of Yukon.
                return 100 + 3 * nd - self.ndown[j]
            return 30  # empties a column
        below = src[k - 1]
        if self.found[below // 13] == below % 13:
            return 60  # frees a card to go home
        if FITS[below * 52 + src[k]]:
            return -5 - k  # it already sits on a card of the right kind
        return 10 - self.ndown[j] - len(src) + k


def _first(pair):
    return pair[0]
