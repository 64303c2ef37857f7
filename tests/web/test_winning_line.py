"""Show me how to win from here (issue 24): a resigned game's winning line, from its last
winnable position, as a replay. Only a finished, resigned game has one; watching it is a
POST that ends the watcher's first attempt at the deal; a line not stored is asked of the
worker, and the page waits."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from daily.models import DailyDeal, ReplayView
from daily.services import dailies
from games.engine.moves import Move
from games.engine.rules import apply
from games.models import Game
from games.steps import steps as game_steps
from solver.deadends import proofs, queue
from solver.deadends.models import CheckRequest, WinningLine, position_key
from solver.search.verdict import Verdict
from tests.deadends.test_deadends import DEAD_END_LINE, make_deal
from tests.worker import work

from .deals import easy_klondike, easy_yukon
from .html import one, parse, text, text_of
from .test_daily import KINGS, board_names, daily_yukon, signed_up, win  # noqa: F401

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_lines_kept():
    """The whole lines kept in the cache (play.coach) outlive a test's database: not here."""
    cache.clear()


def resigned(persona, deal, actions, review=None) -> Game:
    game = persona.game_at(deal, actions)
    persona.act(game, action="resign")
    if review is not None:  # as the dead-end checks would have found it
        Game.objects.filter(pk=game.pk).update(review=review)
    return Game.objects.get(pk=game.pk)


def line_url(game: Game) -> str:
    return f"/replay/{game.replay_slug}/win/"


def foundations(page) -> list[str]:
    """Each foundation's label: `..., 13 cards` when the game is won."""
    return [pile["aria-label"].rpartition(", ")[2] for pile in page.select(".foundation")]


def test_a_resign_on_a_dead_end_leads_to_the_solvers_line_and_it_wins(alice):
    """The real checks: deal 6 strays into a proven dead end after 7S-t7, KC-t1."""
    deal = make_deal()
    game = alice.game_at(deal, DEAD_END_LINE[:1])
    alice.move(game, DEAD_END_LINE[1])
    for _ in range(5):  # the worker proves the loss, then looks back for the winnable move
        work()
        page = parse(alice.client.get(f"/game/{game.slug}/"))
        if page.select("[data-testid=resign-for-line]"):
            break
    offer = one(page, "[data-testid=resign-for-line]").find_parent("form")
    assert one(offer, "input[name=then]")["value"] == "line"
    asked = parse(alice.act(game, action="ask-resign", then="line", htmx=True))
    confirm = one(asked, "[data-testid=confirm-resign]")
    assert "the solver shows you how to win" in text(confirm)
    assert one(confirm, "input[name=then]")["value"] == "line"
    assert Game.objects.get(pk=game.pk).result == "", "asking ends nothing"

    done = alice.client.post(
        f"/game/{game.slug}/", {"ply": 2, "action": "resign", "then": "line"}
    )  # fmt: skip
    game.refresh_from_db()
    assert game.result == "resigned" and game.review == {"lost_at": 2, "winnable_at": 1}
    assert done.status_code == 303 and done["Location"] == line_url(game)
    assert ReplayView.objects.filter(player="alice", deal=deal).exists()
    page = parse(alice.client.get(line_url(game)))
    frame = one(page, "#replay-frame")
    assert frame["data-step"] == "1", "it opens where the solver takes over"
    last = int(frame["data-last"])
    assert text_of(page, "[data-testid=action]") == "♠7 to column 7"
    assert text_of(page, "[data-testid=line-start]") == "Your last winnable position."
    solver = parse(alice.client.get(line_url(game), {"step": 2}))
    assert text_of(solver, "[data-testid=action]").startswith("The solver: ")
    end = parse(alice.client.get(line_url(game), {"step": last}))
    assert foundations(end) == ["13 cards"] * 4
    assert not end.select("[data-testid=next]")


def test_the_result_card_and_the_replay_offer_the_line(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:6], review={"lost_at": 4, "winnable_at": 2})
    card = parse(alice.client.get(f"/game/{game.slug}/"))
    form = one(card, "[data-testid=result] [data-testid=show-line]").find_parent("form")
    assert form["method"] == "post" and form["action"] == line_url(game)
    replay = parse(alice.client.get(f"/replay/{game.replay_slug}/"))
    assert one(replay, "[data-testid=show-line]").find_parent("form")["action"] == line_url(game)


