"""Klondike for the search: ordered runs, and the talon (stock and waste).

The talon is kept as one sequence `talon`: the waste bottom to top, then the stock in the
order it is turned. That is the order the cards come round in, because a redeal turns the
waste over so that its bottom card is turned first. `ptr` is the size of the waste, so the
waste top is talon[ptr - 1]. A "d" moves ptr on by `draw` (at most to the end), an "r"
sets it back to 0 (and spends a pass when passes are limited).

Macro moves: instead of "d" and "r" as moves of their own, the search plays a talon card
that a run of d's (and at most one r) can bring to the waste top, straight to a column or
home, and the move's text spells out those d's and r. This loses no win: d and r only move
ptr, so in any winning line the d's and r's can be put off until just before the next card
played from the waste (the moves between do not touch the talon); every such stretch is
one macro move, and stretches not followed by a card played lead nowhere. A card reachable
both before and after a redeal is only offered before it (the same ptr, a pass more to
spare). With unlimited passes a second redeal reaches no new ptr.

Talon move: (3, q, j, redeal): talon[q] to column j (-1: home), brought to the waste top by
d's (and one r first when `redeal`). Record: (3, q, j, old_talon, old_j, (ptr, passes),
card, redeal); texts() spells the d's and r out from it.
"""

from __future__ import annotations

from .cards import BASE, CODES, FITS, KING, NONE, PARENTS, RANK, TWIN, is_safe_home
from .cards import CHILDREN as _CHILDREN
from .downs import usable_down
from .tableau import TableauGame


