"""The {% cards %} tag: a pile's face-up cards, exactly the markup the board's script reads."""

from __future__ import annotations

from django.template import Context, Template

from games.table import CardView

TEMPLATE = Template("{% load table_tags %}{% cards views select_base %}")


def render(views, select_base="/yukon/7/?") -> str:
    return TEMPLATE.render(Context({"views": views, "select_base": select_base}))


def view(**changes) -> CardView:
    fields = dict(code="9S", label="♠9", spoken="nine of spades", red=False, targets="t3 f1")
    return CardView(**(fields | changes))


def test_a_card_is_one_link_with_its_code_targets_and_spoken_name():
    assert render([view()]) == (
        '<a class="card up black" data-card="9S" data-targets="t3 f1" '
        'href="/yukon/7/?select=9S" aria-label="nine of spades"><b>9</b><i>♠</i></a>\n'
    )


def test_red_selected_and_hinted_cards_say_so_in_their_class():
    html = render([view(code="TD", label="♦10", red=True, selected=True, hinted=True)])
    assert html.startswith('<a class="card up red selected hinted" data-card="TD"')
    assert "<b>10</b><i>♦</i>" in html


def test_every_value_is_escaped_as_autoescape_would():
    html = render([view(targets='t1"><b>')], select_base="/klondike/7/?draw=1&scoring=vegas&")
    assert 'data-targets="t1&quot;&gt;&lt;b&gt;"' in html
    assert 'href="/klondike/7/?draw=1&amp;scoring=vegas&amp;select=9S"' in html


def test_a_pile_renders_its_cards_in_order_and_an_empty_pile_nothing():
    html = render([view(), view(code="8H", label="♥8", spoken="eight of hearts", red=True)])
    assert html.index('data-card="9S"') < html.index('data-card="8H"')
    assert html.count("</a>\n") == 2
    assert render([]) == ""
