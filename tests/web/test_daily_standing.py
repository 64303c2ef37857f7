"""Issue 37 item 11: the daily page names the week's grade only beside deals of that grade,
and shows the player where they stand on today's deal: won, playing, or not played yet."""

from __future__ import annotations

import pytest

from daily.services import dailies
from solver.pool.models import DealVerdict, Grade

from .deals import easy_yukon
from .html import one, parse, text
from .test_daily import KINGS, proven, win

pytestmark = pytest.mark.django_db


@pytest.fixture
def daily_yukon(db):
    deal, line = easy_yukon()
    proven(deal, [*line, *KINGS])
    return deal, line


def other_grade(grade: str) -> str:
    return next(g for g in Grade.values if g != grade)


def test_a_deal_of_another_grade_than_the_weeks_is_not_called_the_weeks(daily_yukon, bob):
    deal, _ = daily_yukon
    today = dailies.grade_of_day(dailies.today())
    DealVerdict.objects.filter(deal=deal).update(grade=other_grade(today))
    page = parse(bob.client.get("/daily/"))
    assert not page.select("[data-testid=day-grade]")
    badge = one(page, "[data-testid=daily-deal] [data-testid=grade]")
    assert badge["data-grade"] == other_grade(today)


def test_todays_won_deal_says_so(daily_yukon, alice, bob):
    deal, line = daily_yukon
    win(alice, deal, line)
    card = one(parse(alice.client.get("/daily/")), "[data-testid=daily-deal]")
    assert card["data-state"] == "won"
    assert text(one(card, "[data-testid=daily-won]")) == "✓ You won it today in 52 moves."
    assert text(one(card, "[data-testid=play-daily]")).startswith("Play again")
    other = one(parse(bob.client.get("/daily/")), "[data-testid=daily-deal]")
    assert other["data-state"] == "new" and not other.select("[data-testid=daily-won]")
    assert text(one(other, "[data-testid=play-daily]")).startswith("Play Yukon")


def test_a_daily_being_played_offers_to_continue(daily_yukon, alice):
    deal, line = daily_yukon
    alice.game_at(deal, line[:3])
    card = one(parse(alice.client.get("/daily/")), "[data-testid=daily-deal]")
    assert card["data-state"] == "playing"
    assert text(one(card, "[data-testid=play-daily]")).startswith("Continue")
