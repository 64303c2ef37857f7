"""Metrics (issue 21), in one process: /metrics is off without METRICS_TOKEN and refuses a
wrong token; it counts moves, refusals and requests per view where they happen, and reads the
queue and the pools from the database when scraped. (Counting across gunicorn's worker
processes: test_gunicorn_metrics.py.)"""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from solver.deadends.models import CheckRequest
from solver.deadends.tasks import check_position

from ..web.deals import easy_yukon
from ..web.personas import Persona

pytestmark = pytest.mark.django_db
TOKEN = "metrics-token-for-the-tests-0123456789"


@pytest.fixture
def token(settings):
    settings.METRICS_TOKEN = TOKEN


def scrape() -> str:
    response = Client().get("/metrics", HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/plain; version=")
    return response.content.decode()


def value(text: str, name: str, **labels: str) -> float:
    """The sample's value (0 when absent: a counter not yet counted)."""
    for line in text.splitlines():
        match = re.fullmatch(r"([a-z_]+)(?:\{(.*)\})? (\S+)", line)
        if not match or match[1] != name:
            continue
        found = dict(re.findall(r'([a-z_]+)="([^"]*)"', match[2] or ""))
        if all(found.get(k) == v for k, v in labels.items()):
            return float(match[3])
    return 0.0


def test_metrics_are_off_without_a_token():
    assert Client().get("/metrics").status_code == 404


def test_metrics_refuse_a_wrong_or_missing_token(token):
    assert Client().get("/metrics").status_code == 401
    wrong = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer not-the-token")
    assert wrong.status_code == 401 and wrong["WWW-Authenticate"] == "Bearer"


def test_moves_and_the_move_views_latency_are_counted(token, alice):
    before = scrape()
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    for move in line[:3]:
        assert alice.move(game, move, htmx=True).status_code == 200
    after = scrape()
    assert (
        value(after, "yukon_actions_total", action="move")
        - value(before, "yukon_actions_total", action="move")
        == 3
    )
    timed = dict(view="game_action", method="POST", status="200")
    assert (
        value(after, "yukon_request_seconds_count", **timed)
        - value(before, "yukon_request_seconds_count", **timed)
        == 3
    )


def test_the_check_queue_and_pools_are_read_at_scrape_time(token, alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    alice.move(game, line[0], htmx=True)  # a new position: its check is wanted
    check_position.enqueue()  # its wake-up (queued on commit, which a test never reaches)
    waiting = CheckRequest.objects.filter(started__isnull=True).count()
    text = scrape()
    assert waiting >= 1
    assert value(text, "yukon_check_queue_depth", state="waiting") == waiting
    assert value(text, "yukon_task_queue_depth", status="ready") >= 1
    assert "yukon_pool_size" in text and "yukon_check_oldest_wait_seconds" in text


def test_rate_limit_and_login_refusals_are_counted(token, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "new_game": (1, 10, 24 * 3600)}
    before = scrape()
    carol = Persona("carol")
    assert carol.client.get("/yukon/").status_code in (200, 302)
    assert carol.client.get("/yukon/").status_code == 429
    User.objects.create_user("dave", password="right password 1")
    for _ in range(settings.AXES_FAILURE_LIMIT):
        Client().post("/accounts/login/", {"username": "dave", "password": "wrong"})
    after = scrape()

    def more(name: str, **labels: str) -> float:
        return value(after, name, **labels) - value(before, name, **labels)

    assert more("yukon_rate_limited_total", kind="new_game") == 1
    assert more("yukon_login_refusals_total", reason="failed") == settings.AXES_FAILURE_LIMIT
    assert more("yukon_login_refusals_total", reason="locked_out") == 1