def test_a_game_in_progress_has_no_line_at_any_address(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:6])
    for address in (f"/replay/{game.slug}/win/", "/replay/anything/win/"):
        assert alice.client.get(address).status_code == 404
        assert alice.client.post(address).status_code == 404
        frame = alice.client.get(address, {"step": 3}, headers={"X-Replay-Frame": "1"})
        assert frame.status_code == 404
    page = parse(alice.act(game, action="ask-resign", then="line", htmx=True))
    assert not page.select("[data-testid=show-line]") and not page.select("a[href*='/win/']")
    forged = alice.client.post(f"/game/{game.slug}/", {"ply": 6, "action": "move", "move": "x"})
    assert forged.status_code == 400
    bogus = alice.client.post(f"/game/{game.slug}/", {"ply": 6, "action": "undo", "then": "x"})
    assert bogus.status_code == 400
    assert not ReplayView.objects.exists() and not CheckRequest.objects.exists()
    game.refresh_from_db()
    assert game.result == "" and game.actions == line[:6]


def test_the_line_waits_while_the_player_plays_the_same_deal_again(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:3])
    proofs.store_line(game_steps(game)[3].position, [*line[3:], *KINGS])
    again = alice.game_at(deal, line[:1])  # "Try again", a move in
    for response in (alice.client.get(line_url(game)), alice.client.post(line_url(game))):
        assert response.status_code == 409
        page = parse(response)
        assert one(page, "[data-testid=line-playing]") and not page.select("#replay-frame")
    frame = alice.client.get(line_url(game), {"step": 5}, headers={"X-Replay-Frame": "1"})
    assert frame.status_code == 409 and "replay-frame" not in frame.content.decode()
    assert not ReplayView.objects.exists() and not CheckRequest.objects.exists()
    alice.act(again, action="resign")
    assert alice.client.post(line_url(game), follow=True).status_code == 200


def test_a_won_game_or_one_lost_from_its_deal_has_no_line(alice):
    deal, line = easy_yukon()
    won = alice.game_at(deal, line)
    alice.act(won, action="finish")
    won.refresh_from_db()
    assert won.result == "won" and alice.client.get(line_url(won)).status_code == 404
    lost = resigned(alice, deal, line[:2], review={"lost_at": None, "winnable_at": None})
    assert alice.client.post(line_url(lost)).status_code == 404
    card = parse(alice.client.get(f"/game/{lost.slug}/"))
    assert not card.select("[data-testid=show-line]")


def test_a_line_not_stored_is_asked_of_the_worker_and_the_page_waits(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:3])  # nothing proven: the line from where it stopped
    assert alice.client.post(line_url(game)).status_code == 303
    waiting = parse(alice.client.get(line_url(game)))
    assert one(waiting, "[data-testid=line-wait]")["role"] == "status"
    assert one(waiting, "script[type=module][src*=replay]")
    request = CheckRequest.objects.get()
    assert request.at == queue.AFTER_THE_GAME and request.game_id == game.pk
    assert work() == [Verdict.WIN]
    page = parse(alice.client.get(line_url(game)))
    frame = one(page, "#replay-frame")
    assert frame["data-step"] == "3"
    assert foundations(parse(alice.client.get(line_url(game), {"step": 99999}))) == ["13 cards"] * 4


def test_with_no_winnable_move_proven_the_line_starts_before_the_losing_one(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:6], review={"lost_at": 4, "winnable_at": None})
    alice.client.post(line_url(game))
    assert CheckRequest.objects.get().key == position_key(game_steps(game)[3].position)
    work()
    assert one(parse(alice.client.get(line_url(game))), "#replay-frame")["data-step"] == "3"


def test_a_line_the_cleanup_cut_is_asked_for_again(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:3])
    positions = [step.position for step in game_steps(game)]
    proofs.store_line(positions[3], [*line[3:], *KINGS])
    assert one(parse(alice.client.post(line_url(game), follow=True)), "#replay-frame")
    # The cleanup took the line (no row pointed into it): its start's row keeps one move.
    after = apply(positions[3], Move.parse(line[3]))
    WinningLine.objects.all().delete()
    cache.clear()  # the whole line read before is kept a while: as if it were over
    missing = parse(alice.client.get(line_url(game)))
    assert one(missing, "[data-testid=line-missing]")
    alice.client.post(line_url(game))
    assert CheckRequest.objects.get().key == position_key(after)
    work()
    assert one(parse(alice.client.get(line_url(game))), "#replay-frame")


