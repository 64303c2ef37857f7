"""Small filters for the game pages."""

from django import template

register = template.Library()


@register.filter
def clock(seconds: int) -> str:
    """`754` → `12:34`; an hour or more → `1:02:03`."""
    seconds = int(seconds or 0)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


@register.filter
def rank_text(label: str) -> str:
    """`♠10` → `10`: the rank part of a card label."""
    return label[1:]


@register.filter
def suit_text(label: str) -> str:
    return label[:1]
