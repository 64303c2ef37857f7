"""Draw the web app's icons (static/icons/, named by the manifest, play.views.install):
a white spade on the table's green felt, at 192 and 512 px, and a maskable 512 px one whose
spade keeps inside the safe circle (the middle 80 %) that a launcher's mask leaves whole.

    python tools/app_icons.py           # (re)draw them
    python tools/app_icons.py --check   # exit 1 if the committed icons differ from a drawing
"""

from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

from PIL import Image, ImageDraw

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
FELT = (15, 107, 60)
WHITE = (255, 255, 255)
ICONS = {"icon-192.png": (192, 0.62, True), "icon-512.png": (512, 0.62, True),
         "maskable-512.png": (512, 0.46, False)}  # fmt: skip


def spade(draw: ImageDraw.ImageDraw, cx: float, cy: float, s: float) -> None:
    """A spade `s` high centred on (cx, cy): two lobes, a point, a stem."""
    r = s * 0.26
    for lx in (cx - r * 0.9, cx + r * 0.9):
        draw.ellipse([lx - r, cy + s * 0.1 - r, lx + r, cy + s * 0.1 + r], WHITE)
    draw.polygon([(cx - s * 0.5, cy + s * 0.02), (cx + s * 0.5, cy + s * 0.02), (cx, cy - s / 2)],
                 WHITE)  # fmt: skip
    draw.polygon([(cx, cy + s * 0.05), (cx - s * 0.2, cy + s / 2), (cx + s * 0.2, cy + s / 2)],
                 WHITE)  # fmt: skip


def icon(size: int, spade_share: float, rounded: bool) -> bytes:
    big = size * 4  # drawn large, then scaled down: smooth edges
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if rounded:
        draw.rounded_rectangle([0, 0, big - 1, big - 1], radius=big * 0.18, fill=FELT)
    else:  # maskable: the felt to every edge, the launcher cuts its own shape
        draw.rectangle([0, 0, big - 1, big - 1], fill=FELT)
    spade(draw, big / 2, big / 2, big * spade_share)
    out = io.BytesIO()
    image.resize((size, size), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    return out.getvalue()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, write nothing")
    args = parser.parse_args()
    stale = []
    for name, (size, share, rounded) in ICONS.items():
        drawn, path = icon(size, share, rounded), OUT / name
        if args.check:
            if not path.exists() or path.read_bytes() != drawn:
                stale.append(name)
        else:
            OUT.mkdir(parents=True, exist_ok=True)
            path.write_bytes(drawn)
    if stale:
        print("out of date:", ", ".join(stale))
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
