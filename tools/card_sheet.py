"""Draw the card faces: one SVG sheet of <symbol>s, static/cards/faces.svg, that the table
references by `<use href="faces.<hash>.svg#KS">`, cached once for every page.

Each face is the part of a card the page does not write as text: the classic pip layout of
2-10, a large centre pip on an ace, a double-headed figure of its own on each of the twelve
court cards (each with its headwear, what it holds and its robe's trim), and the small turned
index in the lower corner. The card's paper, border and its top index
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
GOLD, BLUE, SKIN, LINE, WHITE, GREEN = "#e3b23c", "#2f5fa8", "#f4d3ab", "#222", "#fff", "#3d8b47"
HAIR = {"brown": "#6b3e1f", "black": "#2b2620", "grey": "#9b9b9b", "fair": "#d9a441"}
INK = f'stroke="{LINE}" stroke-width="1.5"'  # the outline every shape of a figure has


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
        f'<g class="ix" transform="rotate(180 {W / 2:g} {H / 2:g})">'
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


# -- The court figures ---------------------------------------------------------------------
# Each of the twelve is its own drawing, in the spirit of a traditional deck: the top half of
# a double-headed figure in a frame from (FX, 80) to (200 - FX, 250), drawn once and turned
# about the frame's centre for the lower half. The frame keeps clear of the left strip where
# a fanned waste card shows its index (rank over suit, up to x = 46). A figure is its
# headwear, its hair (and a king's beard), the thing it holds, and its robe's trim; the robe
# is the suit's colour, so the card's colour (red, black, the system's in forced colours)
# paints it.
FX, MID = 50, 165

CROWNS = {
    # kings
    "KS": f'<path d="M80 108V84L88 96L94 80L100 94L106 80L112 96L120 84V108Z" fill="{GOLD}" {INK}/>'
    f'<path d="M80 103H120" stroke="{LINE}"/>',
    "KH": f'<path d="M80 108V88L90 98L100 80L110 98L120 88V108Z" fill="{GOLD}" {INK}/>'
    f'<circle cx="100" cy="101" r="3.5" fill="{BLUE}"/><circle cx="88" cy="103" r="2.5"'
    f' fill="currentColor"/><circle cx="112" cy="103" r="2.5" fill="currentColor"/>',
    "KD": f'<path d="M80 108V96Q100 74 120 96V108Z" fill="{GOLD}" {INK}/>'
    f'<path d="M100 86V77M96 80H104" stroke="{GOLD}" stroke-width="3"/>'
    f'<path d="M80 100H120M100 80V108" stroke="{LINE}"/>',
    "KC": f'<path d="M80 108V94H120V108Z" fill="{GOLD}" {INK}/>'
    + "".join(f'<circle cx="{x}" cy="89" r="5" fill="{GOLD}" {INK}/>' for x in (84, 100, 116)),
    # queens
    "QS": f'<path d="M82 108Q100 82 118 108Z" fill="{GOLD}" {INK}/>'
    + "".join(
        f'<circle cx="{x}" cy="{y}" r="2.6" fill="{WHITE}" {INK}/>'
        for x, y in ((90, 101), (100, 96), (110, 101))
    ),
    "QH": f'<path d="M82 108V92L91 100L100 90L109 100L118 92V108Z" fill="{GOLD}" {INK}/>'
    f'<use href="#h" x="94" y="80" width="12" height="12" fill="currentColor"/>',
    "QD": f'<path d="M84 106V90L92 98L100 86L108 98L116 90V106Z" fill="{GOLD}" {INK}/>',
    "QC": "".join(
        f'<ellipse cx="{x}" cy="{y}" rx="7" ry="3.5" transform="rotate({a} {x} {y})"'
        f' fill="{GREEN}" {INK}/>'
        for x, y, a in ((84, 104, -60), (91, 96, -35), (100, 93, 0), (109, 96, 35), (116, 104, 60))
    )
    + f'<circle cx="100" cy="93" r="3" fill="{WHITE}" {INK}/>',
    # jacks
    "JS": f'<path d="M80 110Q80 92 100 92Q120 92 122 108Z" fill="{BLUE}" {INK}/>'
    f'<path d="M110 95Q122 82 134 88Q124 88 116 100" fill="{WHITE}" {INK}/>',
    "JH": f'<ellipse cx="98" cy="100" rx="26" ry="8" transform="rotate(-10 98 100)"'
    f' fill="currentColor" {INK}/><circle cx="98" cy="92" r="3" fill="{GOLD}"/>',
    "JD": f'<path d="M72 108H128L118 102H82Z" fill="{BLUE}" {INK}/>'
    f'<path d="M84 103Q84 84 100 84Q116 84 116 103Z" fill="{BLUE}" {INK}/>'
    f'<path d="M84 98H116" stroke="{GOLD}" stroke-width="3"/>',
    "JC": f'<path d="M80 110Q78 90 98 88Q118 86 128 98Q118 94 114 100L120 110Z"'
    f' fill="currentColor" {INK}/><path d="M82 106H118" stroke="{GOLD}" stroke-width="3"/>',
}

HELD = {
    # A sword upright; one behind the head; an axe; an orb.
    "KS": f'<path d="M136 160V92L139 86L142 92V160Z" fill="{WHITE}" {INK}/>'
    f'<path d="M130 148H148" stroke="{GOLD}" stroke-width="4"/>',
    "KH": f'<path d="M64 150L138 86L142 90L68 154Z" fill="{WHITE}" {INK}/>'
    f'<path d="M66 140L78 154" stroke="{GOLD}" stroke-width="4"/>',
    "KD": f'<path d="M64 164V96" stroke="{HAIR["brown"]}" stroke-width="4"/>'
    f'<path d="M64 102Q52 110 56 126Q60 116 64 116Z" fill="{WHITE}" {INK}/>',
    "KC": f'<circle cx="136" cy="146" r="9" fill="{GOLD}" {INK}/>'
    f'<path d="M136 137V130M132 133H140M127 146H145" stroke="{LINE}" stroke-width="1.5"/>',
    # A sceptre; a rose; a tulip; a daisy.
    "QS": f'<path d="M138 162V104" stroke="{GOLD}" stroke-width="3.5"/>'
    f'<path d="M138 92L145 102L138 112L131 102Z" fill="{GOLD}" {INK}/>',
    "QH": f'<path d="M64 162Q60 130 64 112" fill="none" stroke="{GREEN}" stroke-width="3"/>'
    f'<circle cx="64" cy="108" r="8" fill="currentColor" {INK}/>'
    f'<path d="M60 108Q64 102 68 108Q64 112 60 108" fill="none" stroke="{WHITE}"/>',
    "QD": f'<path d="M136 162V116" stroke="{GREEN}" stroke-width="3"/>'
    f'<path d="M128 104L132 114Q136 120 140 114L144 104L139 110L136 102L133 110Z"'
    f' fill="{GOLD}" {INK}/>',
    "QC": f'<path d="M64 162V118" stroke="{GREEN}" stroke-width="3"/>'
    + "".join(
        f'<circle cx="{64 + dx}" cy="{110 + dy}" r="4" fill="{WHITE}" {INK}/>'
        for dx, dy in ((0, -6), (6, 0), (0, 6), (-6, 0))
    )
    + f'<circle cx="64" cy="110" r="3.5" fill="{GOLD}"/>',
    # A pike; a leaf; a halberd; an arrow.
    "JS": f'<path d="M140 164V96" stroke="{HAIR["brown"]}" stroke-width="3"/>'
    f'<path d="M140 84L145 98H135Z" fill="{WHITE}" {INK}/>',
    "JH": f'<path d="M62 162Q60 134 64 120" fill="none" stroke="{GREEN}" stroke-width="2.5"/>'
    f'<path d="M64 122Q48 108 60 88Q80 104 64 122Z" fill="{GREEN}" {INK}/>'
    f'<path d="M64 120L60 96" stroke="{LINE}"/>',
    "JD": f'<path d="M132 164V94" stroke="{HAIR["brown"]}" stroke-width="3"/>'
    f'<path d="M132 100Q146 102 144 118Q138 110 132 112Z" fill="{WHITE}" {INK}/>'
    f'<path d="M132 86L136 96H128Z" fill="{WHITE}" {INK}/>',
    "JC": f'<path d="M68 164L75 98" stroke="{HAIR["brown"]}" stroke-width="2.5"/>'
    f'<path d="M76 88L80 101L70 100Z" fill="{WHITE}" {INK}/>'
    f'<path d="M68 164L62 156M68 164L72 155M69 158L63 150M69 158L73 149"'
    f' stroke="currentColor" stroke-width="2"/>',
}

# Hair colour, and how the face looks: to the left (-1), ahead (0) or to the right (1).
LOOKS = {
    "KS": ("grey", 0), "KH": ("brown", 1), "KD": ("black", -1), "KC": ("fair", 0),
    "QS": ("black", 1), "QH": ("fair", -1), "QD": ("brown", 0), "QC": ("grey", 1),
    "JS": ("fair", -1), "JH": ("black", 0), "JD": ("fair", 1), "JC": ("brown", -1),
}  # fmt: skip

BEARDS = {  # a king's beard, under the face
    "S": "M86 128Q100 162 114 128Q108 140 100 140Q92 140 86 128Z",
    "H": "M86 128Q88 150 97 152L100 144L103 152Q112 150 114 128Q106 140 100 140Q94 140 86 128Z",
    "D": "M87 130Q100 148 113 130Q106 138 100 138Q94 138 87 130Z",
    "C": "M84 124Q84 160 100 158Q116 160 116 124Q110 140 100 140Q90 140 84 124Z",
}

TRIMS = {  # the robe's trim, by suit
    "S": f'<path d="M72 150V165M86 145V165M114 145V165M128 150V165" stroke="{GOLD}"'
    ' stroke-width="3"/>',
    "H": f'<path d="M62 160L72 152L82 160L92 152L100 158L108 152L118 160L128 152L138 160"'
    f' fill="none" stroke="{GOLD}" stroke-width="3"/>',
    "D": "".join(pip("D", x, 156, 10) for x in (72, 86, 114, 128)).replace(
        "/>", f' fill="{GOLD}"/>'
    ),
    "C": "".join(f'<circle cx="{x}" cy="156" r="3" fill="{GOLD}"/>' for x in (70, 82, 118, 130)),
}

COLLARS = {  # by rank: a king's gold V, a queen's white ruff, a jack's blue square collar
    "K": f'<path d="M90 137L100 162L110 137" fill="{GOLD}" {INK}/>',
    "Q": f'<path d="M84 140Q88 134 92 140Q96 134 100 140Q104 134 108 140Q112 134 116 140'
    f'Q100 150 84 140Z" fill="{WHITE}" {INK}/>',
    "J": f'<path d="M86 138H114L108 150H92Z" fill="{BLUE}" {INK}/>',
}


def court_half(rank: str, suit: str) -> str:
    """The top half of the figure of `rank` in `suit`."""
    code = rank + suit
    hair, look = LOOKS[code]
    shade = HAIR[hair]
    eye = 3 * look
    held = HELD[code]
    behind = held if code == "KH" else ""  # the king of hearts' sword goes behind his head
    robe = (
        f'<path d="M{FX + 6} {MID}Q{FX + 8} 140 100 136Q{192 - FX} 140 {194 - FX} {MID}Z"'
        f' fill="currentColor" {INK}/>{TRIMS[suit]}{COLLARS[rank]}'
    )
    if code == "QD":  # a veil over her hair
        hair_shape = (
            f'<path d="M76 118Q76 96 100 96Q124 96 124 118L128 146H72Z" fill="{BLUE}" {INK}/>'
        )
    elif rank == "Q":  # long hair to the shoulders
        hair_shape = f'<path d="M82 118Q80 98 100 98Q120 98 118 118L122 142H78Z" fill="{shade}"/>'
    elif rank == "K":
        hair_shape = f'<path d="M83 124Q80 100 100 100Q120 100 117 124Z" fill="{shade}"/>'
    else:  # a jack's short curls
        hair_shape = (
            f'<path d="M85 120Q82 102 100 102Q118 102 115 120Z" fill="{shade}"/>'
            + "".join(f'<circle cx="{x}" cy="121" r="4" fill="{shade}"/>' for x in (85, 115))
        )
    face = (
        f'<ellipse cx="{100 + eye / 2:g}" cy="124" rx="14" ry="16" fill="{SKIN}" {INK}/>'
        f'<circle cx="{94 + eye}" cy="121" r="1.8" fill="{LINE}"/>'
        f'<circle cx="{106 + eye}" cy="121" r="1.8" fill="{LINE}"/>'
        f'<path d="M{96 + eye} 131Q{100 + eye} 134 {104 + eye} 131" fill="none" stroke="{LINE}"'
        ' stroke-width="1.5"/>'
    )
    if rank == "K":
        face += f'<path d="{BEARDS[suit]}" fill="{shade}" {INK}/>'
    front = "" if behind else held
    return behind + robe + hair_shape + face + CROWNS[code] + front


def court(rank: str, suit: str) -> str:
    half = f"{rank.lower()}{suit}"  # the id of the top half, e.g. "kS"
    return (
        f'<rect x="{FX}" y="80" width="{W - 2 * FX}" height="170" rx="6" fill="none"'
        f' stroke="{LINE}" stroke-width="2"/>'
        f'<g id="{half}">{court_half(rank, suit)}</g>'
        f'<use href="#{half}" transform="rotate(180 100 {MID})"/>'
        f'<path d="M{FX + 2} {MID}H{W - FX - 2}" stroke="{LINE}"/>'
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
