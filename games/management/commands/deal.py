"""`manage.py deal`: print the deal of a game number, as Position JSON or as a table.

    python manage.py deal --variant yukon --number 123
    python manage.py deal --variant klondike --number 123 --draw 3 --json

A number already dealt prints its stored Deal (DESIGN.md §4: the table, not the key, is the
truth once a number has been dealt); any other number prints what DEAL_KEY deals for it,
without storing anything. A bad argument is one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.db import DatabaseError

from games.deals import deal_position
from games.engine.deal import DealError, check_number, deal
from games.engine.positions import Column, Position
from games.management import options as cli
from games.models import Deal

FACE_DOWN = "▒▒"
CELL = 5  # "♦10" and "▒▒" with room to breathe


class Command(BaseCommand):
    help = "Print the deal of a game number: Position JSON with --json, a table otherwise."

    def add_arguments(self, parser):
        # Checked in handle, not by argparse, so that a bad value is one line and exit 2.
        cli.add_mode(parser, passes=False)
        cli.add_number(parser)
        parser.add_argument("--json", action="store_true", help="print the Position JSON")

    def handle(self, *args, variant, number, draw, json: bool, **options):
        variant, number, draw = _checked(variant, number, draw)
        position = self._position(variant, number, draw)
        if json:
            self.stdout.write(_dumps(position.to_json()))
        else:
            self.stdout.write(render(position, number))

    def _position(self, variant: str, number: int, draw: int) -> Position:
        try:
            stored = Deal.objects.filter(variant=variant, number=number).first()
        except DatabaseError as error:
            # Without the Deal table (a fresh checkout, the database down) the key's deal is
            # still worth printing, but say so: a stored deal would have taken precedence.
            first_line = str(error).splitlines()[0] if str(error) else type(error).__name__
            sys.stderr.write(f"Deal table not readable ({first_line}): dealing from DEAL_KEY\n")
            stored = None
        if stored is not None:
            return deal_position(stored, draw)
        return deal(variant, number, settings.DEAL_KEY, draw)


def _checked(variant: object, number: object, draw: object) -> tuple[str, int, int]:
    """The arguments as values; raises CommandError (exit status 2) naming the bad one."""
    variant = cli.variant(variant)
    if number is None:
        raise CommandError(f"--number is missing: {cli.NUMBERS}", returncode=2)
    try:
        number = check_number(number)
    except DealError as error:
        raise CommandError(f"--number: {error}", returncode=2) from None
    if draw is None:
        return variant, number, 1
    if variant != "klondike":
        raise CommandError("--draw is for Klondike only", returncode=2)
    if draw not in ("1", "3"):
        raise CommandError(f"--draw must be 1 or 3 ({str(draw)[:20]!r})", returncode=2)
    return variant, number, int(draw)


def _dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False)


def render(position: Position, number: int) -> str:
    """The table as a player would see it: columns side by side, face-down cards as ▒▒."""
    title = f"{position.variant.capitalize()} #{number}"
    if position.variant == "klondike":
        title += f" · draw {position.draw}"
    lines = [title, ""]
    lines.append(_row(f"t{i}" for i in range(1, 8)))
    depth = max(len(column) for column in position.tableau)
    for row in range(depth):
        lines.append(_row(_cell(column, row) for column in position.tableau))
    lines.append("")
    homes = [pile[-1].label if pile else "—" for pile in position.foundations]
    lines.append("foundations  " + "  ".join(f"f{i}: {top}" for i, top in enumerate(homes, 1)))
    if position.variant == "klondike":
        stock = f"{len(position.stock)} cards" if position.stock else "empty"
        waste = " ".join(card.label for card in position.waste) or "empty"
        lines.append(f"stock        {stock}, face down")
        lines.append(f"waste        {waste}")
    lines.append(
        f"{position.face_down_count} face down, "
        f"{sum(len(column.up) for column in position.tableau)} face up in the columns"
    )
    return "\n".join(lines)


def _cell(column: Column, row: int) -> str:
    if row < len(column.down):
        return FACE_DOWN
    if row < len(column):
        return column.up[row - len(column.down)].label
    return ""


def _row(cells) -> str:
    return "".join(cell.ljust(CELL) for cell in cells).rstrip()
