"""Dead ends proven in the background (issue 6): checks run by the real worker, the banner,
jump back, resign, verdict reuse, stale checks and a worker killed mid-check."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from django_tasks_db.models import DBTaskResult

from games import deals
from games.engine.deal import deal
from games.models import Deal, Game
from games.steps import current
from solver.deadends import checks, proofs, queue
from solver.deadends.models import (
    PENDING,
    CheckRequest,
    PositionVerdict,
    WinningLine,
    position_key,
)
from solver.search.verdict import Verdict
from tests.deadends import stored
from tests.web.html import one, parse, refusal, text, text_of
from tests.worker import work

# Yukon deal 6 under the test key: after 7S-t7, KC-t1 walks into a proven dead end (the only
# move left is 4D-t6, after which nothing can move), while 7S-t7 alone is winnable.
DEAD_END_LINE = ["7S-t7", "KC-t1"]


def run_worker() -> None:
    """Drain the task queue with the real db_worker, in this process."""
    call_command("db_worker", batch=True, startup_delay=False, reload=False, verbosity=0)


def make_deal(number: int = 6) -> Deal:
    position = deal("yukon", number, b"test-key")
    cards = "".join(card.code for card in deals.dealt_order(position))
    return Deal.objects.create(variant="yukon", number=number, cards=cards)


def post(client: Client, game: Game, **data) -> str:
    game.refresh_from_db()
    response = client.post(f"/game/{game.slug}/", {"ply": game.ply, **data}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode()


def first(client: Client, move: str) -> Game:
    """Start the client's game on deal 6 with its first move, POSTed to the deal's address
    (looking at the page starts nothing)."""
    response = client.post("/yukon/6/", {"ply": 0, "move": move}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    action = parse(response).select_one("form[action^='/game/']")["action"]
    return Game.objects.get(slug=action.split("/")[2])


def poll(client: Client, game: Game) -> str:
    game.refresh_from_db()
    return client.get(f"/game/{game.slug}/verdict/?ply={game.ply}").content.decode()


# The real worker closes and reopens database connections as it goes, so these tests run
# outside a wrapping transaction, and the page's on-commit enqueues happen as in production.
pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def alice() -> Client:
    client = Client()
    client.get("/")  # the player cookie
    return client


@pytest.fixture
def lost_game(alice) -> Game:
    """Alice's game on the dead-end deal, steered into the dead end, with checks run."""
    make_deal()
    game = first(alice, DEAD_END_LINE[0])
    for move in DEAD_END_LINE[1:]:
        post(alice, game, move=move)
    run_worker()
    return game


def test_once_proven_lost_it_shows_the_banner_stops_polling_and_jumps_back_undoably(
    alice, lost_game
):
    """One lost game for what the banner shows, the poll ending, a refused jump and the jump
    back: each starts from the dead end the worker proved, the jump back last."""
    for _ in range(5):  # poll, let the worker walk back, poll again
        html = poll(alice, lost_game)
        run_worker()
    page = parse(html)
    banner = one(page, "[data-testid=dead-end]")
    assert banner["role"] == "alert" and text(banner).startswith("This line is lost.")
    actions = [button["value"] for button in banner.select("button[name=action]")]
    # The last asks to resign too, then shows the solver's line (play.coach).
    assert actions == ["undo", "jump", "ask-resign", "ask-resign"]
    jump = one(banner, "[data-testid=jump-back]")
    step = one(jump.find_parent("form"), "input[name=step]")["value"]
    assert step == "1", "jump back goes to the step after 7S-t7"
    assert text(jump).startswith("Jump back to move 1")
    verdict = one(page, "#verdict")
    assert verdict["data-state"] == "loss" and not verdict.has_attr("hx-trigger")

    # A jump to a later or missing step is refused.
    refused = parse(post(alice, lost_game, action="jump", step=7))
    assert refusal(refused) == "There is no such earlier position"
    lost_game.refresh_from_db()
    assert lost_game.actions == DEAD_END_LINE

    # Jump back restores the last winnable step, and is undoable.
    lost_position = current(lost_game).position
    page = parse(post(alice, lost_game, action="jump", step=1))
    lost_game.refresh_from_db()
    assert lost_game.actions == [*DEAD_END_LINE, "@1"]
    step = current(lost_game)
    assert step.moves == 1
    assert stored.verdicts([step.position]) == [Verdict.WIN]
    assert not page.select("[data-testid=dead-end]")
    post(alice, lost_game, action="undo")
    lost_game.refresh_from_db()
    assert current(lost_game).position == lost_position


