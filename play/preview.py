"""The share preview images (a page's og:image), 1200×630 PNGs, the size link previews ask
for: a deal as it is first shown (`png`), and a won game's result (`result_png`: its figures
beside the four kings home, the one position every win ends on).

It is drawn from the board (play.board), which gives face-down cards as nothing but a count:
every face-down card is the same card back, so no face-down card's identity can reach the
image. Suits are drawn as shapes and ranks in Pillow's own font, so the image needs no font
installed on the machine.
"""

from __future__ import annotations

from io import BytesIO

from PIL import Image, ImageDraw, ImageFont

from games.engine.cards import Card, rank_label

from .board import BoardView, PileView

WIDTH, HEIGHT = 1200, 630
SCALE = 2  # drawn at twice the size, then scaled down: smooth edges
CARD_W, CARD_H, GAP = 120, 168, 20
FAN_DOWN, FAN_UP = 18, 46
LEFT = (WIDTH - 7 * CARD_W - 6 * GAP) // 2
TOP = 100

FELT = (15, 107, 60)
FELT_DARK = (10, 82, 48)
PAPER = (255, 253, 247)
INK = (27, 27, 27)
RED = (200, 16, 46)
BACK = (29, 79, 158)
BACK_LINE = (45, 102, 196)
SLOT = (8, 72, 40)
WHITE = (255, 255, 255)


def png(table: BoardView, title: str) -> bytes:
    """The board as the preview shows it, `title` (e.g. "Yukon #123") above it."""
    image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle(_box(0, HEIGHT - 44, WIDTH, 44), fill=FELT_DARK)
    draw.text((LEFT * SCALE, 30 * SCALE), title, font=_font(44), fill=WHITE)
    draw.text(
        (LEFT * SCALE, (HEIGHT - 22) * SCALE), "Yukon & Klondike solitaire",
        font=_font(22), fill=WHITE, anchor="lm",
    )  # fmt: skip
    top = TOP
    if table.stock is not None:  # Klondike: the stock and the foundations above the columns
        _slot(draw, _x(0), top)
        if table.stock.size:
            _back(draw, _x(0), top)
        for i, foundation in enumerate(table.foundations, start=3):
            _pile_top(draw, foundation, _x(i), top)
        top += CARD_H + 24
    for i, column in enumerate(table.columns):
        _column(draw, column, _x(i), top)
    image = image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
    # A few flat colours and their smoothed edges: 64 of them keep it looking the same at a
    # fifth of the bytes (about 25 KB), which previews fetch sooner.
    image = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
    out = BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def result_png(title: str, figures: list[tuple[str, str]]) -> bytes:
    """A won game's share image: `title` (e.g. "Yukon #123 (draw 1)"), "Won", then each of
    `figures` (label, value: moves, par, time, difficulty) as a large value over its label,
    the four kings home below. It shows no card but the kings: no face-down card is in it."""
    image = Image.new("RGB", (WIDTH * SCALE, HEIGHT * SCALE), FELT)
    draw = ImageDraw.Draw(image)
    draw.rectangle(_box(0, HEIGHT - 44, WIDTH, 44), fill=FELT_DARK)
    draw.text((LEFT * SCALE, 30 * SCALE), f"{title}: won", font=_font(44), fill=WHITE)
    draw.text(
        (LEFT * SCALE, (HEIGHT - 22) * SCALE), "Yukon & Klondike solitaire: can you beat it?",
        font=_font(22), fill=WHITE, anchor="lm",
    )  # fmt: skip
    width = (WIDTH - 2 * LEFT) // max(1, len(figures))
    for i, (label, value) in enumerate(figures):
        x = LEFT + i * width
        box = _box(x, 110, width - GAP, 170)
        draw.rounded_rectangle(box, radius=14 * SCALE, fill=FELT_DARK)
        middle = (x + (width - GAP) / 2) * SCALE
        draw.text((middle, 175 * SCALE), value, font=_font(64), fill=WHITE, anchor="mm")
        draw.text((middle, 245 * SCALE), label, font=_font(26), fill=(214, 236, 222), anchor="mm")
    kings = (WIDTH - 4 * CARD_W - 3 * GAP) // 2
    for i, suit in enumerate("SHDC"):
        _face(draw, Card(13, suit), kings + i * (CARD_W + GAP), 320)
    image = image.resize((WIDTH, HEIGHT), Image.Resampling.LANCZOS)
    image = image.quantize(colors=64, method=Image.Quantize.FASTOCTREE)
    out = BytesIO()
    image.save(out, "PNG")
    return out.getvalue()


