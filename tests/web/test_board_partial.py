"""The board partial: HTMX gets `#board` alone, everyone else the whole page, and the
partial stays within 12 KB (DESIGN §6)."""

from __future__ import annotations

import pytest

from .deals import WORKED_EXAMPLE, worked_example

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
BOARD_LIMIT = 12 * 1024


def is_board_alone(html: str) -> bool:
    starts = html.strip().startswith('<div id="board"')
    return starts and "<html" not in html and "<body" not in html


def test_htmx_gets_only_the_board(alice):
    response = alice.client.get("/yukon/9/", headers=HTMX)
    assert response.status_code == 200
    assert is_board_alone(response.content.decode())
    assert "HX-Request" in response["Vary"]


def test_a_browser_gets_the_whole_page(alice):
    response = alice.client.get("/yukon/9/")
    html = response.content.decode()
    assert html.startswith("<!doctype html>") and html.count('<div id="board"') == 1
    assert "HX-Request" in response["Vary"]


def test_an_htmx_history_restore_gets_the_whole_page(alice):
    headers = {**HTMX, "HX-History-Restore-Request": "true"}
    html = alice.client.get("/yukon/9/", headers=headers).content.decode()
    assert html.startswith("<!doctype html>")


def test_an_htmx_move_answers_with_the_board(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t5", htmx=True)
    html = response.content.decode()
    assert is_board_alone(html) and '<span data-testid="moves">1</span>' in html
    assert "HX-Request" in response["Vary"]


def test_an_htmx_refusal_answers_with_the_board_and_the_message(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t6", htmx=True)
    html = response.content.decode()
    assert response.status_code == 200  # htmx swaps only 2xx: the refusal rides on the board
    assert is_board_alone(html) and "♠9 goes on a red 10" in html


def test_a_plain_form_post_redirects_to_the_games_address_and_its_whole_page(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t5")
    assert response.redirect_chain == [(f"/game/{game.slug}/", 303)]
    html = response.content.decode()
    assert html.startswith("<!doctype html>") and '<span data-testid="moves">1</span>' in html


def test_a_plain_form_post_that_is_refused_answers_with_the_whole_page(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t6")
    assert response.redirect_chain == []
    html = response.content.decode()
    assert html.startswith("<!doctype html>") and "♠9 goes on a red 10" in html


def test_the_no_javascript_page_lights_the_targets_of_a_picked_up_card(alice):
    worked_example()
    html = alice.open("yukon", WORKED_EXAMPLE, select="9S").content.decode()
    assert '<input type="hidden" name="card" value="9S">' in html
    assert 'class="pile column lit" data-pile="t5"' in html
    assert html.count(" lit") == 1
    assert '<button class="drop" name="to" value="t6"' in html  # tapping it gets the refusal


def test_a_picked_up_card_that_is_not_a_card_is_ignored(alice):
    response = alice.open("yukon", 9, select="ZZ")
    assert response.status_code == 200 and 'name="card"' not in response.content.decode()


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_the_board_partial_fits_in_12_kb_for_every_deal(alice, variant):
    sizes = {}
    for number in range(1, 21):
        response = alice.client.get(f"/{variant}/{number}/", headers=HTMX)
        sizes[number] = len(response.content)
    largest = max(sizes, key=sizes.get)
    assert sizes[largest] <= BOARD_LIMIT, f"{variant} #{largest}: {sizes[largest]} bytes"
