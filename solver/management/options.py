"""The command-line values the solver's commands share, checked in `handle` rather than by
argparse so that a bad value is one line and exit status 2."""

from __future__ import annotations

from django.core.management.base import CommandError

from games.engine.positions import VARIANTS

DEFAULT_BUDGET_SECONDS = 10.0


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
