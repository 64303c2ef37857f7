"""GET /game/<id>/verdict/: the dead-end banner the page polls, for the player's own game."""

from __future__ import annotations

import pytest
from bs4 import Tag

from .html import parse

pytestmark = pytest.mark.django_db


def test_it_polls_while_the_position_is_being_checked(alice):
    game = alice.start("yukon", 31)
    response = alice.client.get(f"/game/{game.slug}/verdict/", {"ply": 0})
    assert response.status_code == 200
    top = [element for element in parse(response).children if isinstance(element, Tag)]
    assert [element.get("id") for element in top] == ["verdict"]  # the banner alone
    banner = top[0]
    assert banner["data-state"] == "pending"
    assert banner["hx-get"].startswith(f"/game/{game.slug}/verdict/?ply=0")
    assert banner["hx-trigger"].startswith("load")


def test_it_answers_nothing_once_the_board_has_moved_on(alice):
    game = alice.start("yukon", 31)
    response = alice.client.get(f"/game/{game.slug}/verdict/", {"ply": 3})
    assert response.status_code == 200 and response.content == b""


def test_it_is_nobody_elses_business(alice, bob):
    game = alice.start("yukon", 31)
    assert bob.client.get(f"/game/{game.slug}/verdict/", {"ply": 0}).status_code == 404


def test_it_refuses_a_post(alice):
    game = alice.start("yukon", 31)
    assert alice.client.post(f"/game/{game.slug}/verdict/", {"ply": 0}).status_code == 405
