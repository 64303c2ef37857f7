"""The rules pages: the rules the site is built from, in full."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_safe


@require_safe
def rules(request: HttpRequest, variant: str) -> HttpResponse:
    return render(request, f"play/rules_{variant}.html", {"variant": variant})
