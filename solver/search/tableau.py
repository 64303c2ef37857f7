"""The tableau and foundations that Yukon and Klondike share, for the search.

State: `cols[i]` the face-up cards of column i as bytes (bottom to top); `ndown[i]` how many
face-down cards it still hides (they are `down[i][:ndown[i]]`, fixed from the start since
face-down cards never move); `found[s]` how many cards of suit s are home (which slot a suit
sits in never matters: our moves name `f`, "the foundation that takes it"); `where[c]` the
column of face-up card c (-1 otherwise); `sup[c]` what face-up card c sits on: the card
under it, BASE for the bottom face-up card of a column, NONE when c is not face up.

The key: positions are identified up to what we call a toggle. A card X that sits on a
card of the other colour one rank higher (its natural parent P) while P's twin Q (same rank
and colour, other suit) is the top of another column can move with everything on it from P
to Q, and back again: one legal move each way, so both positions are equally winnable. The
key records every card's support except such an X's, which it marks TOGGLE, plus the
face-down counts (and the talon in Klondike). Two positions with one key differ only in the
toggles (each toggle touches no other card's support or toggle-ness: see key()), so each
is reached from the other by toggles, and they are equally winnable. (Klondike's key goes
further, up to twin swaps: see klondike.table_key.)

What moves() offers from a position, and in which order, is tableau_moves.py's.

Moves (tuples) and the records do() returns:
    (0, i, k, j)         cols[i][k] with everything on it to column j
                         record (0, i, j, old_i, old_j, old_ndown_i, card, old_sup)
    (1, i)               column i's top card home
                         record (1, i, -1, old_i, None, old_ndown_i, card, old_sup)
    (2, s, j)            suit s's foundation top to column j
                         record (2, -1, j, None, old_j, 0, card, NONE)
    (4, first, second)   two moves in a row; record (4, record1, record2)
Klondike adds kind 3 (a talon card), see klondike.py.
"""

from __future__ import annotations

from .cards import BASE, CHILDREN, CODES, FITS, NONE, TOGGLE, TWIN, is_safe_home
from .deadlock import deadlocked, never_home
from .tableau_moves import TableauMoves


