"""Small filters and tags for the game pages."""

from collections.abc import Iterable
from functools import cache
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


# A face-up card, the one source of its markup for the board and the replay. Written here
# rather than in a template included once per card: the include cost ~45 µs a card, some
# 1.3 ms of a move's ~10 ms of server CPU (profiled in process). The index is text (rank,
# then suit) so it reads at any size and in forced colours; the face (pips, figure, lower
# index) is a <use> of the one sheet of faces, cached once (tools/card_sheet.py draws it).
# The accessible name contains the visible index (label in name, WCAG 2.5.3); a picked-up
# card is described by the page's "picked up" note.
FACE_HTML = (
    "<b>{rank}</b><i>{suit}</i>"
    '<svg class="face" aria-hidden="true"><use href="{sheet}#{code}"/></svg>'
)
# A card that can be picked up: a link, so it works without JavaScript.
CARD_HTML = (
    '<a class="card up {colour}{selected}{hinted}" data-card="{code}" data-targets="{targets}" '
    'href="{link}select={code}" aria-label="{spoken}"{described}>' + FACE_HTML + "</a>"
)
# A card that is seen, not played: under the top of a draw-3 waste fan, or any card of a
# replay. Not a control at all.
SEEN_HTML = (
    '<span class="card up{covered} {colour}" data-card="{code}" role="img" '
    'aria-label="{spoken}{covered_words}">' + FACE_HTML + "</span>"
)


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


def _page_parts(context: Context, select_base: str = "") -> tuple[str, str]:
    """The pick-up links' base and the face sheet's address, escaped, worked out once a page
    render rather than once a pile (a board has 11 piles)."""
    key = ("board_tags", select_base)
    parts = context.render_context.get(key)
    if parts is None:
        parts = context.render_context[key] = (escape(select_base), _sheet())
    return parts


@cache
def _sheet() -> str:
    """The face sheet's address, escaped: the same for as long as the process serves the
    static files it started with, and static() alone costs ~12 µs."""
    return escape(static("cards/faces.svg"))


@register.simple_tag(takes_context=True)
def cards(context: Context, views: Iterable[CardView], select_base: str) -> SafeString:
    """Every face-up card of a pile: `{% cards pile.cards select_base %}`."""
    return mark_safe(_cards(views, *_page_parts(context, select_base)))  # escaped in _cards


@register.simple_tag(takes_context=True)
def seen_cards(context: Context, views: Iterable[CardView]) -> SafeString:
    """A pile's face-up cards as a replay shows them, nothing to pick up:
    `{% seen_cards pile.cards %}`."""
    return mark_safe(_cards(views, "", _page_parts(context)[1], seen=True))  # escaped


def _cards(views: Iterable[CardView], link: str, sheet: str, seen: bool = False) -> str:
    return "".join(  # every value is escaped here or is a fixed word
        SEEN_HTML.format(
            sheet=sheet,
            covered=" covered" if view.covered else "",
            covered_words=", covered" if view.covered else "",
            **_PARTS[view.card],
        )
        if seen or view.covered
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


# A face-down card: an empty span, the same for every card, with nothing to say or hide.
DOWN_HTML = '<span class="card down"></span>'


@register.simple_tag
def card_back() -> SafeString:
    """A face-down card where a template draws one alone (the stock): `{% card_back %}`."""
    return mark_safe(DOWN_HTML)


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


@register.simple_tag(takes_context=True)
def oob_piles(context: Context, views: Iterable[PileView], select_base: str) -> SafeString:
    """Piles that a move changed, each to be swapped into the board in place of the pile of
    its id (htmx out-of-band): `{% oob_piles changed.piles select_base %}`. The same markup
    as `piles` gives them on the whole board."""
    parts = _page_parts(context, select_base)
    return mark_safe("".join(_pile(view, None, *parts, oob=True) for view in views))  # escaped


@register.simple_tag(takes_context=True)
def seen_piles(context: Context, views: Iterable[PileView]) -> SafeString:
    """Columns or foundations as a replay shows them, the same piles with nothing to pick up:
    `{% seen_piles table.columns %}`."""
    sheet = _page_parts(context)[1]
    return mark_safe("".join(_pile(view, None, "", sheet, seen=True) for view in views))


def pile_label(view: PileView) -> str:
    """A pile's accessible name: "Column 3, 2 face-down", "Foundation 1, hearts, 5 cards".
    A foundation takes whichever ace comes first (the rules tie no slot to a suit), so an
    empty one names no suit and a filled one names the suit its ace claimed it for."""
    if view.name.startswith("f"):
        if not view.size:
            return f"{view.title}, empty"
        suit = view.cards[-1].card.spoken.split(" of ")[1]
        return f"{view.title}, {suit}, {view.size} card{'' if view.size == 1 else 's'}"
    label = view.title + (f", {view.down} face-down" if view.down else "")
    return label + (", empty" if not view.down and not view.cards else "")


OOB = ' hx-swap-oob="true"'


def _pile(
    view: PileView, selected: Card | None, link: str, sheet: str, seen: bool = False,
    oob: bool = False,
) -> str:  # fmt: skip
    kind = "foundation" if view.name.startswith("f") else "column"
    drop = ""
    if selected is not None:
        drop = DROP_HTML.format(
            name=escape(view.name), spoken=escape(selected.spoken), title=escape(view.title.lower())
        )
    return (  # every value is escaped here or is a fixed word
        f'<div class="pile {kind}{" lit" if view.lit else ""}{" hinted" if view.hinted else ""}" '
        f'data-pile="{escape(view.name)}" id="pile-{escape(view.name)}" role="group" '
        f'aria-label="{escape(pile_label(view))}"{OOB if oob else ""}>'
        f"{drop}{DOWN_HTML * view.down}{_cards(view.cards, link, sheet, seen)}</div>"
    )
