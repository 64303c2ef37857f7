"""Draw the card faces: one SVG sheet of <symbol>s, static/cards/faces.svg, that the table
references by `<use href="faces.<hash>.svg#KS">`, cached once for every page.

Each face is the part of a card the page does not write as text: the classic pip layout of
2-10, a large centre pip on an ace, a stylised double-headed figure on a jack, queen or king,
and the small turned index in the lower corner. The card's paper, border and its top index
(rank and suit, the strip a fanned column leaves visible) are the page's own HTML and CSS.
Suit signs are drawn in `currentColor`, so the card's colour (red, black, or the system's
in forced colours) paints them; the figures add a few fixed colours.

    .venv/bin/python tools/card_sheet.py          # write static/cards/faces.svg
    .venv/bin/python tools/card_sheet.py --check  # exit 1 when the sheet is not up to date
"""

from __future__ import annotations

import sys
from pathlib import Path

SHEET = Path(__file__).resolve().parent.parent / "static" / "cards" / "faces.svg"
W, H = 200, 280  # a card, in the sheet's units (the page's cards are 1 : 1.4 too)
RANKS = "A23456789TJQK"
INDEX = {"T": "10"}

# The four suit signs, each in a box from -50 to 50.
SUITS = {
    "H": "M0 46C-14 26-48 6-48-17C-48-37-31-47-17-45C-7-44-2-37 0-31C2-37 7-44 17-45"
    "C31-47 48-37 48-17C48 6 14 26 0 46Z",
    "D": "M0-48Q18-22 38 0Q18 22 0 48Q-18 22-38 0Q-18-22 0-48Z",
    "S": "M0-48C14-28 47-10 47 13C47 31 32 39 18 37C10 36 5 31 3 27C4 37 9 44 17 48H-17"
    "C-9 44-4 37-3 27C-5 31-10 36-18 37C-32 39-47 31-47 13C-47-10-14-28 0-48Z",
    "C": "M0-45A20 20 0 0 1 17-14A20 20 0 1 1 4 20C5 33 10 42 17 48H-17C-10 42-5 33-4 20"
    "A20 20 0 1 1-17-14A20 20 0 0 1 0-45Z",
}

# Pip places for 2-10 in the classic arrangement: columns L, C, R; rows as a fraction of the
# pip field from top (0) to bottom (1). Pips below the middle are turned upside down.
L, C, R = 66, 100, 134
TOP, BOTTOM = 98, 246
THIRD, SIXTH = 1 / 3, 1 / 6
PIPS = {
    2: [(C, 0), (C, 1)],
    3: [(C, 0), (C, 0.5), (C, 1)],
    4: [(L, 0), (R, 0), (L, 1), (R, 1)],
    5: [(L, 0), (R, 0), (C, 0.5), (L, 1), (R, 1)],
    6: [(x, y) for y in (0, 0.5, 1) for x in (L, R)],
    7: [(x, y) for y in (0, 0.5, 1) for x in (L, R)] + [(C, 0.25)],
    8: [(x, y) for y in (0, 0.5, 1) for x in (L, R)] + [(C, 0.25), (C, 0.75)],
    9: [(x, y) for y in (0, THIRD, 2 * THIRD, 1) for x in (L, R)] + [(C, 0.5)],
    10: [(x, y) for y in (0, THIRD, 2 * THIRD, 1) for x in (L, R)] + [(C, SIXTH), (C, 1 - SIXTH)],
}
PIP = 34  # a pip's width and height

# The court figures' colours beside the suit's own (currentColor).
GOLD, BLUE, SKIN, HAIR, LINE = "#e3b23c", "#2f5fa8", "#f4d3ab", "#6b3e1f", "#222"


def pip(suit: str, x: float, y: float, size: float, turned: bool = False) -> str:
    half = size / 2
    turn = f' transform="rotate(180 {x:g} {y:g})"' if turned else ""
    return (
        f'<use href="#{suit.lower()}" x="{x - half:g}" y="{y - half:g}" '
        f'width="{size:g}" height="{size:g}"{turn}/>'
    )


def corner(rank: str, suit: str) -> str:
    """The small index in the lower right corner, turned: the card read upside down."""
    label = INDEX.get(rank, rank)
    return (
        f'<g transform="rotate(180 {W / 2:g} {H / 2:g})">'
        f'<text x="9" y="33" font-size="30" font-weight="700" font-family="Georgia,serif"'
        f' letter-spacing="-3">{label}</text>{pip(suit, 20, 48, 16)}</g>'
    )


def pips(rank: int, suit: str) -> str:
    if rank == 1:
        return pip(suit, W / 2, 166, 96)
    out = []
    for x, row in PIPS[rank]:
        y = TOP + (BOTTOM - TOP) * row
        out.append(pip(suit, x, y, PIP, turned=row > 0.5))
    return "".join(out)


