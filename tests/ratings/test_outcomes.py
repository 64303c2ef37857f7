"""How a rated game ends, and what moves: a win, a resignation, a proven loss, abandonment,
and a forged assist that unrates it."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from daily.models import ReplayView
from games.models import Game
from games.steps import current
from ratings.models import DealRating, PlayerRating, RatedGame
from ratings.services import outcomes
from solver.deadends.models import PositionVerdict, position_key
from tests.web.html import one, parse, text

from .conftest import FIRST, pool_deal
from .rated import near_the_end, rated_game

pytestmark = pytest.mark.django_db


def rating(persona) -> PlayerRating:
    return PlayerRating.objects.get(player=persona.player, pool="yukon")


def test_a_win_raises_the_player_and_the_result_card_says_by_how_much(alice, won_deal):
    deal, line = won_deal
    game = near_the_end(rated_game(alice), line, left=0)
    page = parse(alice.act(game, action="finish"))
    change = text(one(page, "[data-testid=result] [data-testid=rating-change]"))
    assert change.startswith("+") and int(change) > 0
    mine = rating(alice)
    assert round(mine.mu) == 1500 + int(change) and mine.games == 1
    deal_rating = DealRating.objects.get(deal=deal, pool="yukon")
    assert deal_rating.mu < 1250.0 and deal_rating.games == 1  # easy: it started at 1250
    assert RatedGame.objects.get(game=game).status == "won"


def test_resigning_is_a_loss_signed_with_a_minus(alice, won_deal):
    game = rated_game(alice)
    alice.move(game, won_deal[1][0])
    page = parse(alice.act(game, action="resign"))
    change = text(one(page, "[data-testid=result] [data-testid=rating-change]"))
    assert change.startswith("-") and int(change) < 0
    rated = RatedGame.objects.get(game=game)
    assert (rated.status, rated.why) == ("lost", "resigned")
    assert rating(alice).mu < 1500.0


@pytest.mark.parametrize("assist", ["hint", "undo"])
def test_a_forged_assist_unrates_the_game_and_its_page_says_so(alice, won_deal, assist):
    deal, line = won_deal
    game = rated_game(alice)
    alice.move(game, line[0])
    page = parse(alice.act(game, action=assist))
    assert text(one(page, "[data-testid=unrated]")).startswith("Not rated")
    assert RatedGame.objects.get(game=game).status == "unrated"
    # Once unrated, the game plays on like any other, with its assists offered again ...
    assert page.select("#board button[value=undo]")
    near_the_end(Game.objects.get(pk=game.pk), line, left=0)
    page = parse(alice.act(game, action="finish"))
    assert Game.objects.get(pk=game.pk).result == "won"
    # ... and its win moves no rating.
    assert one(page, "[data-testid=unrated-result]")
    assert not PlayerRating.objects.exists() and not DealRating.objects.exists()


def test_a_win_after_watching_the_deals_replay_is_unrated(alice, won_deal):
    deal, line = won_deal
    game = near_the_end(rated_game(alice), line, left=0)
    ReplayView.objects.create(player=alice.player, deal=deal)
    alice.act(game, action="finish")
    rated = RatedGame.objects.get(game=game)
    assert rated.status == "unrated" and "replay" in rated.why
    assert not PlayerRating.objects.exists()


def test_a_game_left_alone_past_the_hour_is_lost_by_the_cleanup(alice, won_deal):
    game = rated_game(alice)
    alice.move(game, won_deal[1][0])
    last = Game.objects.get(pk=game.pk).updated
    # The clock is passed in: just inside the hour nothing ends, just past it the game does.
    assert outcomes.abandon_stale(last + timedelta(minutes=59)) == 0
    assert outcomes.abandon_stale(last + timedelta(minutes=61)) == 1
    rated = RatedGame.objects.get(game=game)
    assert (rated.status, rated.why) == ("lost", outcomes.ABANDONED)
    assert Game.objects.get(pk=game.pk).result == "resigned"
    assert rating(alice).mu < 1500.0
    assert outcomes.abandon_stale(last + timedelta(minutes=120)) == 0  # once only


def test_the_next_action_after_the_hour_finds_the_game_lost(alice, won_deal):
    game = rated_game(alice)
    alice.move(game, won_deal[1][0])
    Game.objects.filter(pk=game.pk).update(updated=timezone.now() - timedelta(minutes=61))
    page = parse(alice.move(game, won_deal[1][1]))
    assert "abandoned" in text(one(page, "[role=alert]"))
    assert Game.objects.get(pk=game.pk).moves == 1  # the late move was not made
    assert RatedGame.objects.get(game=game).status == "lost"


def prove_lost(game: Game) -> None:
    """The game's position stored as the solver's proof of a loss would store it (in the
    test, over the win the move's check had found: what the pages read is the verdict)."""
    position = current(Game.objects.get(pk=game.pk)).position
    PositionVerdict.objects.update_or_create(
        key=position_key(position),
        defaults={"verdict": "loss", "move": "", "length": 0, "line": None},
    )


def test_a_position_proven_lost_shows_the_rated_banner_and_ends_the_game(alice, won_deal):
    game = rated_game(alice)
    alice.move(game, won_deal[1][0])
    prove_lost(game)
    banner = one(parse(alice.client.get(f"/game/{game.slug}/")), "[data-testid=dead-end]")
    assert text(one(banner, "[data-testid=rated-lost]")) == "This rated game is lost."
    assert not banner.select("[data-testid=jump-back]") and not banner.select("[value=undo]")
    assert one(banner, "[data-testid=rated-lost-line]")  # the solver's line, offered
    alice.move(game, won_deal[1][1])
    rated = RatedGame.objects.get(game=game)
    assert (rated.status, rated.why) == ("lost", outcomes.PROVEN_LOST)


def test_asking_for_the_line_on_a_lost_rated_game_ends_it_lost(alice, won_deal):
    game = rated_game(alice)
    alice.move(game, won_deal[1][0])
    prove_lost(game)
    alice.act(game, action="resign", then="line")
    rated = RatedGame.objects.get(game=game)
    assert (rated.status, rated.why) == ("lost", outcomes.PROVEN_LOST)


def test_the_deals_rating_shows_on_its_page_and_replay(alice, bob, won_deal):
    deal, line = won_deal
    game = near_the_end(rated_game(alice), line, left=0)
    alice.act(game, action="finish")
    shown = round(DealRating.objects.get(deal=deal).mu)
    page = parse(bob.client.get(f"/yukon/{deal.number}/"))
    assert text(one(page, "[data-testid=deal-rating]")) == f"Deal rated {shown}"
    replay = Game.objects.get(pk=game.pk).replay_slug
    page = parse(alice.client.get(f"/replay/{replay}/"))
    assert text(one(page, "[data-testid=deal-rating]")) == f"Deal rated {shown}"


def test_unrated_modes_show_no_rating(alice):
    deal = pool_deal("klondike", FIRST, "easy", draw=1, passes=1)
    page = parse(alice.client.get(f"/klondike/{deal.number}/?draw=1&scoring=vegas"))
    assert not page.select("[data-testid=rated-game], [data-testid=deal-rating]")


def test_a_pool_deal_shows_the_rating_its_grade_gives_it_before_its_first_rated_game(alice):
    deal = pool_deal("yukon", FIRST, "hard", narrowness=0.01)
    page = parse(alice.client.get(f"/yukon/{deal.number}/"))
    assert text(one(page, "[data-testid=deal-rating]")) == "Deal rated 1690"  # 1650 + 40


def test_the_banners_poll_reads_no_deal_rating_it_does_not_show(alice):
    deal = pool_deal("yukon", FIRST, "hard", narrowness=0.01)
    game = alice.start("yukon", deal.number)
    with CaptureQueriesContext(connection) as queries:
        page = parse(alice.client.get(f"/game/{game.slug}/"))
    assert text(one(page, "[data-testid=deal-rating]")) == "Deal rated 1690"
    assert "ratings_dealrating" in " ".join(q["sql"] for q in queries.captured_queries)
    with CaptureQueriesContext(connection) as queries:
        answer = alice.client.get(f"/game/{game.slug}/verdict/", {"ply": game.ply})
    assert answer.status_code == 200 and b'id="verdict"' in answer.content
    assert "ratings_dealrating" not in " ".join(q["sql"] for q in queries.captured_queries)


def test_a_forged_undo_refused_changes_nothing(alice, won_deal):
    game = rated_game(alice)
    page = parse(alice.act(game, action="undo"))  # nothing to undo yet
    assert text(one(page, "#play [role=alert]")) == "Nothing to undo yet"
    assert RatedGame.objects.get(game=game).status == "playing"


def test_a_move_of_a_game_not_dealt_rated_reads_no_rated_row(alice, won_deal):
    deal, line = won_deal
    game = alice.game_at(deal, [])  # the same pool deal, opened by its address: not rated
    alice.move(game, line[0], htmx=True)
    with CaptureQueriesContext(connection) as sent:
        board = parse(alice.move(game, line[1], htmx=True))
    assert not [q for q in sent.captured_queries if RatedGame._meta.db_table in q["sql"]]
    assert board.select("#board button[value=undo]")  # its assists are offered
