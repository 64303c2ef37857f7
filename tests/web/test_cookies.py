"""Issue 38: every cookie the site sets over HTTPS is Secure, the preference cookies (`looks`,
`deals`) and the player cookie included; and no response a shared cache may keep sets one."""

from __future__ import annotations

import pytest
from django.test import Client

from .deals import WORKED_EXAMPLE, worked_example

pytestmark = pytest.mark.django_db


def set_cookies(response) -> dict[str, str]:
    return {name: morsel.OutputString() for name, morsel in response.cookies.items()}


def test_the_preference_cookies_are_secure_under_https():
    browser = Client()
    data = {"winnable": "", "back": "red", "next": "/"}
    cookies = set_cookies(browser.post("/preferences/", data, secure=True))
    assert {"looks", "deals"} <= cookies.keys()
    for name in ("looks", "deals", "player"):
        assert "Secure" in cookies[name], cookies[name]


def test_the_preference_cookies_stay_plain_over_http_in_development():
    data = {"winnable": "", "back": "red", "next": "/"}
    cookies = set_cookies(Client().post("/preferences/", data))
    assert "Secure" not in cookies["looks"] and "Secure" not in cookies["deals"]


def test_a_share_image_a_shared_cache_keeps_sets_no_cookie():
    worked_example()
    response = Client().get(f"/preview/yukon/{WORKED_EXAMPLE}.png")
    assert response.status_code == 200 and "public" in response["Cache-Control"]
    assert not response.cookies and "Set-Cookie" not in response.headers


def test_a_page_still_gives_a_new_visitor_the_player_cookie():
    assert "player" in Client().get("/").cookies