def test_resign_ends_the_game_and_keeps_it(alice, lost_game):
    page = parse(post(alice, lost_game, action="resign"))
    lost_game.refresh_from_db()
    assert lost_game.result == "resigned" and lost_game.finished is not None
    assert text_of(page, "[data-testid=result] p").startswith("You resigned")
    assert not page.select("[data-testid=dead-end]")  # the game is over: no banner
    records = parse(alice.get("/records/").content.decode())
    assert [text(link) for link in records.select("main td a[href^='/yukon/']")] == ["Yukon #6"]
    assert refusal(parse(post(alice, lost_game, move="4D-t6"))) == "This game is over"


def test_positions_on_a_known_winning_line_need_no_search():
    make_deal()
    alice = Client()
    # The first action, a hint, starts the game and asks for the deal's check.
    alice.post("/yukon/6/", {"ply": 0, "action": "hint"}, HTTP_HX_REQUEST="true")
    game = Game.objects.get()
    run_worker()
    queued = DBTaskResult.objects.count()
    for _ in range(5):  # along the stored line: each move writes the next position's row
        game.refresh_from_db()
        here = position_key(current(game).position)
        post(alice, game, move=PositionVerdict.objects.get(key=here, verdict=Verdict.WIN).move)
    queued = DBTaskResult.objects.count() - queued
    assert queued == 0, "every position on the line was known winnable as it was reached"
    assert stored.verdicts([current(game).position]) == [Verdict.WIN]
    assert PositionVerdict.objects.count() == 6 and WinningLine.objects.count() == 1


def test_a_stale_check_never_overwrites_a_proven_verdict():
    position = deal("yukon", 6, b"test-key")
    key = position_key(position)
    proofs.store(position, Verdict.LOSS, [], 10, 0.1)
    proofs.store(position, Verdict.UNKNOWN, [], 99, 3.0)  # a late, budget-limited check
    proofs.store(position, Verdict.WIN, ["7S-t7"], 5, 0.1)
    row = PositionVerdict.objects.get(key=key)
    assert (row.verdict, row.nodes) == (Verdict.LOSS, 10)


def test_a_check_for_an_old_ply_leaves_the_current_banner_alone(alice, lost_game):
    # The player moved on (undo) before the lost position's check ran: its verdict is stored
    # for that position only, and the current position says nothing alarming.
    post(alice, lost_game, action="undo")
    run_worker()
    banner = one(parse(poll(alice, lost_game)), "#verdict")
    assert banner["data-state"] != "loss" and not banner.select("[data-testid=dead-end]")


def test_a_worker_killed_mid_check_loses_nothing():
    winnable = deal("yukon", 6, b"test-key")
    cards = "".join(card.code for card in deals.dealt_order(winnable))
    game = Game.objects.create(
        player="alice", deal=Deal.objects.create(variant="yukon", number=6, cards=cards)
    )
    key = position_key(winnable)
    assert checks.request(game, winnable) == PENDING  # queues the check
    # A worker claims the check, exactly as check_position does first, and is killed before
    # it stores anything: the request stays claimed and the position stays undecided.
    assert [row.key for row in queue.claim_some()] == [key]
    assert not PositionVerdict.objects.filter(key=key).exists()
    # Within the retry window the claim stands: no other worker searches it twice ...
    assert queue.claim_some() == []
    # ... once it has been claimed longer than any check takes, the next worker takes it over
    # and decides it.
    CheckRequest.objects.filter(key=key).update(
        started=timezone.now() - queue.RETRY_AFTER - timedelta(seconds=1)
    )
    assert work() == [Verdict.WIN]
    assert PositionVerdict.objects.get(key=key).verdict == Verdict.WIN
    assert not CheckRequest.objects.filter(key=key).exists()
