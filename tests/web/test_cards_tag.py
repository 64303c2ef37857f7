"""The {% cards %} and {% piles %} tags: a pile and its face-up cards, exactly the hooks the
board's script and the tests (DESIGN §5) read."""

from __future__ import annotations

from django.template import Context, Template

from games.engine.cards import Card
from play.board import CardView, PileView

from .html import cards, one, parse, text

TEMPLATE = Template("{% load board_tags %}{% cards views select_base %}")


def render(views, select_base="/yukon/7/?") -> str:
    return TEMPLATE.render(Context({"views": views, "select_base": select_base}))


def view(code: str = "9S", targets: str = "t3 f1", **changes) -> CardView:
    return CardView(Card.parse(code), targets, **changes)


def test_a_card_is_one_link_with_its_code_targets_and_spoken_name():
    fragment = parse(render([view()]))
    card = one(fragment, "a")
    assert card["class"] == ["card", "up", "black"]
    assert (card["data-card"], card["data-targets"]) == ("9S", "t3 f1")
    assert (card["href"], card["aria-label"]) == ("/yukon/7/?select=9S", "9 of spades")
    assert (text(one(card, "b")), text(one(card, "i"))) == ("9", "♠")


def test_red_selected_and_hinted_cards_say_so_in_their_class():
    card = one(parse(render([view("TD", selected=True, hinted=True)])), "[data-card]")
    assert card["class"] == ["card", "up", "red", "selected", "hinted"]
    assert card["data-card"] == "TD"
    assert (text(one(card, "b")), text(one(card, "i"))) == ("10", "♦")


def test_every_value_is_escaped_as_autoescape_would():
    html = render([view(targets='t1"><b>')], select_base="/klondike/7/?draw=1&scoring=vegas&")
    fragment = parse(html)
    card = one(fragment, "a")  # the targets made no element of their own
    assert card["data-targets"] == 't1"><b>'
    assert card["href"] == "/klondike/7/?draw=1&scoring=vegas&select=9S"
    assert len(fragment.select("b")) == 1  # the rank's
    assert "&amp;scoring" in html  # the ampersands are escaped, not merely tolerated


def test_a_pile_renders_its_cards_in_order_and_an_empty_pile_nothing():
    assert cards(parse(render([view(), view("8H")]))) == ["9S", "8H"]
    assert render([]) == ""


PILES = Template("{% load board_tags %}{% piles piles selected select_base %}")


def render_pile(pile: PileView, selected: Card | None = None):
    context = {"piles": [pile], "selected": selected, "select_base": "/game/7/?"}
    return one(parse(PILES.render(Context(context))), "[data-pile]")


def test_a_column_shows_its_face_down_cards_as_identical_blanks_then_its_face_up_cards():
    pile = render_pile(PileView("t3", "Column 3", down=2, cards=[view("9S"), view("8H", "")]))
    assert (pile.name, pile["class"], pile["data-pile"]) == ("div", ["pile", "column"], "t3")
    assert (pile["role"], pile["aria-label"]) == ("group", "Column 3, 2 face-down")
    children = pile.find_all(recursive=False)
    backs = children[:2]
    assert [(b.name, b["class"], b.attrs, b.contents) for b in backs] == [
        ("span", ["card", "down"], {"class": ["card", "down"]}, [])
    ] * 2
    assert [c["data-card"] for c in children[2:]] == ["9S", "8H"]


def test_an_empty_column_and_foundations_say_how_many_cards_they_hold():
    assert render_pile(PileView("t1", "Column 1"))["aria-label"] == "Column 1, empty"
    assert render_pile(PileView("f2", "Foundation 2"))["aria-label"] == "Foundation 2, empty"
    ace = render_pile(PileView("f1", "Foundation 1", cards=[view("AS", "")], size=1))
    assert ace["class"] == ["pile", "foundation"]
    # A foundation takes any ace; once one is there, it says which suit it builds.
    assert ace["aria-label"] == "Foundation 1, spades, 1 card"
    five = render_pile(PileView("f3", "Foundation 3", cards=[view("5H", "")], size=5))
    assert five["aria-label"] == "Foundation 3, hearts, 5 cards"


def test_lit_and_hinted_piles_say_so_and_a_picked_up_card_gets_a_drop_button_on_every_pile():
    pile = render_pile(PileView("t5", "Column 5", lit=True, hinted=True), Card.parse("9S"))
    assert pile["class"] == ["pile", "column", "lit", "hinted"] and pile["data-pile"] == "t5"
    drop = one(pile, "button")
    assert (drop["class"], drop["name"], drop["value"]) == (["drop"], "to", "t5")
    assert drop["aria-label"] == "Move nine of spades to column 5"
    assert not render_pile(PileView("t5", "Column 5")).select("button")


def test_a_row_of_piles_comes_out_in_its_order_each_with_its_own_cards():
    row = [PileView("t1", "Column 1", cards=[view("9S")]), PileView("t2", "Column 2", down=1)]
    context = {"piles": row, "selected": None, "select_base": "/game/7/?"}
    fragment = parse(PILES.render(Context(context)))
    assert [p["data-pile"] for p in fragment.select("[data-pile]")] == ["t1", "t2"]
    assert cards(one(fragment, "[data-pile=t1]")) == ["9S"] and not cards(
        one(fragment, "[data-pile=t2]")
    )
