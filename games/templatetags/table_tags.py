"""Small filters and tags for the game pages."""

from collections.abc import Iterable
from html import escape  # what autoescape does to a str, without django's lazy-string check

from django import template
from django.utils.safestring import SafeString, mark_safe

from ..table import CardView

register = template.Library()


@register.filter
def clock(seconds: int) -> str:
    """`754` → `12:34`; an hour or more → `1:02:03`."""
    seconds = int(seconds or 0)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{seconds:02}" if hours else f"{minutes}:{seconds:02}"


# A face-up card as the board shows it. Written here rather than in a template included once
# per card: the include cost ~45 µs a card, some 1.3 ms of a move's ~10 ms of server CPU
# (bench/profile_move.py). The label's first character is the suit, the rest the rank.
CARD_HTML = (
    '<a class="card up {colour}{selected}{hinted}" data-card="{code}" data-targets="{targets}" '
    'href="{link}select={code}" aria-label="{spoken}"><b>{rank}</b><i>{suit}</i></a>\n'
)


@register.simple_tag
def cards(views: Iterable[CardView], select_base: str) -> SafeString:
    """Every face-up card of a pile: `{% cards pile.cards select_base %}`."""
    link = escape(select_base)
    return mark_safe(  # every value is escaped here or is a fixed word
        "".join(
            CARD_HTML.format(
                colour="red" if view.red else "black",
                selected=" selected" if view.selected else "",
                hinted=" hinted" if view.hinted else "",
                code=escape(view.code),
                targets=escape(view.targets),
                link=link,
                spoken=escape(view.spoken),
                rank=escape(view.label[1:]),
                suit=escape(view.label[:1]),
            )
            for view in views
        )
    )
