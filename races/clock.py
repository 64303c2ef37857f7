"""The clock races read: the countdown, the time limit and the finishing times all come from
it, so that a test sets the time instead of waiting for it (tests/races)."""

from __future__ import annotations

from datetime import datetime

from django.utils import timezone


def now() -> datetime:
    return _source()


_source = timezone.now


def set_source(source) -> None:
    """Read the time from `source()` from now on (a test's clock); `timezone.now` restores."""
    global _source
    _source = source
