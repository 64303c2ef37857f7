"""The sheet of card faces (static/cards/faces.svg) is what tools/card_sheet.py draws, holds a
face for each of the 52 cards the board refers to, and nothing the page's policy refuses."""

import importlib.util
import itertools
import re
from pathlib import Path
from xml.etree import ElementTree

from django.template import Context

from games.engine.cards import DECK
from play.board import CardView
from play.templatetags.board_tags import cards

TOOL = Path(__file__).resolve().parents[1] / "tools" / "card_sheet.py"


def drawer():
    spec = importlib.util.spec_from_file_location("card_sheet", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_sheet_is_the_tools_drawing():
    tool = drawer()
    assert tool.SHEET.read_text(encoding="utf-8") == tool.sheet(), "run tools/card_sheet.py"


def test_every_card_has_a_face_and_the_sheet_has_no_script_or_style():
    text = drawer().sheet()
    root = ElementTree.fromstring(text)
    ids = {el.get("id") for el in root.iter() if el.get("id")}
    assert {card.code for card in DECK} <= ids
    assert not re.search(r"<(script|style)|style=|on\w+=", text)


def test_a_face_up_card_uses_its_face_from_the_hashed_sheet():
    views = [CardView(card=DECK[12], targets="", selected=False, hinted=False)]
    html = cards(Context(), views, "/g/?")
    assert re.search(r'<use href="/static/cards/faces(\.[0-9a-f]{12})?\.svg#KS"/>', html), html
    assert 'aria-label="K♠, king of spades"' in html and "<b>K</b><i>♠</i>" in html


SUIT_SIGN = re.compile(r'href="#[shdc]"|id="[jqk][SHDC]"|href="#[jqk][SHDC]"')


def drawing(symbol: ElementTree.Element) -> set[str]:
    """A face's shapes, each as its markup with the suit taken out: the suit signs it uses
    and the ids of its parts. The suit's colour is the card's (currentColor) already."""
    shapes = set()
    for element in symbol.iter():
        if element is symbol or len(element):  # the shapes, not the groups around them
            continue
        markup = ElementTree.tostring(element, encoding="unicode")
        shapes.add(SUIT_SIGN.sub("", re.sub(r"\s*xmlns(:\w+)?=\"[^\"]*\"", "", markup)))
    return shapes


def test_the_twelve_court_cards_are_twelve_different_drawings():
    root = ElementTree.fromstring(drawer().sheet())
    symbols = {el.get("id"): el for el in root.iter("{http://www.w3.org/2000/svg}symbol")}
    courts = {
        f"{rank}{suit}": drawing(symbols[f"{rank}{suit}"]) for rank in "JQK" for suit in "SHDC"
    }
    # Every pair differs in several shapes (its headwear, what it holds, its trim...), not in
    # a suit sign alone: no two court cards are one figure recoloured.
    for first, second in itertools.combinations(courts, 2):
        differ = courts[first] ^ courts[second]
        assert len(differ) >= 4, f"{first} and {second} differ only in {differ}"
