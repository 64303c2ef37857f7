"""The answer to a request a page's form refuses: 400, as plain text, so that a message that
quotes the forged input (`'<script>' is not a move`) is never read as HTML, and it changes
nothing."""

from __future__ import annotations

from django.http import HttpResponse, HttpResponseBadRequest


def bad_request(message: str) -> HttpResponse:
    return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
