"""Issue 37 item 13, installable: a web app manifest (name, icons of 192 and 512 px and a
maskable one, theme colour, standalone), a service worker served for the whole site that
keeps static files and the offline page only, and that page."""

from __future__ import annotations

import json

import pytest
from django.contrib.staticfiles import finders
from PIL import Image

from .html import one, parse, text

pytestmark = pytest.mark.django_db

STATIC = "/static/"


def static_file(address: str) -> Image.Image:
    """The image a static address names, read from the static folders (the name unhashed)."""
    name = address.removeprefix(STATIC)
    stem, dot, ext = name.rpartition(".")
    path = finders.find(name) or finders.find(stem.rpartition(".")[0] + dot + ext)
    assert path, address
    return Image.open(path)


def test_every_page_names_the_manifest(alice):
    for address in ("/", "/daily/", "/rules/yukon/"):
        page = parse(alice.client.get(address))
        assert one(page, 'link[rel="manifest"]')["href"] == "/manifest.webmanifest"
        assert one(page, 'meta[name="theme-color"]')["content"] == "#0f6b3c"


def test_the_manifest_makes_the_site_an_app(alice):
    response = alice.client.get("/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Yukon & Klondike" and manifest["short_name"]
    assert (manifest["display"], manifest["start_url"]) == ("standalone", "/")
    assert manifest["theme_color"] == "#0f6b3c"
    found = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert found == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for icon in manifest["icons"]:
        image = static_file(icon["src"])
        assert (image.format, f"{image.width}x{image.height}") == ("PNG", icon["sizes"])


def test_the_maskable_icon_fills_its_square(alice):
    manifest = json.loads(alice.client.get("/manifest.webmanifest").content)
    maskable = next(i for i in manifest["icons"] if i["purpose"] == "maskable")
    image = static_file(maskable["src"]).convert("RGBA")
    corners = [image.getpixel((x, y)) for x in (0, 511) for y in (0, 511)]
    assert all(alpha == 255 for *_, alpha in corners)  # a launcher's mask cuts felt, not air


def test_the_service_worker_is_served_for_the_whole_site(alice):
    response = alice.client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]


def test_the_worker_keeps_the_offline_page_and_static_files_only(alice):
    script = alice.client.get("/sw.js").content.decode()
    precached = json.loads(script.split("const PRECACHED = ", 1)[1].split(";", 1)[0])
    assert precached[0] == "/offline/"
    assert all(address.startswith(STATIC) for address in precached[1:])
    assert 'const STATIC = "/static/"' in script


def test_the_offline_page_says_the_site_needs_a_connection(alice):
    page = parse(alice.client.get("/offline/"))
    assert "needs a connection" in text(one(page, "[data-testid=offline]"))
