"""HEAD answers wherever GET does (issue 21): a monitor or a link checker asking HEAD of a
page gets the page's status and headers, no body, never 405. The views take GET and HEAD
together (require_safe), as Django's own class-based views do."""

from __future__ import annotations

import pytest
from django.utils import timezone

from games.models import Game, Result

from .deals import easy_yukon

pytestmark = pytest.mark.django_db


def test_every_page_that_answers_get_answers_head(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:2])
    finished = alice.game_at(deal, line[:1], result=Result.RESIGNED, replay_slug="r" * 22)
    Game.objects.filter(pk=finished.pk).update(finished=timezone.now())
    pages = [
        "/", "/records/", "/stats/", "/rules/yukon/", "/rules/klondike/", "/daily/",
        "/daily/klondike/", f"/yukon/{deal.number}/", "/klondike/5/?draw=3&scoring=vegas",
        f"/game/{game.slug}/", f"/game/{game.slug}/verdict/?ply=2", f"/replay/{'r' * 22}/",
        f"/leaderboard/yukon/{deal.number}/", "/yukon/", "/accounts/login/",
        "/accounts/signup/", "/accounts/password_reset/", "/admin/login/",
    ]  # fmt: skip
    for page in pages:
        got = alice.client.get(page)
        head = alice.client.head(page)
        assert got.status_code in (200, 302), f"GET {page}: {got.status_code}"
        assert head.status_code == got.status_code, f"HEAD {page}: {head.status_code}"
        assert head.content == b""
