"""The board partial: HTMX gets `#board` alone, everyone else the whole page, and the
partial stays within 12 KB (DESIGN §6)."""

from __future__ import annotations

import gzip
import re

import pytest
from bs4 import Tag

from .deals import WORKED_EXAMPLE, worked_example
from .html import moves, one, parse, refusal

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}
BOARD_LIMIT = 12 * 1024


def is_board_alone(response) -> bool:
    """The answer is the board element and nothing else, no page around it."""
    top = [element for element in parse(response).children if isinstance(element, Tag)]
    return [element.get("id") for element in top] == ["board"]


def is_whole_page(response) -> bool:
    page = parse(response)
    return bool(page.select("html > body main")) and len(page.select("#board")) == 1


def test_htmx_gets_only_the_board(alice):
    response = alice.client.get("/yukon/9/", headers=HTMX)
    assert response.status_code == 200
    assert is_board_alone(response)
    assert "HX-Request" in response["Vary"]


def test_a_browser_gets_the_whole_page(alice):
    response = alice.client.get("/yukon/9/")
    assert is_whole_page(response)
    assert "HX-Request" in response["Vary"]


def test_an_htmx_history_restore_gets_the_whole_page(alice):
    headers = {**HTMX, "HX-History-Restore-Request": "true"}
    assert is_whole_page(alice.client.get("/yukon/9/", headers=headers))


def test_an_htmx_move_answers_with_the_board(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t5", htmx=True)
    assert is_board_alone(response) and moves(parse(response)) == 1
    assert "HX-Request" in response["Vary"]


def test_an_htmx_refusal_answers_with_the_board_and_the_message(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t6", htmx=True)
    assert response.status_code == 200  # htmx swaps only 2xx: the refusal rides on the board
    assert is_board_alone(response) and refusal(parse(response)) == "♠9 goes on a red 10"


def test_a_plain_form_post_redirects_to_the_games_address_and_its_whole_page(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t5")
    assert response.redirect_chain == [(f"/game/{game.slug}/", 303)]
    assert is_whole_page(response) and moves(parse(response)) == 1


def test_a_plain_form_post_that_is_refused_answers_with_the_whole_page(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = alice.move(game, "9S-t6")
    assert response.redirect_chain == []
    assert is_whole_page(response) and refusal(parse(response)) == "♠9 goes on a red 10"


def test_the_no_javascript_page_lights_the_targets_of_a_picked_up_card(alice):
    worked_example()
    page = parse(alice.open("yukon", WORKED_EXAMPLE, select="9S"))
    assert one(page, "#play input[type=hidden][name=card]")["value"] == "9S"
    assert [pile["data-pile"] for pile in page.select(".lit")] == ["t5"]
    # Every other pile still has its drop button: tapping it gets the refusal.
    assert one(page, "[data-pile=t6] button[name=to]")["value"] == "t6"


def test_a_picked_up_card_that_is_not_a_card_is_ignored(alice):
    response = alice.open("yukon", 9, select="ZZ")
    assert response.status_code == 200 and not parse(response).select("[name=card]")


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_the_board_partial_fits_in_12_kb_for_every_deal(alice, variant):
    sizes = {}
    for number in range(1, 21):
        response = alice.client.get(f"/{variant}/{number}/", headers=HTMX)
        sizes[number] = len(response.content)
    largest = max(sizes, key=sizes.get)
    assert sizes[largest] <= BOARD_LIMIT, f"{variant} #{largest}: {sizes[largest]} bytes"


def test_a_client_that_accepts_gzip_gets_the_board_gzipped_and_whole(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    plain = alice.move(game, "9S-t5", htmx=True)
    alice.act(game, action="undo", htmx=True)
    packed = alice.client.post(
        f"/game/{game.slug}/", {"ply": 0, "move": "9S-t5"},
        headers={**HTMX, "Accept-Encoding": "gzip, deflate"},
    )  # fmt: skip
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in packed["Vary"] and "HX-Request" in packed["Vary"]
    body = gzip.decompress(packed.content).decode()
    assert len(packed.content) < len(plain.content) / 3
    # the same board, but for the CSRF token, masked anew in every answer (against BREACH)
    token = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
    assert token.sub("", body) == token.sub("", plain.content.decode())
    assert is_board_alone(body) and moves(parse(body)) == 1


def test_a_client_that_accepts_gzip_gets_the_whole_page_gzipped(alice):
    response = alice.client.get("/yukon/9/", headers={"Accept-Encoding": "gzip"})
    assert response["Content-Encoding"] == "gzip"
    assert is_whole_page(gzip.decompress(response.content).decode())