class KlondikeGame(TableauGame):
    lift_bases = True

    def __init__(self, table) -> None:  # a reader.Layout
        super().__init__(table.down, table.up, table.found)
        self.draw = table.draw
        self.passes = table.passes_left
        self.talon = bytes(table.waste) + bytes(table.stock)
        self.ptr = len(table.waste)
        if not all(_ordered(col, 0) for col in self.cols):
            # A hand-made table with a column out of order: cards under the break can't
            # be lifted with it, so lifts are checked one by one and no toggles are used.
            self.toggles = False
            self.lift_bases = False
        # See moves(): in draw 1 with unlimited passes a talon card played to a column must
        # be used by the very next move; `pending` is that card (-1: none).
        self.delay_plays = self.draw == 1 and self.passes is None
        self.pending = -1
        self._pending_history: list[int] = []
        self._reachable: dict = {}

    def do(self, move):
        self._pending_history.append(self.pending)
        record = TableauGame.do(self, move)
        if self.delay_plays:
            last = record[2] if record[0] == 4 else record
            if last[0] != 3:
                self.pending = -1
            elif last[2] >= 0:
                self.pending = last[6]
            else:
                # A talon card home: 52 + its suit, unless it ends its suit.
                card = last[6]
                self.pending = -1 if card % 13 == 12 else 52 + card // 13
        return record

    def undo(self, record) -> None:
        TableauGame.undo(self, record)
        self.pending = self._pending_history.pop()

    def can_lift(self, y: int, i: int, k: int) -> bool:
        return _ordered(self.cols[i], k)

    def has_talon(self) -> bool:
        return bool(self.talon)

    def key(self) -> bytes:
        """The table's key, then the talon and where ptr stands.

        With unlimited passes two positions that d's and r's lead from one to the other and
        back are equally winnable, so ptr is left out when that holds: in draw 1 always (d's
        and r's reach every ptr), in draw 3 when ptr is a multiple of 3 or at the end (both
        reachable from ptr 0, and ptr 0 from them). With a pass limit ptr and the passes left
        are kept as they are."""
        if self.passes is None:
            if self.draw == 1:
                tail = b"\xfe"
            else:
                p = self.ptr
                tail = bytes((0xFE, 0 if p % 3 == 0 or p == len(self.talon) else p))
        else:
            tail = bytes((0xFE, self.ptr, min(self.passes, 200)))
        if self.pending >= 0:
            tail += bytes((0xFD, self.pending))
        if not self.toggles:
            return super().key() + tail + self.talon
        return self.table_key() + tail + self.talon

    def dominated(self, key: bytes) -> list[bytes]:
        """Keys of positions that this one (whose key is `key`) dominates, to be counted as
        seen: in draw 3 with unlimited passes, the same table and talon with ptr back at 0.
        From there the d's (and r) reach a subset of the waste tops reachable from here, and
        each talon move leads to the same position (the card played sets ptr), so every line
        from there is a line from here, no longer. (A search that finishes has then explored
        a position at least as close to a win as each one it skipped; see dfs.py.) ptr
        further on by a multiple of 3 is dominated alike, but marking those too more than
        doubled the keys a hard search stores for a tenth fewer positions, and the memory
        cost the native core more time than it saved (_native.c, add_dominated)."""
        if self.draw != 3 or self.passes is not None:
            return []
        p = self.ptr
        n = len(self.talon)
        if p % 3 == 0 or p == n:
            return []
        head = len(key) - len(self.talon) - 1  # the ptr byte of the tail
        before, after = key[:head], key[head + 1 :]
        return [before + b"\x00" + after]

    def table_key(self) -> bytes:
        """The columns up to swaps: what lies face down (ndown), what is home (found), and
        which face-up cards start a column that hides nothing. Everything else face up sits
        on one of its two parents, and which one never matters, so it is not recorded.

        Why: let P and Q be twins (same rank and colour) face up in two columns, and swap
        everything lying on P with everything lying on Q (in Klondike that is a run led by
        a card that fits either). Every move of one position has a move of the other that
        leads to two positions again related by such a swap (or equal): moves within the
        swapped runs and moves landing on their tops are the same moves; a run lifted from
        P or below takes whichever run lies on P, and can't land on the run on Q (its cards
        rank below P's, the run's lead ranks at least as high); a move onto P when nothing
        lies on it lands on Q in the other position, where Q is the free one. Sending P
        home with nothing on it becomes a toggle first and then P home, the compound move
        that tableau_moves offers. Wins are the same on both sides, so swapped positions
        are equally winnable. Toggles (tableau.py) are the swaps with one side empty. Any two
        tables with the same ndown, found, talon and such column starts are related by
        swaps, one parent rank at a time."""
        starts = bytes(
            sorted(col[0] for i, col in enumerate(self.cols) if col and not self.ndown[i])
        )
        return bytes(self.ndown) + bytes(self.found) + starts + b"\xff"

    def do_talon(self, move):
        _, q, j, redeal = move
        talon = self.talon
        c = talon[q]
        cols = self.cols
        record = (3, q, j, talon, cols[j] if j >= 0 else None, (self.ptr, self.passes), c, redeal)
        self.talon = talon[:q] + talon[q + 1 :]
        self.ptr = q
        if redeal and self.passes is not None:
            self.passes -= 1
        if j < 0:
            self.found[c // 13] += 1
        else:
            dst = cols[j]
            self.sup[c] = dst[-1] if dst else BASE
            cols[j] = dst + bytes((c,))
            self.where[c] = j
        return record

    def undo_talon(self, record) -> None:
        _, q, j, talon, old_j, (ptr, passes), c, _ = record
        self.talon = talon
        self.ptr = ptr
        self.passes = passes
        if j < 0:
            self.found[c // 13] -= 1
        else:
            self.where[c] = -1
            self.sup[c] = NONE
            self.cols[j] = old_j

    def talon_texts(self, record) -> list[str]:
        _, q, j, talon, _, (ptr, _), card, redeal = record
        draw = self.draw
        if redeal:
            turns = ["d"] * -(-(len(talon) - ptr) // draw) + ["r"] + ["d"] * -(-(q + 1) // draw)
        else:
            turns = ["d"] * -(-(q + 1 - ptr) // draw)
        return turns + [f"{CODES[card]}-{'f' if j < 0 else f't{j + 1}'}"]

    # -- the talon --------------------------------------------------------------------------

    def reachable(self) -> tuple[tuple[int, bool], ...]:
        """(index, whether a redeal comes first) for every talon card that d's (and at most
        one r) can bring to the waste top. Depends only on the talon's size, ptr and
        whether a redeal is allowed, so each answer is kept."""
        n = len(self.talon)
        can_redeal = self.passes is None or self.passes > 1
        key = (n, self.ptr, can_redeal)
        found = self._reachable.get(key)
        if found is None:
            found = self._reachable[key] = _reachable(n, self.ptr, self.draw, can_redeal)
        return found

    def _auto_talon(self, records) -> bool:
        """Talon cards home where cards.is_safe_home's proof carries over: in draw 1 with
        unlimited passes any talon card (follow the winning line's d's and r's, skipping the
        card sent home; where ptr ends up does not matter, see key()); with a pass limit in
        draw 1 only the waste top (ptr must not move). In draw 3 taking a card out of the
        talon regroups the cards dealt three at a time, so nothing is automatic there."""
        if self.draw != 1 or not self.talon:
            return False
        found = self.found
        if self.passes is None:
            for q, c in enumerate(self.talon):
                if found[c // 13] == c % 13 and is_safe_home(c, found):
                    records.append(self.do((3, q, -1, q + 1 < self.ptr)))
                    self.pending = -1  # a safe move binds no next move
                    return True
        elif self.ptr:
            c = self.talon[self.ptr - 1]
            if found[c // 13] == c % 13 and is_safe_home(c, found):
                records.append(self.do((3, self.ptr - 1, -1, False)))
                self.pending = -1
                return True
        return False

    # -- moves ------------------------------------------------------------------------------

    def moves(self) -> list:
        """Every move worth trying, best first: TableauGame.tableau_moves plus talon cards to a
        column (directly, or after the toggle that frees the parent) or home.

        Draw 1 with unlimited passes: right after a talon card c went to a column, only
        moves that land something on c are offered (a column's run, a foundation card,
        another talon card, or a toggled card whose move frees c's twin, as the first half
        of a compound move). This loses no win. In a winning line, let c go onto the top T
        at step a, and let step b be the first later one that lands a card on c, sends c
        home or lifts c by itself. Play c at b instead (just before it, or, when b sends c
        home or lifts it alone, straight from the talon to where b takes it): in between,
        no step lands on c, and one that lifts a run from under c carries c along, the
        same run less its top, which lands where it did; T stays a top, since nothing could
        land on it while c was there; talon plays in between take other cards, which in
        draw 1 are all reachable whatever ptr is (ptr does not matter there, see key()).
        So every line can be rearranged so that each talon play is used by the next step.
        A toggle onto c counts as landing on c, and in our classes (see tableau.py) the step
        after it that uses the freed twin is what the compound move does.

        Likewise a talon card c sent home (other than by autos()) must be followed at once
        by the next card of its suit going home. In a winning line, let step b be the first
        after c went home that needs it there: the next card of the suit goes home, or c
        comes back to a column. Send c home just before b (or, if b brings it back, play it
        from the talon to that column at b): in between nothing touches c's foundation (its
        card under c could not come back while c lay on it) and c in the talon is in no
        one's way. A king has no next card and may go home when it likes.
        """
        scored: list = []
        empty = self.tableau_moves(scored)
        cols = self.cols
        where = self.where
        sup = self.sup
        found = self.found
        toggles = self.toggles
        talon = self.talon
        delay = self.delay_plays
        for q, redeal in self.reachable():
            c = talon[q]
            penalty = 2 if redeal else 0
            if found[c // 13] == c % 13:
                scored.append((45 - penalty, (3, q, -1, redeal)))
            if delay and not self._usable_at_once(c):
                continue  # the next move would have to use c, and nothing can
            if RANK[c] == KING:
                if empty >= 0:
                    scored.append((25 - penalty, (3, q, empty, redeal)))
                continue
            for p in PARENTS[c]:
                j = where[p]
                if j < 0:
                    continue
                col = cols[j]
                if col[-1] == p:
                    scored.append((35 - penalty, (3, q, j, redeal)))
                elif toggles:
                    # p carries c's twin x; if p's twin is free, x can toggle over first.
                    x = TWIN[c]
                    t = TWIN[p]
                    jt = where[t]
                    if sup[x] == p and jt >= 0 and jt != j and cols[jt][-1] == t:
                        shift = (0, j, col.index(x), jt)
                        scored.append((34 - penalty, (4, shift, (3, q, j, redeal))))
        if self.prune_returns and not delay:  # downs.py: a card down only to be used
            scored = [pair for pair in scored if pair[1][0] != 2 or usable_down(self, pair[1][1])]
        pending = self.pending
        if pending >= 52:
            scored = [pair for pair in scored if _sends_home(pair[1], self) == pending - 52]
        elif pending >= 0:
            column = where[pending]
            scored = [pair for pair in scored if _lands_on(pair[1]) == column]
        scored.sort(key=_first, reverse=True)
        return [m for _, m in scored]

    def _usable_at_once(self, c: int) -> bool:
        """Whether some move could land a card on c the moment c is on a column: a child
        of c face up (its run, or a toggle off c's twin), on top of its foundation, or in
        the talon (draw 1: all of it is in reach)."""
        found = self.found
        for y in _CHILDREN[c]:
            if self.where[y] >= 0 or found[y // 13] == y % 13 + 1 or y in self.talon:
                return True
        return False

    def twin_onto(self, y: int, i: int, kx: int, j: int):
        m = super().twin_onto(y, i, kx, j)
        if m is not None:
            return m
        q = self.talon.find(y)
        if q >= 0:
            for reached, redeal in self.reachable():
                if reached == q:
                    return (34 - 2 * redeal, (3, q, i, redeal))
        return None

    def stack_score(self, i: int, k: int, j: int, src: bytes) -> int:
        nd = self.ndown[i]
        if k == 0:
            if nd:
                return 100 + 3 * nd
            return 15  # empties a column
        below = src[k - 1]
        if self.found[below // 13] == below % 13:
            return 55  # frees a card to go home
        return -10


def _reachable(n: int, p: int, draw: int, can_redeal: bool) -> tuple[tuple[int, bool], ...]:
    out = []
    ptrs = set()
    if p:
        out.append((p - 1, False))
        ptrs.add(p)
    pos = p
    while pos < n:
        pos = min(pos + draw, n)
        out.append((pos - 1, False))
        ptrs.add(pos)
    if can_redeal:
        pos = 0
        while pos < n:
            pos = min(pos + draw, n)
            if pos not in ptrs:
                ptrs.add(pos)
                out.append((pos - 1, True))
    return tuple(out)


def _lands_on(move) -> int:
    """The column a move first lands a card on, -1 for a move home."""
    kind = move[0]
    if kind == 0:
        return move[3]
    if kind == 4:
        return _lands_on(move[1])
    if kind == 1:
        return -1
    return move[2]


def _sends_home(move, game) -> int:
    """The suit a move sends a card home in, -1 if none (for the compound: its last part)."""
    kind = move[0]
    if kind == 4:
        first, second = move[1], move[2]
        if second[0] == 1:
            # The card under the toggled one, which the toggle uncovers.
            return game.cols[first[1]][first[2] - 1] // 13
        return _sends_home(second, game)
    if kind == 1:
        return game.cols[move[1]][-1] // 13
    if kind == 3 and move[2] < 0:
        return game.talon[move[1]] // 13
    return -1


def _ordered(col: bytes, k: int) -> bool:
    for n in range(k, len(col) - 1):
        if not FITS[col[n] * 52 + col[n + 1]]:
            return False
    return True


def _first(pair):
    return pair[0]
