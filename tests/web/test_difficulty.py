"""Choosing by difficulty (issue 24, parts 2, 3 and the grade on the pages): the lobby's
choice per game, a forged one refused, the daily's grade by weekday, and the grade beside a
deal's name on its game page, result card, records and leaderboard."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from daily.services import dailies
from games.deals import deal_for
from games.models import Game, Record
from solver.pool.models import DealVerdict, Grade, TopUp
from solver.search.verdict import Verdict
from visitors.models import RateCount

from .deals import EASY_YUKON, easy_yukon
from .html import one, parse, text, text_of

pytestmark = pytest.mark.django_db

KINGS = ["KS-f", "KH-f", "KD-f", "KC-f"]


def proven(number: int, grade: str, *, draw=None, passes=None, days_ago=1) -> DealVerdict:
    variant = "klondike" if draw else "yukon"
    verdict = DealVerdict.objects.create(
        deal=deal_for(variant, number), draw=draw, passes=passes, verdict=Verdict.WIN,
        moves=["AS-f"], grade=grade,
    )  # fmt: skip
    when = timezone.now() - dt.timedelta(days=days_ago)
    DealVerdict.objects.filter(pk=verdict.pk).update(created=when)
    return verdict


def next_weekday(weekday: int) -> dt.date:
    """The next day after today that falls on `weekday` (Monday 0)."""
    day = dailies.today() + dt.timedelta(days=1)
    return day + dt.timedelta(days=(weekday - day.weekday()) % 7)


def test_the_lobby_offers_a_difficulty_for_each_game_any_by_default(alice):
    lobby = parse(alice.client.get("/"))
    for variant in ("yukon", "klondike"):
        choice = one(lobby, f'main form[action="/{variant}/"] [data-testid=difficulty-{variant}]')
        options = choice.select("label")
        assert [text(o) for o in options] == ["Any", "Easy", "Medium", "Hard", "Expert"]
        radios = choice.select("input[name=grade]")
        assert [r["value"] for r in radios] == ["", "easy", "medium", "hard", "expert"]
        assert [r.has_attr("checked") for r in radios] == [True, False, False, False, False]
    assert one(lobby, "input[name=winnable]").has_attr("checked"), "winnable stays the default"


def test_a_difficulty_asked_for_deals_a_proven_deal_of_it(alice):
    proven(4242, "easy")
    proven(4243, "expert")
    proven(4244, "hard", draw=3, passes=3)
    for _ in range(3):
        assert alice.client.get("/yukon/", {"grade": "expert"})["Location"] == "/yukon/4243/"
    vegas = alice.client.get("/klondike/", {"draw": "3", "scoring": "vegas", "grade": "hard"})
    assert vegas["Location"] == "/klondike/4244/?draw=3&scoring=vegas"
    alice.client.cookies["deals"] = "random"  # a difficulty only proven deals have
    assert alice.client.get("/yukon/", {"grade": "easy"})["Location"] == "/yukon/4242/"


def test_no_deal_of_the_grade_yet_says_so_and_waits_for_one(alice):
    proven(4242, "easy")
    page = parse(alice.client.get("/klondike/", {"draw": "1", "grade": "expert"}))
    assert "none graded Expert is ready" in text_of(page, "[data-testid=pool-empty]")
    wait = one(page, "[data-testid=pool-wait-link]")["href"]
    assert wait == "/klondike/?draw=1&scoring=standard&grade=expert&wait=1"
    assert TopUp.objects.filter(variant="klondike", draw=1).exists()


@pytest.mark.parametrize("forged", ["nightmare", "<b>", "EXPERT", "easy "])
def test_a_forged_difficulty_is_refused_with_a_message_and_changes_nothing(alice, forged):
    proven(4242, "easy")
    response = alice.client.get("/yukon/", {"grade": forged})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert "There is no difficulty called" in response.content.decode()
    assert "Any, Easy, Medium, Hard or Expert" in response.content.decode()
    assert not TopUp.objects.exists() and not RateCount.objects.exists()
    assert not Game.objects.exists()


def test_the_daily_follows_the_week_from_easy_on_monday_to_expert_at_the_weekend():
    assert [dailies.grade_of_day(next_weekday(d)) for d in range(7)] == [
        Grade.EASY, Grade.EASY, Grade.MEDIUM, Grade.MEDIUM, Grade.HARD, Grade.EXPERT,
        Grade.EXPERT,
    ]  # fmt: skip
    numbers = {grade: proven(5000 + i, grade).deal.number for i, grade in enumerate(Grade.values)}
    for weekday in range(7):
        day = next_weekday(weekday)
        chosen = dailies.daily(day, "yukon", None)
        assert chosen.grade == dailies.grade_of_day(day)
        assert chosen.number == numbers[chosen.grade]


def test_a_day_whose_grade_the_pool_lacks_takes_another():
    proven(5001, "hard")
    monday = next_weekday(0)
    chosen = dailies.daily(monday, "yukon", None)
    assert chosen.number == 5001 and chosen.grade == "hard"


def test_the_daily_page_shows_the_days_grade_beside_its_countdown(bob):
    grade = dailies.grade_of_day(dailies.today())
    proven(5001, grade)
    page = parse(bob.client.get("/daily/"))
    line = one(page, "[data-testid=time-left]").parent
    beside = one(line, "[data-testid=day-grade]")
    weekday = dailies.today().strftime("%A")
    assert text(beside) == f"{weekday}'s deals: Difficulty: {Grade(grade).label}"
    assert text_of(page, "[data-testid=daily-deal] [data-testid=grade]").endswith(
        Grade(grade).label
    )


def test_the_grade_shows_on_the_game_page_result_card_records_and_leaderboard(alice):
    deal, line = easy_yukon()
    DealVerdict.objects.create(
        deal=deal, verdict=Verdict.WIN, moves=line + KINGS, par_moves=line + KINGS, grade="hard"
    )
    page = parse(alice.open("yukon", EASY_YUKON))
    assert text_of(page, ".status [data-testid=grade]") == "Difficulty: Hard"
    game = alice.game_at(deal, line[:-1])
    alice.move(game, line[-1])
    won = parse(alice.act(game, action="finish"))
    assert text_of(won, "[data-testid=result-grade]") == "Hard"  # beside its "Difficulty"
    assert Record.objects.filter(player=alice.player).exists()
    records = parse(alice.client.get("/records/"))
    assert text_of(records, "[data-testid=record] [data-testid=grade]") == "Difficulty: Hard"
    board = parse(alice.client.get(f"/leaderboard/yukon/{EASY_YUKON}/"))
    assert text_of(board, "h1 [data-testid=grade]") == "Difficulty: Hard"


def test_an_ungraded_deal_shows_no_grade(alice):
    deal, line = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict=Verdict.WIN, moves=line + KINGS)
    assert not parse(alice.open("yukon", EASY_YUKON)).select("[data-testid=grade]")


def test_the_lobby_shows_each_daily_deals_grade(bob):
    proven(5001, "medium")
    lobby = parse(bob.client.get("/"))
    assert text_of(lobby, "[data-testid=lobby-daily-deal] [data-testid=grade]") == (
        "Difficulty: Medium"
    )


def test_a_moves_board_reads_no_row_for_the_grade_known_or_not(alice):
    """The grade (or its absence) is read once and kept: a deal that has none, as most deals
    played never do, costs a move no statement either."""
    deal, line = easy_yukon()
    for graded in (False, True):
        if graded:
            DealVerdict.objects.create(deal=deal, verdict=Verdict.WIN, moves=line, grade="hard")
            cache.clear()  # (the grade of a deal is kept for minutes once read without one)
        game = alice.game_at(deal, [])
        alice.move(game, line[0], htmx=True)
        with CaptureQueriesContext(connection) as sent:
            board = parse(alice.move(game, line[1], htmx=True))
        table = DealVerdict._meta.db_table
        assert not [q for q in sent.captured_queries if table in q["sql"]]
        assert bool(board.select("[data-testid=grade]")) is graded
        Game.objects.filter(pk=game.pk).delete()
