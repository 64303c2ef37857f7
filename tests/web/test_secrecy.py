"""No face-down card's identity reaches the browser (DESIGN §5): not in the HTML (text,
attributes, ids, classes), not in refusals, not in cookies. Checked over 200 deals of each
variant, each played a few random legal moves in, through the real pages."""

from __future__ import annotations

import random
import re
from html.parser import HTMLParser

import pytest

from games import deals
from games.engine import rules
from games.engine.cards import Card
from games.engine.positions import Position
from play.announce import card_name

from .html import parse, refusal

pytestmark = pytest.mark.django_db

DEALS = 200
CSRF = re.compile(r'(csrfmiddlewaretoken" value="|"x-csrftoken": ")[^"]+"')


class Scan(HTMLParser):
    """One pass of the HTML parser over a page (the one BeautifulSoup's "html.parser" runs,
    so it reads the markup the same way): the start tags, as written, of every element whose
    class says it is face down; the face-up cards (`data-card`) in document order; how many
    face-down elements have insides (a child or text, even a space); the board's ply."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.down_tags: list[str] = []
        self.cards: list[str] = []
        self.backs_with_insides = 0
        self.board_plies: list[str | None] = []
        self._back_open = False  # a face-down element read up to its start tag, nothing since
        self.feed(html)
        self.close()

    def _something_inside(self) -> None:
        if self._back_open:
            self.backs_with_insides += 1
            self._back_open = False

    def handle_starttag(self, tag, attrs) -> None:
        self._something_inside()
        attributes = dict(attrs)
        if "data-card" in attributes:
            self.cards.append(attributes["data-card"])
        if attributes.get("id") == "board":
            self.board_plies.append(attributes.get("data-ply"))
        if "down" in (attributes.get("class") or "").split():
            self.down_tags.append(self.get_starttag_text())
            self._back_open = tag not in VOID

    def handle_startendtag(self, tag, attrs) -> None:
        self.handle_starttag(tag, attrs)
        self._back_open = False  # <span class="down"/>: closed as it opens

    def handle_endtag(self, tag) -> None:
        self._back_open = False

    def handle_data(self, data) -> None:
        self._something_inside()

    def handle_comment(self, data) -> None:
        self._something_inside()


# Elements that have no insides and no end tag.
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}  # fmt: skip


def face_down_tags(html: str) -> list[str]:
    return Scan(html).down_tags


def hidden(position: Position) -> list[Card]:
    return [card for column in position.tableau for card in column.down] + list(position.stock)


def shown(position: Position) -> set[str]:
    cards = [card for column in position.tableau for card in column.up]
    cards += [pile[-1] for pile in position.foundations if pile]
    cards += position.waste[-(position.draw or 1) :] if position.waste else []
    return {card.code for card in cards}


def played(variant: str, number: int, draw: int | None) -> tuple[object, list[str], Position]:
    """The deal of `number` and a few random legal moves into it (none that wins)."""
    deal = deals.deal_for(variant, number)
    position = deals.deal_position(deal, draw)
    chance = random.Random(number)
    actions = []
    for _ in range(number % 25):
        moves = rules.legal_moves(position)
        if not moves:
            break
        move = chance.choice(moves)
        position = rules.apply(position, move)
        actions.append(str(move))
    return deal, actions, position


def assert_nothing_hidden_shows(html: str, position: Position) -> Scan:
    """Fails if the page names a face-down card; returns what one pass over it read."""
    # Deliberately the raw text, markup and all: a hidden card's name may appear nowhere,
    # not in text, not in an attribute, id, class or comment.
    page = CSRF.sub("", html)
    for card in hidden(position):
        assert card.code not in page, f"{card.code} is face down but in the page"
        assert card.label not in page, f"{card.label} is face down but in the page"
        assert card.spoken not in page, f"{card.spoken} is face down but in the page"
        name = card_name(card)  # the accessible name a face-up card carries
        assert name not in page, f"{name} is face down but in the page"
    # The markup read once, not once per question: pages are checked after every action.
    scan = Scan(html)
    assert set(scan.cards) == shown(position)
    assert len(set(scan.down_tags)) <= 1, f"face-down cards differ: {set(scan.down_tags)}"
    backs = sum(len(column.down) for column in position.tableau) + bool(position.stock)
    assert len(scan.down_tags) == backs
    assert not scan.backs_with_insides, "a back has insides"
    return scan


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_no_face_down_card_reaches_the_page_over_many_deals(alice, variant):
    cookies_set = {}
    down_markup = set()
    for number in range(1, DEALS + 1):
        draw = (1, 3)[number % 2] if variant == "klondike" else None
        deal, actions, position = played(variant, number, draw)
        mode = {"draw": draw, "scoring": "standard"} if draw else {}
        alice.game_at(deal, actions, **mode)
        response = alice.open(variant, number, **({"draw": draw} if draw else {}))
        assert response.status_code == 200
        html = response.content.decode()
        scan = assert_nothing_hidden_shows(html, position)
        assert scan.board_plies == [str(len(actions))]
        down_markup.update(scan.down_tags)
        for name, morsel in response.cookies.items():
            cookies_set.setdefault(name, set()).add(morsel.value)
    assert len(down_markup) == 1  # one face-down card looks like every other, in every deal
    # The only cookie the pages set is the CSRF token, the same in every deal: no card in it.
    assert set(cookies_set) <= {"csrftoken"} and all(len(v) == 1 for v in cookies_set.values())
    assert set(alice.client.cookies) <= {"player", "csrftoken"}


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_the_board_partial_and_every_refusal_keep_face_down_cards_secret(alice, variant):
    for number in (3, 8):
        draw = 1 if variant == "klondike" else None
        deal, actions, position = played(variant, number, draw)
        mode = {"draw": draw, "scoring": "standard"} if draw else {}
        game = alice.game_at(deal, actions, **mode)
        refusals = set()
        for card in hidden(position):
            response = alice.move(game, f"{card.code}-t1", htmx=True)
            html = response.content.decode()
            assert response.status_code == 200
            assert_nothing_hidden_shows(html, position)
            refusals.add(refusal(parse(html)))
        # Which card was named, and where it lies hidden, makes no difference to the answer.
        assert refusals == {"That card is face down"}
