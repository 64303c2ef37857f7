"""`manage.py solve`: is a deal or a position won, lost, or undecided within the budget?

    python manage.py solve --variant yukon --number 123
    python manage.py solve --variant klondike --draw 3 --passes 3 --number 123 --json
    python manage.py solve --variant klondike --position table.json --budget-seconds 30
    ... | python manage.py solve --variant yukon --position - --json
    python manage.py solve --variant yukon --number 123 --engine python

With --json it prints one object: {"verdict", "moves", "nodes", "seconds"}. A bad argument
or a malformed position is one line on stderr and exit status 2.
"""

from __future__ import annotations

import json
import sys

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from games.deals import deal_position
from games.engine.deal import DealError, check_number, deal
from games.engine.positions import Position, PositionError
from games.management import options as cli
from games.models import Deal
from solver.search import ENGINES, Verdict, solve


class Command(BaseCommand):
    help = "Solve a deal (--number) or a position (--position FILE, - for stdin)."

    def add_arguments(self, parser):
        # Checked in handle, not by argparse, so that a bad value is one line and exit 2.
        cli.add_mode(parser)
        cli.add_number(parser)
        parser.add_argument("--position", help="a Position JSON file, or - for stdin")
        cli.add_budget(parser, "before giving up with 'unknown'")
        parser.add_argument(
            "--engine",
            help="native (the compiled core, default) or python (the readable reference)",
        )
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args, **options):
        variant = cli.variant(options["variant"])
        draw = cli.whole(options["draw"], "--draw", {1, 3}) if options["draw"] else None
        passes = cli.whole(options["passes"], "--passes") if options["passes"] else None
        if variant == "yukon" and (draw or passes):
            raise CommandError("--draw and --passes are for Klondike only", returncode=2)
        budget = cli.budget(options["budget_seconds"])
        engine = options["engine"] or "native"
        if engine not in ENGINES:
            raise CommandError(
                f"--engine must be {' or '.join(ENGINES)} ({engine[:20]!r})", returncode=2
            )
        number, source = options["number"], options["position"]
        if (number is None) == (source is None):
            raise CommandError("give exactly one of --number and --position", returncode=2)
        if number is not None:
            position = _dealt(variant, number, draw or 1, passes)
        else:
            position = _read(source, variant, draw, passes)
        try:
            result = solve(position, budget_seconds=budget, engine=engine)
        except PositionError as error:
            raise CommandError(f"position: {error}", returncode=2) from None
        if options["json"]:
            self.stdout.write(json.dumps(result.to_json()))
            return
        self.stdout.write(_summary(result))


def _dealt(variant: str, number: str, draw: int, passes: int | None) -> Position:
    """The stored deal (the Deal table is the truth once a number is dealt), else the key's."""
    try:
        number = check_number(number)
    except DealError as error:
        raise CommandError(f"--number: {error}", returncode=2) from None
    stored = Deal.objects.filter(variant=variant, number=number).first()
    if stored is not None:
        return deal_position(stored, draw, passes)
    return deal(variant, number, settings.DEAL_KEY, draw, passes)


def _read(source: str, variant: str, draw: int | None, passes: int | None) -> Position:
    """The position in a file (or stdin for -); raises CommandError with one line."""
    try:
        text = sys.stdin.read() if source == "-" else open(source, encoding="utf-8").read()
    except OSError as error:
        raise CommandError(f"cannot read {source}: {error.strerror}", returncode=2) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise CommandError(
            f"{source}: not JSON ({error.msg} at line {error.lineno} column {error.colno})",
            returncode=2,
        ) from None
    try:
        position = Position.from_json(data)
    except PositionError as error:
        raise CommandError(f"{source}: {error}", returncode=2) from None
    if position.variant != variant:
        raise CommandError(
            f"{source}: the position is {position.variant}, not {variant}", returncode=2
        )
    if draw is not None and position.draw != draw:
        raise CommandError(f"{source}: the position draws {position.draw}, not {draw}",
                           returncode=2)  # fmt: skip
    if passes is not None and position.passes_left != passes:
        raise CommandError(
            f"{source}: the position has passes_left {position.passes_left}, not {passes}",
            returncode=2,
        )
    return position


def _summary(result) -> str:
    effort = f"{result.nodes} positions, {result.seconds:.2f} s"
    if result.verdict == Verdict.WIN:
        return f"win in {len(result.moves)} moves ({effort})\n" + " ".join(result.moves)
    if result.verdict == Verdict.LOSS:
        return f"loss: no line wins from here, every reachable position searched ({effort})"
    return f"unknown: the budget ran out before a win or a proof of loss ({effort})"
