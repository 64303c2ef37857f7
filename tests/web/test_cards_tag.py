"""The {% cards %} and {% pile %} tags: a pile and its face-up cards, exactly the markup the
board's script and the tests' hooks (DESIGN §5) read."""

from __future__ import annotations

from django.template import Context, Template

from games.board import CardView, PileView
from games.engine.cards import Card

TEMPLATE = Template("{% load board_tags %}{% cards views select_base %}")


def render(views, select_base="/yukon/7/?") -> str:
    return TEMPLATE.render(Context({"views": views, "select_base": select_base}))


def view(code: str = "9S", targets: str = "t3 f1", **changes) -> CardView:
    return CardView(Card.parse(code), targets, **changes)


def test_a_card_is_one_link_with_its_code_targets_and_spoken_name():
    assert render([view()]) == (
        '<a class="card up black" data-card="9S" data-targets="t3 f1" '
        'href="/yukon/7/?select=9S" aria-label="9 of spades"><b>9</b><i>♠</i></a>\n'
    )


def test_red_selected_and_hinted_cards_say_so_in_their_class():
    html = render([view("TD", selected=True, hinted=True)])
    assert html.startswith('<a class="card up red selected hinted" data-card="TD"')
    assert "<b>10</b><i>♦</i>" in html


def test_every_value_is_escaped_as_autoescape_would():
    html = render([view(targets='t1"><b>')], select_base="/klondike/7/?draw=1&scoring=vegas&")
    assert 'data-targets="t1&quot;&gt;&lt;b&gt;"' in html
    assert 'href="/klondike/7/?draw=1&amp;scoring=vegas&amp;select=9S"' in html


def test_a_pile_renders_its_cards_in_order_and_an_empty_pile_nothing():
    html = render([view(), view("8H")])
    assert html.index('data-card="9S"') < html.index('data-card="8H"')
    assert html.count("</a>\n") == 2
    assert render([]) == ""


PILE = Template("{% load board_tags %}{% pile pile selected select_base %}")


def render_pile(pile: PileView, selected: Card | None = None) -> str:
    context = {"pile": pile, "selected": selected, "select_base": "/game/7/?"}
    return PILE.render(Context(context))


def test_a_column_shows_its_face_down_cards_as_identical_blanks_then_its_face_up_cards():
    html = render_pile(PileView("t3", "Column 3", down=2, cards=[view("9S"), view("8H", "")]))
    assert html.startswith(
        '<div class="pile column" data-pile="t3" role="group" aria-label="Column 3, 2 face-down">'
    )
    assert html.count('<span class="card down" aria-hidden="true"></span>') == 2
    assert html.index('class="card down"') < html.index('data-card="9S"') < html.index("8H")
    assert html.endswith("</div>\n")


def test_an_empty_column_and_foundations_say_how_many_cards_they_hold():
    assert 'aria-label="Column 1, empty"' in render_pile(PileView("t1", "Column 1"))
    assert 'aria-label="Foundation 2, empty"' in render_pile(PileView("f2", "Foundation 2"))
    one = render_pile(PileView("f1", "Foundation 1", cards=[view("AS", "")], size=1))
    assert 'class="pile foundation"' in one and 'aria-label="Foundation 1, 1 card"' in one
    five = render_pile(PileView("f1", "Foundation 1", cards=[view("5S", "")], size=5))
    assert 'aria-label="Foundation 1, 5 cards"' in five


def test_lit_and_hinted_piles_say_so_and_a_picked_up_card_gets_a_drop_button_on_every_pile():
    html = render_pile(PileView("t5", "Column 5", lit=True, hinted=True), Card.parse("9S"))
    assert html.startswith('<div class="pile column lit hinted" data-pile="t5"')
    assert (
        '<button class="drop" name="to" value="t5" aria-label="Move nine of spades to column 5">'
        in html
    )
    assert "<button" not in render_pile(PileView("t5", "Column 5"))
