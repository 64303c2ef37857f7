"""A cheap proof of loss: a face-down card that can never come up."""

from __future__ import annotations

from .cards import KING, PARENTS, RANK


def deadlocked(piles: list[bytes]) -> bool:
    """Whether some card in `piles` can never leave its column. Each pile is a column's
    face-down cards (bottom first) and the face-up card lying on them (the one whose move
    would turn the next card up).

    A card X of a pile leaves its column (for good or not) only once every card above it in
    the pile has, and then only (a) home, once every lower card of its suit is home, so
    has left its pile; (b) onto a parent (other colour, one rank higher) lying face up on
    top of a column, so a parent outside the piles, or one whose pile cards above it have
    all left; (c) as a king, to an empty column; nothing under X can lift it, as it is all
    face down. In a win every card leaves its pile, and in the order they do, each one's
    condition holds on the cards that left before it. So if we grow the set of cards that
    may leave, optimistically (every card outside the piles is assumed to be wherever it
    is needed), and some pile card is never added, no win exists.
    """
    where = {}
    for j, pile in enumerate(piles):
        for m, c in enumerate(pile):
            where[c] = (j, m)
    left = [len(pile) for pile in piles]  # cards from index left[j] on have left
    progress = True
    while progress:
        progress = False
        for j, pile in enumerate(piles):
            m = left[j] - 1
            if m < 0:
                continue
            x = pile[m]
            if _may_leave(x, where, left):
                left[j] = m
                progress = True
    return any(left)


def _may_leave(x: int, where: dict, left: list[int]) -> bool:
    if RANK[x] == KING:
        return True
    for p in PARENTS[x]:
        spot = where.get(p)
        if spot is None or left[spot[0]] <= spot[1] + 1:
            return True
    base = x - x % 13
    for y in range(base, x):
        spot = where.get(y)
        if spot is not None and left[spot[0]] > spot[1]:
            return False
    return True
