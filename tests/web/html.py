"""Reading a response as the page it is: parsed by a real HTML parser and read through CSS
selectors, preferring the hooks of DESIGN.md §5 (`data-pile`, `data-card`, `data-testid`,
`role=alert`), so that a test checks what the page says and not how its markup is spelled."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag
from django.http import HttpResponse

# A refusal is the alert inside the move form; the dead-end banner is an alert of its own.
REFUSAL = "#play [role=alert]"


class Page(BeautifulSoup):
    """A parsed page that names itself briefly in a failing assertion, not in full."""

    def __repr__(self) -> str:
        top = self.find(True)
        if self.title is not None:
            return f"<page {text(self.title)!r}>"
        return f"<fragment {top.name}#{top.get('id', '')}>" if top else "<empty>"


def parse(page: HttpResponse | str) -> Page:
    """The parsed document (or fragment) of a response or of HTML text."""
    if isinstance(page, HttpResponse):
        page = page.content.decode()
    return Page(page, "html.parser")


def one(root: Tag, selector: str) -> Tag:
    """The one element `selector` matches; fails the test if it matches none or several."""
    found = root.select(selector)
    assert len(found) == 1, f"{selector!r} matches {len(found)} elements, not one"
    return found[0]


def text(element: Tag) -> str:
    """The element's text as a reader gets it: whitespace runs read as one space."""
    return " ".join(element.get_text().split())


def text_of(root: Tag, selector: str) -> str:
    return text(one(root, selector))


def refusal(root: Tag) -> str | None:
    """The refusal's text, or None when nothing was refused."""
    found = root.select(REFUSAL)
    assert len(found) <= 1, f"{len(found)} refusals on one page"
    return text(found[0]) if found else None


def moves(root: Tag) -> int:
    """The move counter."""
    return int(text_of(root, "[data-testid=moves]"))


def cards(root: Tag, within: str = "") -> list[str]:
    """The face-up cards (`data-card`) in document order, inside `within` if given."""
    return [card["data-card"] for card in root.select(f"{within} [data-card]".strip())]


def piles(root: Tag) -> list[str]:
    return [pile["data-pile"] for pile in root.select("[data-pile]")]
