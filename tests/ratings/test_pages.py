"""Where ratings show: /stats/ (the rating and its chart) and /ratings/<variant>/ (the board,
provisional ratings marked, names as on the leaderboards)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from ratings.models import PlayerRating
from ratings.services import outcomes
from tests.web.html import one, parse, text
from tests.web.personas import Persona

from .conftest import FIRST, pool_deal

pytestmark = pytest.mark.django_db


def test_stats_show_the_rating_and_its_history_chart(alice):
    for number in range(3):
        deal = pool_deal("yukon", FIRST + number, "medium")
        alice.act(outcomes.start(alice.player, "yukon", deal.pk), action="resign")
    page = parse(alice.client.get("/stats/"))
    section = one(page, "[data-testid=rating]")
    stored = PlayerRating.objects.get(player=alice.player)
    assert text(one(section, "[data-testid=rating-value]")) == str(round(stored.mu))
    assert one(section, "[data-testid=provisional]")  # three games: still settling
    chart = one(section, "svg[data-testid=rating-chart]")
    assert len(chart.select("circle.dot")) == 3 and chart.select("polyline.rate")
    assert "from 1" in text(one(chart, "desc"))


def test_stats_of_a_player_never_rated_show_no_rating(alice):
    assert not parse(alice.client.get("/stats/")).select("[data-testid=rating]")


def test_the_board_ranks_accounts_marks_the_provisional_and_names_no_visitor(alice, bob):
    PlayerRating.objects.create(player=alice.player, pool="yukon", mu=1620.0, sigma=90.0, games=30)
    PlayerRating.objects.create(player=bob.player, pool="yukon", mu=1710.0, sigma=300.0, games=2)
    # Visitors get no rated game; a row for one (from an older site, say) is never shown.
    PlayerRating.objects.create(player="visitor-x", pool="yukon", mu=2000.0, sigma=50.0, games=9)
    page = parse(Persona("someone").client.get("/ratings/yukon/"))
    rows = one(page, "[data-testid=ratings-board]").select("[data-testid=rating-entry]")
    names = [text(row.select("td")[1]) for row in rows]
    assert names == ["bob", "alice"]
    assert rows[0].has_attr("data-provisional") and not rows[1].has_attr("data-provisional")


def test_each_klondike_draw_has_its_own_board(alice):
    PlayerRating.objects.create(player=alice.player, pool="klondike-3", mu=1600.0, sigma=90.0)
    one_board = parse(alice.client.get("/ratings/klondike/?draw=1"))
    three = parse(alice.client.get("/ratings/klondike/?draw=3"))
    assert not one_board.select("[data-testid=rating-entry]")
    assert len(three.select("[data-testid=rating-entry]")) == 1


def test_a_forged_draw_is_a_404(alice):
    assert alice.client.get("/ratings/klondike/?draw=7").status_code == 404


def test_a_deleted_accounts_rating_goes_with_it(alice, bob):
    PlayerRating.objects.create(player=alice.player, pool="yukon", mu=1620.0, sigma=90.0)
    PlayerRating.objects.create(player=bob.player, pool="yukon", mu=1600.0, sigma=90.0)
    get_user_model().objects.get(pk=alice.user_id).delete()
    assert list(PlayerRating.objects.values_list("player", flat=True)) == [bob.player]
