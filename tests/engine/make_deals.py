"""Writes the golden deals that tests/engine/test_deal.py pins: run once, check the files in.

    .venv/bin/python -m tests.engine.make_deals

Regenerating them is only right when the deal algorithm changes on purpose, and that
changes every game number's deal: existing games keep theirs only through the Deal table.
"""

from __future__ import annotations

from pathlib import Path

from games.engine.deal import deal

KEY = b"test-key"
NUMBERS = [*range(1, 21), 1000, 65535, 123456789, 2**31 - 2, 2**31 - 1]
DATA = Path(__file__).resolve().parents[1] / "data" / "deals"


def main() -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for variant in ("yukon", "klondike"):
        lines = [f"{n}\t{deal(variant, n, KEY).to_text()}\n" for n in NUMBERS]
        (DATA / f"{variant}.txt").write_text("".join(lines))


if __name__ == "__main__":
    main()
