"""Time as the pages' prose says it: the daily deal's countdown before its script ticks, and
how long ago a game was last played."""

from __future__ import annotations

import datetime as dt

from django import template
from django.utils import timezone
from django.utils.timesince import timesince

register = template.Library()


@register.filter
def time_left(seconds: int) -> str:
    """`18_300` → `5 h 5 min left`; under an hour → `42 min left`; under a minute → `1 min
    left` (the day is not over until it is)."""
    minutes = max(1, -(-int(seconds or 0) // 60))  # rounded up
    hours, minutes = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min left"
    return f"{hours} h {minutes} min left" if minutes else f"{hours} h left"


@register.filter
def ago(when) -> str:
    """`3 hours ago`, by its largest unit; `just now` under a minute."""
    if timezone.now() - when < dt.timedelta(minutes=1):
        return "just now"
    return f"{timesince(when, depth=1)} ago"
