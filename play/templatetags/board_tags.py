"""Small filters and tags for the game pages."""

from collections.abc import Iterable
from html import escape  # what autoescape does to a str, without django's lazy-string check

from django import template
from django.template import Context
from django.templatetags.static import static
from django.utils.safestring import SafeString, mark_safe

from games import steps
from games.engine.cards import DECK, Card

from ..announce import card_name
from ..board import CardView, PileView

register = template.Library()


@register.filter
def clock(seconds: int) -> str:
    """`754` → `12:34`; an hour or more → `1:02:03` (games.steps.clock)."""
    return steps.clock(seconds)


@register.filter
def score(value: int, scoring: str) -> str:
    """A score as the status bar and the result card both show it: Vegas in dollars
    (`$208`, `−$17`), the others as points."""
    if scoring != "vegas":
        return str(value)
    return f"−${-value}" if value < 0 else f"${value}"


@register.filter
def pass_of(passes_left: int, passes: int | None) -> str:
    """`pass 2 of 3` through the stock, from the passes left (the current one included)."""
    if not passes:
        return ""
    return f"Pass {passes - passes_left + 1} of {passes}"


# A face-up card as the board shows it. Written here rather than in a template included once
# per card: the include cost ~45 µs a card, some 1.3 ms of a move's ~10 ms of server CPU
# (bench/profile_move.py). The label's first character is the suit, the rest the rank.
# The accessible name contains the visible rank (label-in-name); a picked-up card is
# described by the page's "picked up" note.
CARD_HTML = (
    '<a class="card up {colour}{selected}{hinted}" data-card="{code}" data-targets="{targets}" '
    'href="{link}select={code}" aria-label="{spoken}"{described}><b>{rank}</b><i>{suit}</i>'
    '<svg class="face" aria-hidden="true"><use href="{sheet}#{code}"/></svg></a>\n'
)
# A card under the top of a draw-3 waste fan: seen, not playable, so not a control at all.
COVERED_HTML = (
    '<span class="card up covered {colour}" data-card="{code}" role="img" '
    'aria-label="{spoken}, covered"><b>{rank}</b><i>{suit}</i>'
    '<svg class="face" aria-hidden="true"><use href="{sheet}#{code}"/></svg></span>\n'
)
# The face (pips, figure, lower index) is a <use> of the one sheet of faces, cached once
# (tools/card_sheet.py draws it).
FACE_HTML = '<svg class="face" aria-hidden="true"><use href="{sheet}#{code}"/></svg>'


@register.simple_tag
def card_face(card: Card) -> SafeString:
    """The `<svg>` that draws a face-up card's face: `{% card_face card %}`."""
    return mark_safe(FACE_HTML.format(sheet=escape(static("cards/faces.svg")), code=card.code))


# The parts of a card's markup that never change, escaped once for the 52 cards.
_PARTS = {
    card: {
        "colour": "red" if card.is_red else "black",
        "code": escape(card.code),
        "spoken": escape(card_name(card)),
        "rank": escape(card.label[1:]),
        "suit": escape(card.label[:1]),
    }
    for card in DECK
}


def _page_parts(context: Context, select_base: str) -> tuple[str, str]:
    """The pick-up links' base and the face sheet's address, escaped, worked out once a page
    render rather than once a pile: static() alone costs ~20 µs, and a board has 11 piles."""
    key = ("board_tags", select_base)
    parts = context.render_context.get(key)
    if parts is None:
        parts = context.render_context[key] = (
            escape(select_base), escape(static("cards/faces.svg"))
        )  # fmt: skip
    return parts


@register.simple_tag(takes_context=True)
def cards(context: Context, views: Iterable[CardView], select_base: str) -> SafeString:
    """Every face-up card of a pile: `{% cards pile.cards select_base %}`."""
    return mark_safe(_cards(views, *_page_parts(context, select_base)))  # escaped in _cards


def _cards(views: Iterable[CardView], link: str, sheet: str) -> str:
    return "".join(  # every value is escaped here or is a fixed word
        COVERED_HTML.format(sheet=sheet, **_PARTS[view.card])
        if view.covered
        else CARD_HTML.format(
            selected=" selected" if view.selected else "",
            hinted=" hinted" if view.hinted else "",
            described=' aria-describedby="picked-note"' if view.selected else "",
            targets=escape(view.targets),
            link=link,
            sheet=sheet,
            **_PARTS[view.card],
        )
        for view in views
    )


DOWN_HTML = '<span class="card down" aria-hidden="true"></span>'
DROP_HTML = (
    '<button class="drop" name="to" value="{name}" aria-label="Move {spoken} to {title}">'
    "</button>\n"
)


@register.simple_tag(takes_context=True)
def piles(
    context: Context, views: Iterable[PileView], selected: Card | None, select_base: str
) -> SafeString:
    """Columns or foundations with their cards, one after another:
    `{% piles table.columns selected select_base %}` (one tag for the row: a tag a pile cost
    ~15 µs more each).

    Face-down cards are all the same empty span (DESIGN §5). With a card picked up (the
    no-JavaScript page), every pile carries a drop button for it."""
    parts = _page_parts(context, select_base)
    return mark_safe("".join(_pile(view, selected, *parts) for view in views))  # escaped


def _pile(view: PileView, selected: Card | None, link: str, sheet: str) -> str:
    kind = "foundation" if view.name.startswith("f") else "column"
    if kind == "foundation":
        count = f"{view.size} card{'' if view.size == 1 else 's'}" if view.size else "empty"
        label = f"{view.title}, {count}"
    else:
        label = view.title + (f", {view.down} face-down" if view.down else "")
        label += ", empty" if not view.down and not view.cards else ""
    drop = ""
    if selected is not None:
        drop = DROP_HTML.format(
            name=escape(view.name), spoken=escape(selected.spoken), title=escape(view.title.lower())
        )
    return (  # every value is escaped here or is a fixed word
        f'<div class="pile {kind}{" lit" if view.lit else ""}{" hinted" if view.hinted else ""}" '
        f'data-pile="{escape(view.name)}" role="group" aria-label="{escape(label)}">\n'
        f"{drop}{DOWN_HTML * view.down}{_cards(view.cards, link, sheet)}</div>\n"
    )
