#!/usr/bin/env python
"""What a deal's share preview (og:image, play.preview) costs to draw: CPU per image and its
size, for Yukon and Klondike deals, drawn from the board as the view draws them (no database,
no HTTP).

    .venv/bin/python bench/preview.py [--images 20]
"""

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.engine.deal import deal  # noqa: E402
from play.board import board  # noqa: E402
from play.preview import png  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--images", type=int, default=20, help="images per variant")
    args = parser.parse_args()
    for variant in ("yukon", "klondike"):
        sizes, started = [], time.process_time()
        for number in range(1, args.images + 1):
            table = board(deal(variant, number, b"bench preview key"))
            sizes.append(len(png(table, f"{variant.title()} #{number}")))
        ms = (time.process_time() - started) * 1000 / args.images
        kb = sum(sizes) / len(sizes) / 1024
        print(f"{variant:9} {ms:6.1f} ms CPU an image, {kb:6.1f} KB on average")


if __name__ == "__main__":
    main()
