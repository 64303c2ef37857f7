"""Issue 23 part 1: a lobby that brings players back: today's daily deals with the time left
and the player's result on each, their daily streak, and the games they can continue."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from daily.models import DailyDeal
from daily.services import dailies, streaks
from games.deals import deal_for
from games.models import Game
from play.templatetags.time_tags import ago, time_left

from .deals import EASY_YUKON, easy_yukon
from .html import one, parse, text
from .test_daily import KINGS, proven, win

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 3, 10)


def lobby(persona):
    return parse(persona.client.get("/"))


def daily_line(persona):
    return one(lobby(persona), "[data-testid=lobby-daily-deal]")


@pytest.fixture
def daily_yukon(db):
    deal, line = easy_yukon()
    proven(deal, [*line, *KINGS])
    return deal, line


def test_the_lobby_names_todays_daily_and_the_time_left_until_midnight_utc(daily_yukon, alice):
    page = lobby(alice)
    item = one(page, "[data-testid=lobby-daily-deal]")
    assert item["data-state"] == "new" and "Not played yet" in text(item)
    assert one(item, "[data-testid=lobby-play-daily]")["href"] == f"/yukon/{EASY_YUKON}/"
    timer = one(page, "[data-testid=daily-time-left]")
    assert re.fullmatch(r"(\d+ h )?(\d+ min )?left|\d+ h left", text(timer))
    ends = dt.datetime.fromisoformat(timer["data-countdown"])
    assert ends == dailies.day_start(dailies.today() + dt.timedelta(days=1))
    assert one(page, 'script[type=module][src*="countdown"]')


def test_a_daily_being_played_is_continued_and_a_won_one_shows_its_moves(daily_yukon, alice, bob):
    deal, line = daily_yukon
    game = alice.game_at(deal, line[:3])
    item = daily_line(alice)
    assert item["data-state"] == "playing"
    assert text(one(item, "[data-testid=lobby-play-daily]")).startswith("Continue")
    Game.objects.filter(pk=game.pk).delete()
    win(alice, deal, line)
    item = daily_line(alice)
    assert item["data-state"] == "won" and "Won in 52 moves" in text(item)
    assert daily_line(bob)["data-state"] == "new"  # bob's lobby has his own results


def test_without_a_daily_deal_yet_the_lobby_still_offers_new_games(alice):
    page = lobby(alice)
    assert not page.select("[data-testid=lobby-daily]")
    assert one(page, 'main form[action="/yukon/"] button')


def test_the_klondike_choices_are_the_forms_own_fields(alice):
    form = one(lobby(alice), 'main form[action="/klondike/"]')
    names = [radio["name"] for radio in form.select("input[type=radio]")]
    assert list(dict.fromkeys(names)) == ["draw", "scoring", "grade"]
    assert [o["value"] for o in form.select("input[name=draw]")] == ["1", "3"]
    assert [o["value"] for o in form.select("input[name=scoring]")] == [
        "standard", "vegas", "none",
    ]  # fmt: skip
    checked = {o["name"]: o["value"] for o in form.select("input[checked]")}
    assert checked == {"draw": "1", "scoring": "standard", "grade": ""}  # the defaults


def test_continue_lists_the_players_unfinished_games_latest_first(alice, bob):
    yukon = alice.game_at(deal_for("yukon", 11), [])
    klondike = alice.game_at(deal_for("klondike", 12), [], draw=3, scoring="vegas")
    Game.objects.filter(pk=yukon.pk).update(updated=klondike.updated - dt.timedelta(hours=1))
    done = alice.game_at(deal_for("yukon", 13), [])
    Game.objects.filter(pk=done.pk).update(result="resigned")
    links = [a["href"] for a in lobby(alice).select("[data-testid=continue-game]")]
    assert links == ["/klondike/12/?draw=3&scoring=vegas", "/yukon/11/"]
    assert not lobby(bob).select("[data-testid=continue]")


# -- the streak --------------------------------------------------------------------------------


def days(*ago: int) -> set[dt.date]:
    return {TODAY - dt.timedelta(days=n) for n in ago}


def test_a_streak_counts_the_days_in_a_row_with_a_daily_win():
    assert streaks.count(days(0, 1, 2), TODAY) == streaks.Streak(3, today_won=True)
    assert streaks.count(days(0, 1, 3), TODAY) == streaks.Streak(2, today_won=True)


def test_today_not_won_yet_keeps_yesterdays_streak_at_stake():
    streak = streaks.count(days(1, 2), TODAY)
    assert streak == streaks.Streak(2, today_won=False) and streak.at_stake


def test_a_whole_day_without_a_daily_win_ends_the_streak():
    assert streaks.count(days(2, 3, 4), TODAY).days == 0
    assert streaks.count(set(), TODAY) == streaks.Streak(0, today_won=False)


def won_on(player: str, deal, day: dt.date, **mode) -> Game:
    finished = dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)
    return Game.objects.create(
        player=player, deal=deal, result="won", moves=60, finished=finished, **mode
    )


def daily_of(day: dt.date, number: int, variant: str = "yukon", draw: int | None = None):
    deal = deal_for(variant, number)
    DailyDeal.objects.create(day=day, variant=variant, draw=draw, deal=deal)
    return deal


def test_the_streak_is_made_of_daily_deals_won_on_their_own_day(alice):
    today = dailies.today()
    yesterday, before = today - dt.timedelta(days=1), today - dt.timedelta(days=2)
    won_on("alice", daily_of(yesterday, 21), yesterday)
    won_on("alice", daily_of(before, 22, "klondike", 3), before, draw=3, scoring="standard")
    assert streaks.streak("alice") == streaks.Streak(2, today_won=False)


def test_a_past_day_whose_choice_was_never_stored_counts_by_the_rule(alice):
    deal, line = easy_yukon()
    proven(deal, [*line, *KINGS], days_ago=3)  # the one candidate for the last two days
    yesterday = dailies.today() - dt.timedelta(days=1)
    won_on("alice", deal, yesterday)
    assert not DailyDeal.objects.exists()
    assert streaks.streak("alice") == streaks.Streak(1, today_won=False)


def test_a_late_win_another_deal_or_another_scoring_is_no_daily_win(alice):
    today = dailies.today()
    yesterday, before = today - dt.timedelta(days=1), today - dt.timedelta(days=2)
    won_on("alice", daily_of(before, 31), yesterday)  # the day before's deal, won a day late
    won_on("alice", deal_for("yukon", 32), yesterday)  # not a daily deal
    vegas = daily_of(yesterday, 33, "klondike", 1)
    won_on("alice", vegas, yesterday, draw=1, scoring="vegas")  # the daily is Standard scoring
    assert streaks.streak("alice").days == 0
    won_on("alice", vegas, yesterday, draw=1, scoring="standard")
    assert streaks.streak("alice").days == 1
    assert streaks.streak("bob").days == 0


def test_the_lobby_shows_the_streak_and_a_win_today_extends_it(daily_yukon, alice):
    deal, line = daily_yukon
    yesterday = dailies.today() - dt.timedelta(days=1)
    won_on("alice", daily_of(yesterday, 41), yesterday)
    streak = one(lobby(alice), "[data-testid=streak]")
    assert streak["data-days"] == "1" and "Win one today to keep it" in text(streak)
    win(alice, deal, line)
    streak = one(lobby(alice), "[data-testid=streak]")
    assert streak["data-days"] == "2" and "Today's is won" in text(streak)


def test_a_game_left_reads_as_how_long_ago():
    now = timezone.now()
    assert ago(now - dt.timedelta(seconds=20)) == "just now"
    assert ago(now - dt.timedelta(hours=3, minutes=20)) == "3\xa0hours ago"


def test_the_time_left_reads_in_hours_and_minutes():
    assert time_left(5 * 3600 + 4 * 60 + 1) == "5 h 5 min left"
    assert time_left(3600) == "1 h left"
    assert time_left(59) == "1 min left"