def _x(index: int) -> int:
    return LEFT + index * (CARD_W + GAP)


def _box(x: float, y: float, w: float, h: float) -> list[float]:
    return [x * SCALE, y * SCALE, (x + w) * SCALE - 1, (y + h) * SCALE - 1]


def _font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.load_default(size=size * SCALE)


def _slot(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    draw.rounded_rectangle(_box(x, y, CARD_W, CARD_H), radius=10 * SCALE, fill=SLOT)


def _pile_top(draw: ImageDraw.ImageDraw, pile: PileView, x: int, y: int) -> None:
    _slot(draw, x, y)
    if pile.cards:
        _face(draw, pile.cards[-1].card, x, y)


def _column(draw: ImageDraw.ImageDraw, pile: PileView, x: int, y: int) -> None:
    if not pile.down and not pile.cards:
        _slot(draw, x, y)
    for _ in range(pile.down):
        _back(draw, x, y)
        y += FAN_DOWN
    for view in pile.cards:
        _face(draw, view.card, x, y)
        y += FAN_UP


def _back(draw: ImageDraw.ImageDraw, x: int, y: int) -> None:
    """The one card back: the same for every face-down card."""
    box = _box(x, y, CARD_W, CARD_H)
    draw.rounded_rectangle(box, radius=10 * SCALE, fill=BACK, outline=WHITE, width=3 * SCALE)
    inner = _box(x + 8, y + 8, CARD_W - 16, CARD_H - 16)
    draw.rounded_rectangle(inner, radius=6 * SCALE, outline=BACK_LINE, width=2 * SCALE)


def _face(draw: ImageDraw.ImageDraw, card: Card, x: int, y: int) -> None:
    colour = RED if card.is_red else INK
    box = _box(x, y, CARD_W, CARD_H)
    draw.rounded_rectangle(box, radius=10 * SCALE, fill=PAPER, outline=(120, 120, 120), width=SCALE)
    draw.text(
        ((x + 9) * SCALE, (y + 5) * SCALE), rank_label(card.rank), font=_font(36), fill=colour
    )
    _suit(draw, card.suit, (x + CARD_W - 24) * SCALE, (y + 23) * SCALE, 30 * SCALE, colour)
    _suit(draw, card.suit, (x + CARD_W / 2) * SCALE, (y + 112) * SCALE, 70 * SCALE, colour)


def _suit(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, s: float, fill) -> None:
    """A suit sign `s` high, centred on (cx, cy)."""
    if suit == "D":
        draw.polygon(
            [(cx, cy - s / 2), (cx + s * 0.38, cy), (cx, cy + s / 2), (cx - s * 0.38, cy)], fill
        )
        return
    if suit == "H":
        _lobes(draw, cx, cy - s * 0.2, s, fill)
        draw.polygon(
            [(cx - s * 0.5, cy - s * 0.12), (cx + s * 0.5, cy - s * 0.12), (cx, cy + s / 2)], fill
        )
        return
    stem = [(cx, cy + s * 0.05), (cx - s * 0.2, cy + s / 2), (cx + s * 0.2, cy + s / 2)]
    if suit == "S":
        _lobes(draw, cx, cy + s * 0.1, s, fill)
        draw.polygon(
            [(cx - s * 0.5, cy + s * 0.02), (cx + s * 0.5, cy + s * 0.02), (cx, cy - s / 2)], fill
        )
    else:  # clubs: three leaves
        r = s * 0.21
        for lx, ly in (
            (cx, cy - s * 0.27),
            (cx - s * 0.25, cy + s * 0.05),
            (cx + s * 0.25, cy + s * 0.05),
        ):
            draw.ellipse([lx - r, ly - r, lx + r, ly + r], fill)
    draw.polygon(stem, fill)


def _lobes(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float, fill) -> None:
    """The two round lobes of a heart or a spade, side by side at height cy."""
    r = s * 0.26
    for lx in (cx - r * 0.9, cx + r * 0.9):  # overlapping a little: no seam between them
        draw.ellipse([lx - r, cy - r, lx + r, cy + r], fill)
