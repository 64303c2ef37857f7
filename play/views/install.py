"""What makes the site installable: the web app manifest, the service worker (served from
the site's root, so its scope is the whole site) and the page it shows offline.

The worker keeps static files only (hashed names: a file's address changes with it) and the
offline page; every page and action goes to the network, so the server stays the referee
and no game is ever kept in a cache."""

from __future__ import annotations

import json

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

THEME = "#0f6b3c"  # the felt (static/css/site.css)
ICONS = [("icons/icon-192.png", 192, "any"), ("icons/icon-512.png", 512, "any"),
         ("icons/maskable-512.png", 512, "maskable")]  # fmt: skip


@require_safe
@cache_control(public=True, max_age=3600)
def manifest(request: HttpRequest) -> HttpResponse:
    body = {
        "name": "Yukon & Klondike",
        "short_name": "Solitaire",
        "description": "Yukon and Klondike solitaire: every deal proven winnable.",
        "start_url": reverse("lobby"),
        "scope": "/",
        "display": "standalone",
        "background_color": THEME,
        "theme_color": THEME,
        "icons": [
            {
                "src": static(path),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": purpose,
            }
            for path, size, purpose in ICONS
        ],  # fmt: skip
    }
    return HttpResponse(json.dumps(body, indent=1), content_type="application/manifest+json")


def precached() -> list[str]:
    """What the worker keeps at install: the offline page and what it needs."""
    return [reverse("offline"), static("css/site.css")]


@require_safe
@cache_control(no_cache=True)  # a new worker reaches browsers at once
def service_worker(request: HttpRequest) -> HttpResponse:
    response = render(
        request,
        "play/sw.js",
        {"precached": json.dumps(precached()), "static_prefix": json.dumps(static(""))},
        content_type="text/javascript; charset=utf-8",
    )
    response["Service-Worker-Allowed"] = "/"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    return render(request, "play/offline.html")