# One half of a court figure (the top one), drawn in a frame from (40, 82) to (160, 248);
# the other half is the same turned about the frame's centre, as on a real deck.
HEADWEAR = {
    "K": f'<path d="M78 108V86L88 98L100 82L112 98L122 86V108Z" fill="{GOLD}" stroke="{LINE}"'
    ' stroke-width="1.5"/>',
    "Q": f'<path d="M80 108Q100 84 120 108Z" fill="{GOLD}" stroke="{LINE}" stroke-width="1.5"/>'
    f'<circle cx="100" cy="92" r="4" fill="{BLUE}"/>',
    "J": f'<path d="M78 108Q80 90 100 90Q124 90 128 100L112 104Z" fill="{BLUE}" stroke="{LINE}"'
    ' stroke-width="1.5"/>',
}
HELD = {  # what the figure holds, beside the face
    "K": f'<path d="M136 96V158" stroke="{LINE}" stroke-width="4"/><path d="M128 104H144"'
    f' stroke="{LINE}" stroke-width="4"/>',
    "Q": f'<path d="M62 160V112" stroke="{LINE}" stroke-width="2.5"/><circle cx="62" cy="108"'
    f' r="7" fill="{GOLD}" stroke="{LINE}" stroke-width="1.5"/>',
    "J": f'<path d="M138 160V96" stroke="{LINE}" stroke-width="3"/><path d="M138 96L148 106'
    f'L138 112Z" fill="{GOLD}" stroke="{LINE}" stroke-width="1.5"/>',
}


def court_half(rank: str) -> str:
    face = (
        f'<path d="M80 114Q80 100 100 100Q120 100 120 114V118H80Z" fill="{HAIR}"/>'
        f'<ellipse cx="100" cy="124" rx="16" ry="18" fill="{SKIN}" stroke="{LINE}"'
        ' stroke-width="1.5"/>'
        f'<circle cx="94" cy="122" r="1.8" fill="{LINE}"/>'
        f'<circle cx="106" cy="122" r="1.8" fill="{LINE}"/>'
        f'<path d="M95 132Q100 135 105 132" fill="none" stroke="{LINE}" stroke-width="1.5"/>'
    )
    if rank == "K":  # a beard
        face += f'<path d="M86 130Q100 156 114 130Q108 140 100 140Q92 140 86 130Z" fill="{HAIR}"/>'
    robe = (
        '<path d="M54 165Q56 142 100 138Q144 142 146 165Z" fill="currentColor"'
        f' stroke="{LINE}" stroke-width="1.5"/>'
        f'<path d="M90 139L100 165L110 139" fill="{GOLD}" stroke="{LINE}" stroke-width="1.2"/>'
        f'<path d="M62 165Q66 152 80 147" fill="none" stroke="{BLUE}" stroke-width="5"/>'
        f'<path d="M138 165Q134 152 120 147" fill="none" stroke="{BLUE}" stroke-width="5"/>'
    )
    return robe + face + HEADWEAR[rank] + HELD[rank]


def court(rank: str, suit: str) -> str:
    half = court_half(rank)
    return (
        f'<rect x="40" y="82" width="120" height="166" rx="6" fill="none" stroke="{LINE}"'
        ' stroke-width="2"/>'
        f'<g>{half}</g><g transform="rotate(180 100 165)">{half}</g>'
        f'<path d="M42 165H158" stroke="{LINE}" stroke-width="1"/>'
        f"{pip(suit, 54, 96, 18)}{pip(suit, 146, 234, 18, turned=True)}"
    )


def face(rank: str, suit: str) -> str:
    if rank in "JQK":
        body = court(rank, suit)
    else:
        body = pips(RANKS.index(rank) + 1, suit)
    return (
        f'<symbol id="{rank}{suit}" viewBox="0 0 {W} {H}" fill="currentColor">'
        f"{body}{corner(rank, suit)}</symbol>"
    )


def sheet() -> str:
    signs = "".join(
        f'<symbol id="{suit.lower()}" viewBox="-50 -50 100 100"><path d="{path}"/></symbol>'
        for suit, path in SUITS.items()
    )
    faces = "\n".join(face(rank, suit) for suit in "SHDC" for rank in RANKS)
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        "<!-- Drawn by tools/card_sheet.py: edit that, not this. -->\n"
        f"{signs}\n{faces}\n</svg>\n"
    )


def main(argv: list[str]) -> int:
    text = sheet()
    if "--check" in argv:
        current = SHEET.read_text(encoding="utf-8") if SHEET.exists() else ""
        if current != text:
            print(f"{SHEET} is out of date: run tools/card_sheet.py", file=sys.stderr)
            return 1
        return 0
    SHEET.parent.mkdir(parents=True, exist_ok=True)
    SHEET.write_text(text, encoding="utf-8")
    print(f"{SHEET}: {len(text)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
