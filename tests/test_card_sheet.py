"""The sheet of card faces (static/cards/faces.svg) is what tools/card_sheet.py draws, holds a
face for each of the 52 cards the board refers to, and nothing the page's policy refuses."""

import importlib.util
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
