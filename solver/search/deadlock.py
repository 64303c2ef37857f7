"""Cheap proofs of loss: a face-down card that can never come up (deadlocked), and a card that
can never go home (never_home)."""

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


def never_home(
    columns: list[tuple[bytes, int]],
    found: list[int],
    talon: bytes = b"",
    ptr: int = 0,
    draw: int = 1,
) -> bool:
    """Whether some card can never go home. Each column is its cards, bottom first, and how
    many of them (from the bottom) are face down; `found[s]` is the number of suit-s cards
    home; `talon` Klondike's stock and waste (klondike.py's order: the waste bottom to top,
    then the stock as it is turned), `ptr` the waste's size and `draw` the cards a turn
    takes. Sound for Yukon's moves, and so for Klondike's, which are fewer: a run is a stack
    Yukon could lift too.

    It grows, optimistically, the set of events that may ever happen: card c turns face up
    (up[c]), tops a column (top[c]), leaves the card or the floor it lies on now (leaves[c]),
    goes home (home[c]); and some column is empty (empty). It starts from what holds now
    (cards home count as all four: a foundation top may come back onto any column) and adds
    an event only once a condition holds that must hold just before the event first happens
    in any line:
    - a face-down card turns up only when the card lying on it now has left it, and is a
      column top then; a face-up card becomes a top only when the card lying on it now
      leaves it (a stack that moves keeps what lies on its cards);
    - a card goes home only as a column top, after the card one rank lower of its suit;
    - a face-up card leaves its place only home, onto a parent that tops a column, or, a
      king, to an empty column;
    - a column first empties when the card at its bottom now leaves it;
    - a talon card (face up, lying on nothing that matters) goes home after the card below
      it in its suit, and tops a column once it lands on a parent that tops one, or, a king,
      in an empty column, or once it was home; either only once it can be the waste top
      (reached, below).
    A talon card leaves the talon only as the waste top. The one at index q (of the talon
    now) is reached now if d's and at most one r bring it to the waste top with no card
    leaving the talon (a redeal allowed, whatever the passes left), and later only once a
    talon card at an index below q has left it (gone home or topped a column), or the one
    at q + 1 has. Why: until then q keeps its index and is the waste top only at ptr = q + 1.
    ptr moves by d's (`draw` on, or to the end), r's (to 0) and cards leaving (ptr becomes
    the index the card had). Take the last move before q leaves that set ptr other than by
    a d: there is none (the d's start from ptr now), an r (ptr 0), or a card at index i
    leaving (ptr i, where i is neither below q nor q + 1, so i > q + 1, and d's only move
    ptr on). From ptr now or 0 the d's reach q + 1 only if q is reached now; from i > q + 1
    never; and "to the end" lands on q + 1 only if q is last, which it is now (reached)
    unless the card at q + 1 left. In draw 1 every talon card is reached.
    By induction over the moves of any line from here, every event of the line is added: its
    condition held at the start or at an earlier move. A win sends every card home; so if a
    card's home is never added, no win exists. (A card coming back from a foundation lies on a
    top, which only delays events under it; it was itself a top before it went home.)

    It sees what deadlocked() cannot, which takes every face-up card for free: say ♠5 lies
    on both red queens, face down, and needs ♦6, where ♠J lies waiting for a red queen.
    """
    home = [False] * 52
    for s in range(4):
        for rank in range(found[s]):
            home[s * 13 + rank] = True
    up, top, leaves = home[:], home[:], home[:]
    on = [-1] * 52  # the card lying on c now
    bottoms, empty = [], False
    for cards, hidden in columns:
        if not cards:
            empty = True
            continue
        bottoms.append(cards[0])
        for m, c in enumerate(cards):
            up[c] = m >= hidden
            if m + 1 < len(cards):
                on[c] = cards[m + 1]
        top[cards[-1]] = True
    for c in talon:
        up[c] = leaves[c] = True
    order = talon
    reached = _reached_now(len(order), ptr, draw)
    waiting = [c for c in range(52) if not home[c] and c not in talon]
    changed = True
    while changed and (waiting or talon):  # a card home is done with: it leaves the lists
        changed = False
        if not empty and any(leaves[b] for b in bottoms):
            empty = changed = True
        gone_below = False  # a talon card below index q has left (home or onto a column)
        for q, c in enumerate(order):
            if not reached[q] and (
                gone_below or q + 1 < len(order) and (home[order[q + 1]] or top[order[q + 1]])
            ):
                reached[q] = changed = True
            gone_below = gone_below or home[c] or top[c]
        for q, c in enumerate(order):
            if home[c] or not reached[q]:
                continue
            if RANK[c] == 0 or home[c - 1]:
                home[c] = changed = True
            if not top[c] and (
                home[c] or RANK[c] == KING and empty or any(top[p] for p in PARENTS[c])
            ):
                top[c] = changed = True
        for c in waiting:
            if not top[c] and leaves[on[c]]:  # (then the card on c was face up)
                up[c] = top[c] = changed = True
            if not home[c] and top[c] and (RANK[c] == 0 or home[c - 1]):
                home[c] = leaves[c] = changed = True
            if (
                not leaves[c]
                and up[c]
                and (RANK[c] == KING and empty or any(top[p] for p in PARENTS[c]))
            ):
                leaves[c] = changed = True
        waiting = [c for c in waiting if not home[c]]
        talon = bytes(c for c in talon if not home[c])
    return bool(waiting or talon)


def _reached_now(n: int, ptr: int, draw: int) -> list[bool]:
    """Which of `n` talon cards d's and at most one r bring to the waste top from `ptr` with
    no card leaving: the waste top, every draw-th card on from it, and after a redeal every
    draw-th card from the start, the last card in both runs."""
    reached = [False] * n
    if ptr:
        reached[ptr - 1] = True
    for start in (ptr, 0):
        pos = start
        while pos < n:
            pos = min(pos + draw, n)
            reached[pos - 1] = True
    return reached
