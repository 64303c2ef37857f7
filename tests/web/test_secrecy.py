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

from .html import cards, one, parse, refusal

pytestmark = pytest.mark.django_db

DEALS = 200
CSRF = re.compile(r'(csrfmiddlewaretoken" value="|"x-csrftoken": ")[^"]+"')


class FaceDownTags(HTMLParser):
    """The start tags of every element whose class says it is face down."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs) -> None:
        classes = (dict(attrs).get("class") or "").split()
        if "down" in classes:
            self.tags.append(self.get_starttag_text())


def face_down_tags(html: str) -> list[str]:
    parser = FaceDownTags()
    parser.feed(html)
    return parser.tags


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


def assert_nothing_hidden_shows(html: str, position: Position):
    """Fails if the page names a face-down card; returns the parsed page."""
    # Deliberately the raw text, markup and all: a hidden card's name may appear nowhere,
    # not in text, not in an attribute, id, class or comment.
    page = CSRF.sub("", html)
    for card in hidden(position):
        assert card.code not in page, f"{card.code} is face down but in the page"
        assert card.label not in page, f"{card.label} is face down but in the page"
        assert card.spoken not in page, f"{card.spoken} is face down but in the page"
        name = card_name(card)  # the accessible name a face-up card carries
        assert name not in page, f"{name} is face down but in the page"
    document = parse(html)
    assert set(cards(document)) == shown(position)
    tags = face_down_tags(html)
    assert len(set(tags)) <= 1, f"face-down cards differ: {set(tags)}"
    backs = sum(len(column.down) for column in position.tableau) + bool(position.stock)
    assert len(tags) == backs
    assert not [back for back in document.select(".down") if back.contents], "a back has insides"
    return document


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
        document = assert_nothing_hidden_shows(html, position)
        assert one(document, "#board")["data-ply"] == str(len(actions))
        down_markup.update(face_down_tags(html))
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
            refusals.add(refusal(assert_nothing_hidden_shows(html, position)))
        # Which card was named, and where it lies hidden, makes no difference to the answer.
        assert refusals == {"That card is face down"}