def test_steps_are_clamped_and_a_forged_step_is_refused(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:3])
    proofs.store_line(game_steps(game)[3].position, [*line[3:], *KINGS])
    alice.client.post(line_url(game))
    assert alice.client.get(line_url(game), {"step": "two"}).status_code == 400
    first = parse(alice.client.get(line_url(game), {"step": -4}))
    assert one(first, "#replay-frame")["data-step"] == "0"
    end = parse(alice.client.get(line_url(game), {"step": 10**9}))
    assert one(end, "#replay-frame")["data-step"] == str(3 + len(line) - 3 + len(KINGS))


def test_the_script_gets_a_steps_frame_alone(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:3])
    proofs.store_line(game_steps(game)[3].position, [*line[3:], *KINGS])
    alice.client.post(line_url(game))
    response = alice.client.get(line_url(game), {"step": 5}, headers={"X-Replay-Frame": "1"})
    html = response.content.decode()
    assert html.lstrip().startswith('<div class="replay-frame"') and "<html" not in html
    assert "X-Replay-Frame" in response["Vary"]


def test_watching_anothers_line_asks_first_and_ends_the_first_attempt(daily_yukon):  # noqa: F811
    deal, line = daily_yukon
    DailyDeal.objects.create(day=dailies.today() - dt.timedelta(days=3), variant="yukon", deal=deal)
    alice = signed_up("alice")
    game = resigned(alice, deal, line[:3])
    proofs.store_line(game_steps(game)[3].position, [*line[3:], *KINGS])
    dave = signed_up("dave")
    asked = parse(dave.client.get(line_url(game)))
    assert one(asked, "[data-testid=line-ask]") and not asked.select("#replay-frame")
    assert not ReplayView.objects.exists(), "looking at the question writes nothing"
    shown = parse(dave.client.post(line_url(game), follow=True))
    assert one(shown, "#replay-frame")
    assert ReplayView.objects.filter(player=dave.player, deal=deal).exists()
    won = win(dave, deal, line)
    assert "Not ranked: a replay or the winning line of this deal was watched before" in (
        dave.client.get(f"/game/{won.slug}/").content.decode()
    )
    assert board_names(dave) == []


def test_a_daily_deals_line_stays_private_to_others_until_the_day_is_over(daily_yukon, bob):  # noqa: F811
    deal, line = daily_yukon
    DailyDeal.objects.create(day=dailies.today(), variant="yukon", deal=deal)
    alice = signed_up("alice")
    game = resigned(alice, deal, line[:3])
    assert bob.client.get(line_url(game)).status_code == 403
    assert bob.client.post(line_url(game)).status_code == 403
    assert not ReplayView.objects.filter(player=bob.player).exists()
    assert alice.client.get(line_url(game)).status_code == 200


def test_a_spent_vegas_stock_shows_no_recycle_sign(alice):
    deal, _ = easy_klondike()
    game = alice.game_at(deal, ["d"] * 24, draw=1, scoring="vegas", passes=1)
    alice.act(game, action="resign")
    game.refresh_from_db()
    page = parse(alice.client.get(f"/replay/{game.replay_slug}/", {"step": 24}))
    stock = one(page, "[data-pile=stock]")
    assert not stock.select(".recycle") and one(stock, "[data-testid=stock-spent]")
    assert stock["aria-label"] == "Empty stock, no passes left"


def test_a_step_of_a_line_read_before_takes_a_few_queries(alice):
    deal, line = easy_yukon()
    game = resigned(alice, deal, line[:3])
    proofs.store_line(game_steps(game)[3].position, [*line[3:], *KINGS])
    alice.client.post(line_url(game))
    alice.client.get(line_url(game))  # the line is read once, then kept
    with CaptureQueriesContext(connection) as queries:
        response = alice.client.get(line_url(game), {"step": 20}, headers={"X-Replay-Frame": "1"})
    assert response.status_code == 200
    assert len(queries) <= 8, [query["sql"][:80] for query in queries]


def test_a_klondike_line_turns_the_stock_and_keeps_the_score(alice):
    deal, line = easy_klondike()
    game = alice.game_at(deal, line[:30], draw=1, scoring="vegas", passes=1)
    alice.act(game, action="resign")
    game.refresh_from_db()
    alice.client.post(line_url(game))
    assert work() == [Verdict.WIN]
    last = int(one(parse(alice.client.get(line_url(game))), "#replay-frame")["data-last"])
    end = parse(alice.client.get(line_url(game), {"step": last}))
    assert foundations(end) == ["13 cards"] * 4
    assert text_of(end, "[data-testid=score]") == "$208"  # 52 cards home at $5, less $52
