"""The command-line options the commands share (`deal`, and the solver's `solve` and
`generate_deals`): each is added to a parser here and checked here, in `handle` rather than by
argparse, so that a bad value is one line and exit status 2."""

from __future__ import annotations

from django.core.management.base import CommandError

from games.engine.deal import MAX_NUMBER, MIN_NUMBER
from games.engine.positions import VARIANTS

DEFAULT_BUDGET_SECONDS = 10.0
NUMBERS = f"a game number from {MIN_NUMBER} to {MAX_NUMBER}"


def add_mode(parser, passes: bool = True) -> None:
    """--variant and --draw, and --passes unless a command takes no pass limit."""
    parser.add_argument("--variant", help=" or ".join(VARIANTS))
    parser.add_argument("--draw", help="Klondike: turn 1 (default) or 3 cards")
    if passes:
        parser.add_argument("--passes", help="Klondike: a pass limit (default: unlimited)")


def add_number(parser) -> None:
    parser.add_argument("--number", help=NUMBERS)


def add_budget(parser, what: str) -> None:
    parser.add_argument(
        "--budget-seconds", help=f"CPU seconds {what} (default {DEFAULT_BUDGET_SECONDS})"
    )


def variant(value: str | None) -> str:
    if value not in VARIANTS:
        shown = "missing" if value is None else repr(value)[:20]
        raise CommandError(f"--variant must be {' or '.join(VARIANTS)} ({shown})", returncode=2)
    return value


def whole(text: str, name: str, allowed: set[int] | None = None) -> int:
    if not text.isdigit() or int(text) < 1 or (allowed and int(text) not in allowed):
        wanted = " or ".join(map(str, sorted(allowed))) if allowed else "a whole number >= 1"
        raise CommandError(f"{name} must be {wanted} ({text[:20]!r})", returncode=2)
    return int(text)


def budget(text: str | None) -> float:
    """`--budget-seconds`: a positive, finite number of CPU seconds (default 10)."""
    if text is None:
        return DEFAULT_BUDGET_SECONDS
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not seconds > 0 or seconds == float("inf"):
        raise CommandError(f"--budget-seconds must be a positive number ({text[:20]!r})",
                           returncode=2)  # fmt: skip
    return seconds
