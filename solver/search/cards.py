"""Cards as small ints for the search: card = suit * 13 + rank, rank 0 (ace) .. 12 (king).

Suits are in the order of DESIGN.md §3's letters, S H D C; hearts and diamonds are red.
Every table here is a tuple indexed by card, built once at import.
"""

from __future__ import annotations

RANKS = "A23456789TJQK"
SUITS = "SHDC"
KING = 12

CODES = tuple(r + s for s in SUITS for r in RANKS)
BY_CODE = {code: i for i, code in enumerate(CODES)}
SUIT = tuple(c // 13 for c in range(52))
RANK = tuple(c % 13 for c in range(52))
RED = tuple(SUIT[c] in (1, 2) for c in range(52))
KINGS = tuple(s * 13 + KING for s in range(4))

# The suits of the other colour, and the other suit of the same colour.
OPPOSITE = ((1, 2), (0, 3), (0, 3), (1, 2))
MATE = (3, 2, 1, 0)

# PARENTS[c]: the cards c may land on (other colour, one rank higher).
# CHILDREN[c]: the cards that may land on c (other colour, one rank lower).
PARENTS = tuple(
    tuple(o * 13 + RANK[c] + 1 for o in OPPOSITE[SUIT[c]]) if RANK[c] < KING else ()
    for c in range(52)
)
CHILDREN = tuple(
    tuple(o * 13 + RANK[c] - 1 for o in OPPOSITE[SUIT[c]]) if RANK[c] > 0 else () for c in range(52)
)
# FITS[a * 52 + b]: b may sit on a in an ordered run.
FITS = tuple(b in CHILDREN[a] for a in range(52) for b in range(52))
# The twin of a card: same rank and colour, other suit (S<->C, H<->D).
TWIN = tuple((3 - c // 13) * 13 + c % 13 for c in range(52))

# What a card sits on (tableau.py's sup[c]), besides another card: BASE for the bottom
# face-up card of a column, NONE for a card that is not face up; a key marks a toggled
# card TOGGLE. None of them is a card (0..51).
BASE = 0xF1
NONE = 0xF0
TOGGLE = 0xF3


def parse(code: object, where: str) -> int:
    """The int of a card code such as "7S"; raises ValueError naming `where`."""
    if not isinstance(code, str) or code.upper() not in BY_CODE:
        raise ValueError(f"{where}: {str(code)[:12]!r} is not a card such as 7S, TD or AH")
    return BY_CODE[code.upper()]


def is_safe_home(card: int, found: list[int]) -> bool:
    """Whether sending `card` to its foundation now can never cost the win.

    `found[s]` is the number of suit-s cards home, and `card` must be the next of its suit.
    The rule: every card of the other colour up to one rank below, and every card of the
    same colour up to two ranks below, is already home.

    Why it is sound under our rules, foundation-to-column moves included (Yukon and Klondike
    alike). Let X (rank r, colour C, suit s) be a column top with r-1 of suit s home, and
    let L be the cards of the other colour of rank <= r-1, the cards of colour C of rank
    <= r-2, and P, the r-1 of suit s. The rule says all of L is home. L is closed under
    landing: whatever lands on X or on a card of L is itself in L (other colour r-1 on X;
    colour C k-1 <= r-2 on an other-colour k <= r-1; other colour k-1 <= r-3 on a colour C
    k <= r-2; other colour r-2 on P). Cards of L reach the table only as a single card
    returned from a foundation, on top of a column, so in every later position everything
    above a card of L (or above X) is in L. Take any winning line W from the position with
    X still down, and follow it while showing the position pi(t): the real one with X and
    every card of L lifted off the columns and put home, a face-down card flipped where that
    empties a column's face-up part. pi(0) is exactly the position after X goes home.
    Each step of W either moves only cards of L and X (pi does not change) or moves a card
    N outside L: N's landing card is not in L (else N would be), so it is the same top in
    pi; N's stack in pi is the real one minus cards of L on top (still a run in Klondike);
    a foundation under N is at the same height in pi, because pi only raises suits to
    r-1 (other colour), r-2 (mate suit) and r (suit s), and N lies above those ranks;
    stock and waste are untouched (cards of L and X never go back there). So the same
    move is legal in pi, and when W wins, so does pi. The stronger "Raymond's rule" for
    Yukon (play X if only the other-colour r-2s are home) is NOT sound here: an other-colour
    r-1 still on the table may need X as the only landing place for a stack that covers
    face-down cards.
    """
    rank = card % 13
    suit = card // 13
    a, b = OPPOSITE[suit]
    return found[a] >= rank and found[b] >= rank and found[MATE[suit]] >= rank - 1