class TableauGame(TableauMoves):
    """The shared part; yukon.py and klondike.py set what may be lifted."""

    toggles = True  # key() masks toggled cards and moves() skips toggles
    lift_bases = False  # only a column's bottom face-up card is ever lifted (Klondike)
    prune_returns = True  # no foundation card back that is_safe_home would send home
    talon = b""  # Klondike's stock and waste (klondike.py)
    ptr, draw = 0, 1  # Klondike's waste size and cards a turn (klondike.py)

    def __init__(self, down, up, found) -> None:
        self.down = [bytes(d) for d in down]
        self.cols = [bytes(u) for u in up]
        self.ndown = [len(d) for d in self.down]
        self.found = list(found)
        self.where = [-1] * 52
        self.sup = bytearray([NONE] * 52)
        for i, col in enumerate(self.cols):
            below = BASE
            for c in col:
                self.where[c] = i
                self.sup[c] = below
                below = c
        self.hidden = sum(self.ndown)
        self.initial_ndown = tuple(self.ndown)
        self.initial_base = [col[:1] for col in self.cols]
        self.dead_cache: dict[bytes, bool] = {}

    def is_dead(self) -> bool:
        """Cheap proofs that the position is lost: some face-down card can never come up
        (buried()), or some card can never go home (stranded())."""
        return self.buried() or self.stranded()

    def stranded(self) -> bool:
        """Whether some card can never go home (deadlock.never_home), worked out for each
        position."""
        columns = [(self.down[i][: self.ndown[i]] + self.cols[i], self.ndown[i]) for i in range(7)]
        return never_home(columns, self.found, self.talon, self.ptr, self.draw)

    def buried(self) -> bool:
        """Whether some face-down card can never come up (deadlock.deadlocked). It depends
        only on how many cards each column still hides, so it is worked out once per such
        count vector."""
        key = bytes(self.ndown)
        dead = self.dead_cache.get(key)
        if dead is None:
            piles = []
            for i in range(7):
                h = self.ndown[i]
                if h:
                    base = self.initial_base[i] if h == self.initial_ndown[i] else b""
                    piles.append(self.down[i][:h] + (base or self.down[i][h : h + 1]))
            dead = self.dead_cache[key] = deadlocked(piles)
        return dead

    def won(self) -> bool:
        return sum(self.found) == 52

    def key(self) -> bytes:
        """Supports with the toggled cards masked, then the face-down counts.

        Why masking is exact: a card X with sup[X] = P (X's natural parent) is marked when
        P's twin Q is a column top in another column (Q can't lie in X's stack). Moving X's
        stack to Q and back changes sup[X] only, turns P into a top and Q into a non-top.
        No other card is marked through P or Q: it would be a child of P or Q, i.e. X or
        X's twin, and the twin sits on neither (P carries X, Q is a top).
        """
        cols = self.cols
        sup = self.sup
        where = self.where
        k = bytearray(sup)
        if not self.toggles:
            return bytes(k) + bytes(self.ndown)
        for j in range(7):
            col = cols[j]
            if col:
                t = col[-1]
                q = TWIN[t]
                for x in CHILDREN[t]:
                    if sup[x] == q and where[x] != j:
                        k[x] = TOGGLE
        return bytes(k) + bytes(self.ndown)

    # -- do / undo ---------------------------------------------------------------------------

    def _flip(self, i: int) -> bytes:
        nd = self.ndown[i] - 1
        flipped = self.down[i][nd]
        self.ndown[i] = nd
        self.hidden -= 1
        self.where[flipped] = i
        self.sup[flipped] = BASE
        return bytes((flipped,))

    def do(self, move):
        kind = move[0]
        cols = self.cols
        where = self.where
        sup = self.sup
        if kind == 0:
            _, i, k, j = move
            src = cols[i]
            dst = cols[j]
            stack = src[k:]
            rest = src[:k]
            x = stack[0]
            record = (0, i, j, src, dst, self.ndown[i], x, sup[x])
            for c in stack:
                where[c] = j
            sup[x] = dst[-1] if dst else BASE
            cols[j] = dst + stack
            if not rest and self.ndown[i]:
                rest = self._flip(i)
            cols[i] = rest
            return record
        if kind == 1:
            i = move[1]
            src = cols[i]
            c = src[-1]
            record = (1, i, -1, src, None, self.ndown[i], c, sup[c])
            where[c] = -1
            sup[c] = NONE
            self.found[c // 13] += 1
            rest = src[:-1]
            if not rest and self.ndown[i]:
                rest = self._flip(i)
            cols[i] = rest
            return record
        if kind == 2:
            _, s, j = move
            self.found[s] -= 1
            c = s * 13 + self.found[s]
            dst = cols[j]
            sup[c] = dst[-1] if dst else BASE
            cols[j] = dst + bytes((c,))
            where[c] = j
            return (2, -1, j, None, dst, 0, c, NONE)
        if kind == 4:
            first = self.do(move[1])
            return (4, first, self.do(move[2]))
        return self.do_talon(move)

    def undo(self, record) -> None:
        kind = record[0]
        if kind == 4:
            self.undo(record[2])
            self.undo(record[1])
            return
        if kind == 3:
            self.undo_talon(record)
            return
        _, i, j, old_i, old_j, old_nd, card, old_sup = record
        cols = self.cols
        where = self.where
        sup = self.sup
        if kind != 2 and self.ndown[i] != old_nd:
            flipped = cols[i][0]
            where[flipped] = -1
            sup[flipped] = NONE
            self.ndown[i] = old_nd
            self.hidden += 1
        if kind == 0:
            for c in cols[j][len(old_j) :]:
                where[c] = i
            sup[card] = old_sup
            cols[i] = old_i
            cols[j] = old_j
        elif kind == 1:
            where[card] = i
            sup[card] = old_sup
            self.found[card // 13] -= 1
            cols[i] = old_i
        else:
            where[card] = -1
            sup[card] = NONE
            self.found[card // 13] += 1
            cols[j] = old_j

    def texts(self, record) -> list[str]:
        kind = record[0]
        if kind == 4:
            return self.texts(record[1]) + self.texts(record[2])
        if kind == 3:
            return self.talon_texts(record)
        j = record[2]
        card = record[6]
        if kind == 1:
            return [CODES[card] + "-f"]
        return [f"{CODES[card]}-t{j + 1}"]

    # -- automatic moves and the finish ------------------------------------------------------

    def autos(self) -> list:
        """Plays home every card that cards.is_safe_home allows, until none is left: column
        tops, and (with toggles) a card covered only by a toggled card, after that toggle:
        it keeps us in the same class, where the card is a top. Klondike adds talon cards."""
        records = []
        while self._auto_tableau(records) or self._auto_talon(records):
            pass
        return records

    def _auto_tableau(self, records) -> bool:
        cols = self.cols
        found = self.found
        where = self.where
        played = False
        for s in range(4):
            h = found[s]
            if h < 13:
                c = s * 13 + h  # the next card of suit s
                i = where[c]
                if i >= 0 and cols[i][-1] == c and is_safe_home(c, found):
                    records.append(self.do((1, i)))
                    played = True
        if played or not self.toggles:
            return played
        sup = self.sup
        for j in range(7):
            col = cols[j]
            if not col:
                continue
            t = col[-1]
            p = TWIN[t]
            if found[p // 13] != p % 13 or not is_safe_home(p, found):
                continue
            for x in CHILDREN[t]:
                if sup[x] == p and where[x] != j:
                    i = where[x]
                    shift = (0, i, cols[i].index(x), j)
                    records.append(self.do((4, shift, (1, i))))
                    return True
        return False

    def _auto_talon(self, records) -> bool:
        return False

    def finish(self) -> list | None:
        """With nothing face down, no talon and every column in alternating descending order
        the game is won: the lowest card not home is always a column top (every card above
        it in its column is lower) and its suit is home up to the rank below. Plays it out."""
        if self.hidden or self.has_talon():
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

    def has_talon(self) -> bool:
        return False
