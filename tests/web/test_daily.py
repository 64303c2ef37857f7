"""Issue 12 parts 3, 5-8: par, the daily deal, leaderboards of unassisted first attempts,
daily replays kept private, the lost move marked in a replay, and share links."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.core.management import call_command
from django.utils import timezone

from daily.models import DailyDeal, ReplayView
from daily.services import dailies
from games.deals import deal_for, deal_position
from games.engine import history
from games.models import Game
from games.steps import steps as game_steps
from solver.deadends.models import PositionVerdict, position_key
from solver.pool.models import DealVerdict
from solver.pool.par import shorten
from solver.search.verdict import Verdict

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon
from .html import one, parse, text
from .personas import Persona

pytestmark = pytest.mark.django_db

KINGS = ["KS-f", "KH-f", "KD-f", "KC-f"]


def proven(deal, line, *, par=None, days_ago=1, draw=None):
    """The deal in the winnable pool, proven `days_ago` days ago, with par `par` moves."""
    verdict = DealVerdict.objects.create(
        deal=deal,
        draw=draw,
        verdict=Verdict.WIN,
        moves=line,
        par_moves=(line[:par] if par else line),
    )
    DealVerdict.objects.filter(pk=verdict.pk).update(
        created=timezone.now() - dt.timedelta(days=days_ago)
    )
    return verdict


@pytest.fixture
def daily_yukon(db):
    deal, line = easy_yukon()
    proven(deal, [*line, *KINGS])
    return deal, line


def win(persona: Persona, deal, line, *, undo=False, hint=False, restart=False):
    """Play the last move of the line and Auto-finish through the server; the final page."""
    game = persona.game_at(deal, line[:-1])
    if restart:
        persona.act(game, action="restart")
        game.refresh_from_db()
        game.actions, game.ply = [*game.actions, *line[:-1]], len(game.actions) + len(line) - 1
        game.save()
    persona.move(game, line[-1])
    if undo:
        persona.act(game, action="undo")
        persona.act(game, action="redo")
    if hint:
        persona.act(game, action="hint")
    response = persona.act(game, action="finish")
    assert "You won!" in response.content.decode()
    return Game.objects.get(pk=game.pk)


def signed_up(name: str) -> Persona:
    persona = Persona(name)
    persona.sign_up()
    assert persona.user_id
    return persona


def board_names(persona: Persona, variant="yukon", number=EASY_YUKON, query="") -> list[str]:
    html = persona.client.get(f"/leaderboard/{variant}/{number}/{query}").content.decode()
    return re.findall(r'<th scope="row" data-testid="entry-name">([^<]*)</th>', html)


# -- part 3: par -------------------------------------------------------------------------------


def test_par_cuts_a_cycle_out_of_the_solvers_line():
    deal, line = easy_klondike()
    start = deal_position(deal, 1)
    wandering = ["d"] * 24 + ["r"] + line  # a whole pass through the stock comes back here
    shorter = shorten(start, wandering)
    assert len(shorter) <= len(line) < len(wandering)
    assert history.replay(start, shorter, "none")[-1].moves == len(shorter)


def test_par_takes_a_shortcut_and_never_lengthens_a_line():
    deal, line = easy_yukon()
    start = deal_position(deal)
    won = [*line, *KINGS]
    assert len(shorten(start, won)) <= len(won)
    with pytest.raises(ValueError):
        shorten(start, line)  # not a winning line


def test_a_fresh_win_in_the_pool_keeps_its_par(db):
    from solver.pool.fill import solve_and_store

    verdict = solve_and_store("yukon", 5, None, None, budget_seconds=None, budget_nodes=1_000_000)
    assert verdict.verdict == Verdict.WIN
    assert 0 < verdict.par <= len(verdict.moves)
    replayed = history.replay(deal_position(verdict.deal), verdict.par_moves, "none")
    assert replayed[-1].position.is_won and replayed[-1].moves == verdict.par


def test_the_result_card_and_the_records_show_moves_against_par(alice):
    deal, line = easy_yukon()
    proven(deal, [*line, *KINGS], par=50)
    html = (
        win(alice, deal, line)
        and alice.client.get(f"/game/{Game.objects.get(player='alice').slug}/").content.decode()
    )
    assert '<dd data-testid="result-par">50</dd>' in html
    assert "52 moves: 2 over par" in html
    records = alice.client.get("/records/").content.decode()
    assert '<td data-testid="par">50</td>' in records


# -- part 5: the daily deal --------------------------------------------------------------------


def test_the_daily_page_leads_to_a_deal_proven_before_today_and_writes_nothing(daily_yukon, bob):
    deal, line = daily_yukon
    proven(deal_for("yukon", 4242), ["AS-f"], days_ago=0)  # today's: not while older ones are
    klondike, _ = easy_klondike()  # the first Klondike win, proven today: today's daily deal
    proven(klondike, ["d"], days_ago=0, draw=1)
    html = bob.client.get("/daily/").content.decode()
    assert f'href="/yukon/{EASY_YUKON}/" data-testid="play-daily"' in html
    assert f'href="/leaderboard/yukon/{EASY_YUKON}/" data-testid="daily-board"' in html
    assert 'data-testid="time-left"' in html
    html = bob.client.get("/daily/klondike/").content.decode()
    assert f'href="/klondike/{EASY_KLONDIKE}/?draw=1&amp;scoring=standard"' in html
    assert DailyDeal.objects.count() == 0  # a GET names the deal without storing anything
    lobby = bob.client.get("/").content.decode()
    assert f"Yukon #{EASY_YUKON}" in lobby and 'data-testid="daily-time-left"' in lobby


def test_the_choice_stored_ahead_of_time_is_the_one_pages_showed(daily_yukon):
    call_command("choose_daily")
    today = DailyDeal.objects.get(day=dailies.today(), variant="yukon")
    assert today.deal == daily_yukon[0]
    call_command("choose_daily")  # once is enough
    assert DailyDeal.objects.filter(day=dailies.today()).count() == 1


def test_the_same_deal_is_not_the_daily_deal_twice(daily_yukon):
    yesterday = dailies.today() - dt.timedelta(days=1)
    DailyDeal.objects.create(day=yesterday, variant="yukon", deal=daily_yukon[0])
    assert dailies.daily(dailies.today(), "yukon", None) is None


# -- part 6: leaderboards ----------------------------------------------------------------------


def test_an_unassisted_first_win_by_a_signed_in_player_is_ranked(daily_yukon):
    deal, line = daily_yukon
    alice = signed_up("alice")
    game = win(alice, deal, line)
    assert board_names(alice) == ["alice"]
    html = alice.client.get(f"/game/{game.slug}/").content.decode()
    assert "A ranked win: first attempt, unassisted." in html
    assert f'href="/leaderboard/yukon/{EASY_YUKON}/" data-testid="board-link"' in html
    assert (
        "The server checked every move of every entry"
        in alice.client.get(f"/leaderboard/yukon/{EASY_YUKON}/").content.decode()
    )


@pytest.mark.parametrize(
    ("help", "why"),
    [("undo", "a move was undone"), ("hint", "a hint was asked"), ("restart", "jumped back")],
)
def test_an_assisted_win_is_not_ranked(daily_yukon, help, why):
    deal, line = daily_yukon
    bob = signed_up("bob")
    game = win(bob, deal, line, **{help: True})
    assert board_names(bob) == []
    assert why in bob.client.get(f"/game/{game.slug}/").content.decode()


def test_a_visitors_win_is_not_ranked(daily_yukon, bob):
    win(bob, *daily_yukon)
    assert board_names(bob) == []


def test_a_second_game_on_the_number_is_not_a_first_attempt(daily_yukon):
    deal, line = daily_yukon
    carol = signed_up("carol")
    first = carol.game_at(deal, line[:3])
    carol.act(first, action="resign")
    win(carol, deal, line)
    assert board_names(carol) == []


def test_watching_a_replay_of_the_number_ends_the_first_attempt(daily_yukon):
    deal, line = daily_yukon
    DailyDeal.objects.create(day=dailies.today() - dt.timedelta(days=3), variant="yukon", deal=deal)
    alice = signed_up("alice")
    shown = win(alice, deal, line)
    dave = signed_up("dave")
    asked = dave.client.get(f"/replay/{shown.replay_slug}/").content.decode()
    assert 'data-testid="replay-ask"' in asked and "data-step" not in asked
    assert not ReplayView.objects.exists()  # looking at the question writes nothing
    watched = dave.client.post(f"/replay/{shown.replay_slug}/watch/", follow=True)
    assert "data-step" in watched.content.decode()
    win(dave, deal, line)
    assert board_names(dave) == ["alice"]


def test_a_replay_watched_as_a_visitor_still_counts_once_signed_up(daily_yukon):
    deal, line = daily_yukon
    DailyDeal.objects.create(day=dailies.today() - dt.timedelta(days=3), variant="yukon", deal=deal)
    shown = win(signed_up("alice"), deal, line)
    gus = Persona("gus")
    asked = gus.client.get(f"/replay/{shown.replay_slug}/").content.decode()
    assert 'data-testid="replay-ask"' in asked
    gus.client.post(f"/replay/{shown.replay_slug}/watch/")
    gus.sign_up()
    assert ReplayView.objects.get().player == gus.player
    win(gus, deal, line)
    assert board_names(gus) == ["alice"]


def test_the_board_orders_fewest_moves_then_time(daily_yukon):
    deal, line = daily_yukon
    slow, fast = signed_up("slow"), signed_up("fast")
    win(slow, deal, line)
    win(fast, deal, line)
    Game.objects.filter(player=slow.player).update(started=timezone.now() - dt.timedelta(minutes=9))
    assert board_names(fast) == ["fast", "slow"]


def test_a_klondike_board_keeps_to_its_mode(db):
    deal, line = easy_klondike()
    proven(deal, line, draw=1)
    erin = signed_up("erin")
    game = erin.game_at(deal, line[:-1], draw=1, scoring="standard")
    assert "You won!" in erin.move(game, line[-1]).content.decode()
    assert board_names(erin, "klondike", EASY_KLONDIKE, "?draw=1&scoring=standard") == ["erin"]
    assert board_names(erin, "klondike", EASY_KLONDIKE, "?draw=3&scoring=standard") == []


# -- daily privacy -----------------------------------------------------------------------------


def test_a_daily_deals_replays_stay_private_until_the_day_is_over(daily_yukon, bob):
    deal, line = daily_yukon
    alice = signed_up("alice")
    game = win(alice, deal, line)
    response = bob.client.get(f"/replay/{game.replay_slug}/")
    assert response.status_code == 403 and "private" in response.content.decode()
    assert bob.client.post(f"/replay/{game.replay_slug}/watch/").status_code == 404
    assert alice.client.get(f"/replay/{game.replay_slug}/").status_code == 200  # its own player may
    # The next day the deal was yesterday's: the replay is public.
    DailyDeal.objects.create(day=dailies.today() - dt.timedelta(days=1), variant="yukon", deal=deal)
    DealVerdict.objects.filter(deal=deal).update(created=timezone.now())  # not today's any more
    asked = bob.client.get(f"/replay/{game.replay_slug}/")
    assert asked.status_code == 200 and 'data-testid="replay-ask"' in asked.content.decode()


# -- part 7: the move that lost it ------------------------------------------------------------


def test_the_replay_of_a_resigned_game_marks_the_move_that_lost_it(alice, bob):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:6])
    # The checks decided while the game was played (a resigned game's are dropped).
    positions = [step.position for step in game_steps(game)]
    for index, verdict in [(2, Verdict.WIN), (4, Verdict.LOSS), (5, Verdict.LOSS)]:
        PositionVerdict.objects.create(
            key=position_key(positions[index]), verdict=verdict,
            decided=timezone.now(),
        )  # fmt: skip
    alice.act(game, action="resign")
    game.refresh_from_db()
    bob.client.post(f"/replay/{game.replay_slug}/watch/")
    page = parse(bob.client.get(f"/replay/{game.replay_slug}/"))
    assert one(page, "[data-testid=lost-link]")["href"] == f"/replay/{game.replay_slug}/?step=4"
    assert one(page, "[data-testid=winnable-link]")["href"] == (
        f"/replay/{game.replay_slug}/?step=2"
    )
    at = parse(bob.client.get(f"/replay/{game.replay_slug}/", {"step": 4}))
    assert "This move lost the game" in text(at)


def test_a_replay_marks_nothing_where_no_loss_is_proven(alice, bob):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:6])
    alice.act(game, action="resign")
    game.refresh_from_db()  # the replay's slug is given when the game ends
    html = alice.client.get(f"/replay/{game.replay_slug}/").content.decode()
    assert "data-step" in html and 'data-testid="lost-move"' not in html


# -- part 8: sharing ---------------------------------------------------------------------------


def test_the_result_card_shares_a_link_that_previews_the_deal_and_the_score(daily_yukon):
    deal, line = daily_yukon
    DealVerdict.objects.filter(deal=deal).update(par_moves=[*line, *KINGS][:50])
    alice = signed_up("alice")
    game = win(alice, deal, line)
    html = alice.client.get(f"/game/{game.slug}/").content.decode()
    text = f"Yukon #{EASY_YUKON} in 52 moves, par 50: can you beat it?"
    assert f'<p class="share-text" data-testid="share-text">{text}</p>' in html
    link = re.search(
        r'value="http://testserver(/challenge/[^"]+/)" data-testid="share-link"', html
    )[1]
    assert "data-copy hidden" in html  # the copy button shows only with JavaScript
    page = Persona("zoe").client.get(link).content.decode()
    assert f'<meta property="og:title" content="{text}">' in page
    assert f'<meta property="og:url" content="http://testserver{link}">' in page
    forged = link.replace(":", "x", 1)
    assert Persona("zoe").client.get(forged).status_code == 404


def test_the_daily_page_has_a_share_link_and_open_graph_tags(daily_yukon, bob):
    html = bob.client.get("/daily/").content.decode()
    assert '<meta property="og:title" content="The daily Yukon #' in html
    assert 'data-testid="share-link"' in html and 'value="http://testserver/daily/"' in html
