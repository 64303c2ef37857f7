"""Klondike: which foundation cards the search brings back down to a column.

klondike.moves offers suit s's foundation top c down (alone, kind 2) only when
usable_down(game, s): when some card could land on c the moment it is down. Outside draw 1
with unlimited passes only: there the rule for talon plays (klondike.moves) binds the next
move as well, and the two rules are not shown to fit together.

This loses no win. Count a line's length in the search's moves (d's and r's ride with the
talon card they bring up). Take a shortest winning line whose first move brings c down
onto T (or, a king, to an empty column), and let b be its first later move that lands a
card on c (a toggle onto c included), lifts c, sends c home or brings down the card under
c on the foundation. b exists, as c must go home. If b sends c home, drop both moves; if
b lifts c (alone: nothing lies on it) onto a column, bring c down there at b instead:
either way a shorter winning line, which there is not. Otherwise bring c down just before
b instead (before the d's of a talon move): the same length. The moves in between stay
legal: none lands on c, so T (or the empty column) stays free for c until b; one that
lifts cards from under c carries c along in the line and lands the same without it; c
home instead of on the table raises its suit's foundation by one, which matters only to
a move that sends the next card of the suit home (it needs c home, and c is not, in the
line) or brings c or the card under it down (that is b); the talon is untouched. So a
shortest winning line starts with another move, or with c down and then a move using c:
repeat this on the rest of the line (each round moves a card down later, and one put off
lands just before its b, where it stays). That next move brings onto c a child of c that
is face up on a column (no other card leaves one), on top of its foundation, or in the
talon where d's (and an r) bring it up; or it brings the card under c down onto a parent
of it, which is face up. Each of these holds alike in every
position of our class (tableau.py, klondike.table_key: the same cards face up, home and in
the talon), as the search's own argument needs.
"""

from __future__ import annotations

from .cards import CHILDREN, PARENTS, RANK


def usable_down(game, s: int) -> bool:
    """Whether a card could land on suit s's foundation top right after it comes down."""
    c = s * 13 + game.found[s] - 1
    where = game.where
    found = game.found
    children = CHILDREN[c]
    if any(where[y] >= 0 or found[y // 13] == y % 13 + 1 for y in children):
        return True
    if RANK[c] and any(where[p] >= 0 for p in PARENTS[c - 1]):
        return True
    talon = game.talon
    return any(talon[q] in children for q, _ in game.reachable())
