"""The security headers every page carries (Content-Security-Policy, Permissions-Policy), pages
without inline script, style or event handlers, and the two cookie lifetimes: a player's year,
a staff login's hours."""

from __future__ import annotations

import re
from datetime import timedelta
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.contrib.sessions.models import Session
from django.test import Client
from django.utils import timezone

from visitors.players import COOKIE
from yukon_site.headers import render_policy

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = sorted((ROOT / "templates").rglob("*.html"))
PAGES = ["/", "/yukon/5/", "/klondike/5/?draw=3", "/rules/yukon/", "/records/", "/nowhere/"]


def csp(response) -> dict[str, list[str]]:
    """The enforced Content-Security-Policy header as directive → sources."""
    header = response.headers["Content-Security-Policy"]
    directives = [part.split() for part in header.split(";") if part.strip()]
    return {name: sources for name, *sources in directives}


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_every_page_allows_scripts_and_styles_from_the_site_only(path):
    response = Client().get(path)
    policy = csp(response)
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["default-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["base-uri"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "unsafe" not in response.headers["Content-Security-Policy"]


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_every_page_turns_off_the_browser_features_it_never_uses(path):
    header = Client().get(path).headers["Permissions-Policy"]
    features = dict(item.split("=") for item in header.split(", "))
    for feature in ["camera", "microphone", "geolocation", "payment", "usb", "fullscreen"]:
        assert features[feature] == "()", header
    # Sharing a game's link keeps working: neither of its features is turned off.
    assert "web-share" not in features and "clipboard-write" not in features


def test_a_permissions_policy_renders_as_the_header_grammar_wants():
    policy = {"camera": [], "geolocation": ["self"], "midi": ["self", '"https://a.example"']}
    assert render_policy(policy) == 'camera=(), geolocation=(self), midi=(self "https://a.example")'


class InlineCode(HTMLParser):
    """Collects what the policy would refuse: inline <script>, <style> blocks, style=""
    attributes, on*="" event handlers and javascript: links."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.in_script = False

    def handle_starttag(self, tag, attrs):
        names = dict(attrs)
        if tag == "script":
            self.in_script = "src" not in names
        if tag == "style":
            self.found.append("<style> block")
        for name, value in attrs:
            if name == "style" or name.startswith("on"):
                self.found.append(f'<{tag} {name}="{value}">')
            if name in ("href", "src", "action") and (value or "").startswith("javascript:"):
                self.found.append(f'<{tag} {name}="{value}">')

    def handle_endtag(self, tag):
        if tag == "script":
            self.in_script = False

    def handle_data(self, data):
        if self.in_script and data.strip():
            self.found.append(f"inline <script>: {data.strip()[:60]}")


def inline_code(html: str) -> list[str]:
    parser = InlineCode()
    parser.feed(html)
    return parser.found


def test_the_checker_finds_each_kind_of_inline_code():
    page = (
        '<script>alert(1)</script><script src="/s.js"></script><style>p{}</style>'
        '<p style="color:red" onclick="go()"><a href="javascript:go()">x</a></p>'
    )
    assert inline_code(page) == [
        "inline <script>: alert(1)",
        "<style> block",
        '<p style="color:red">',
        '<p onclick="go()">',
        '<a href="javascript:go()">',
    ]


@pytest.mark.parametrize("template", TEMPLATES, ids=lambda p: p.name)
def test_no_template_has_inline_script_style_or_event_handlers(template):
    # Template tags are blanked first: what they print is checked on the rendered pages below.
    source = re.sub(r"{[%{#].*?[%}#]}", "", template.read_text(), flags=re.S)
    assert inline_code(source) == []


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_no_rendered_page_has_inline_script_style_or_event_handlers(path):
    response = Client().get(path)
    assert response.status_code in (200, 404)
    assert inline_code(response.content.decode()) == []
    # Nor a nonce: nothing needs one, and random text in a game page could spell a card code.
    assert "nonce" not in response.content.decode()


# -- cookies: a player's year, a staff login's hours -----------------------------------------


@pytest.mark.django_db
def test_a_players_cookie_lasts_a_year():
    cookie = Client().get("/").cookies[COOKIE]
    assert cookie["max-age"] == 365 * 24 * 3600
    assert cookie["httponly"]


@pytest.mark.django_db
def test_a_staff_login_ends_with_the_browser_and_expires_after_eight_hours():
    User.objects.create_superuser("staff", password="a long staff password")
    client = Client()
    before = timezone.now()
    response = client.post(
        "/admin/login/?next=/admin/",
        {"username": "staff", "password": "a long staff password", "next": "/admin/"},
    )
    assert response.status_code == 302 and response["Location"] == "/admin/"

    cookie = response.cookies["sessionid"]
    # A browser-session cookie: no Max-Age, no Expires.
    assert cookie["max-age"] == "" and cookie["expires"] == ""
    assert cookie["httponly"]
    (session,) = Session.objects.all()
    lifetime = session.expire_date - before
    assert timedelta(hours=8) <= lifetime < timedelta(hours=8, minutes=1)

    assert client.get("/admin/").status_code == 200
    Session.objects.update(expire_date=timezone.now() - timedelta(seconds=1))
    assert client.get("/admin/").status_code == 302  # back to the login page
