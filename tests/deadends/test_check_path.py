"""The check path's schedule (issues 10 and 11): checks are asked for by POSTed actions only,
the newest wanted position is searched first, a check whose player has moved on is dropped
before it starts (a game's new request replaces it), a player has at most three waiting, a
position wanted by two games is searched once, undecided quick checks come back deep behind
the quick ones, a move from a lost position is lost without a search, and a pool deal
brings its winning line."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django_tasks_db.models import DBTaskResult

from games import deals
from games.engine import rules
from games.engine.moves import Move
from games.models import Deal, Game
from games.steps import current
from games.steps import steps as game_steps
from solver.deadends import checks, queue, tasks
from solver.deadends.models import (
    CheckRequest,
    PositionVerdict,
    WinningLine,
    position_key,
)
from solver.deadends.tasks import check_position
from solver.pool.models import DealVerdict
from solver.search import solve
from solver.search.verdict import Verdict
from tests.deadends import stored
from tests.deadends.test_deadends import DEAD_END_LINE, make_deal
from tests.web.html import one, parse
from tests.worker import work

HINT = re.compile(r'data-hint="([^"]+)"')

# Outside a wrapping transaction: the wake-ups are enqueued on commit, as in production.
pytestmark = pytest.mark.django_db(transaction=True)
# A test that never looks at a wake-up runs inside a transaction: no flush of every table after.
NO_WAKE_UP = pytest.mark.django_db


def player() -> Client:
    client = Client()
    client.get("/")  # the player cookie
    return client


def post(client: Client, game: Game, **data) -> str:
    """POST an action on `game`: its first (a game not started yet) at the deal's address,
    which starts it, the rest at the game's own. `game` is then the stored row."""
    if game.pk is None:
        url, ply = f"/yukon/{game.deal.number}/", 0
    else:
        game.refresh_from_db()
        url, ply = f"/game/{game.slug}/", game.ply
    response = client.post(url, {"ply": ply, **data}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    if game.pk is None:
        game.pk = Game.objects.filter(deal=game.deal).latest("pk").pk  # the one just started
    game.refresh_from_db()
    return response.content.decode()


def winnable_moves(position, count: int) -> list[str]:
    """`count` moves from `position`, each to a position the solver wins (checked here)."""
    line = []
    for _ in range(count):
        for move in rules.legal_moves(position):
            after = rules.apply(position, move)
            if solve(after, budget_nodes=200_000).verdict == "win":
                line.append(str(move))
                position = after
                break
    assert len(line) == count
    return line


def start(client: Client, number: int = 6) -> Game:
    """The player's game on a deal, as its page shows it: looking starts nothing, so it is
    not stored until its first action (`post`)."""
    assert client.get(f"/yukon/{number}/").status_code == 200
    return Game(deal=Deal.objects.get(variant="yukon", number=number), scoring="none")


def test_looking_at_a_game_asks_for_nothing():
    make_deal()
    alice = player()
    game = start(alice)
    assert not Game.objects.exists(), "looking at a deal starts nothing"
    post(alice, game, move="7S-t7")
    work()
    CheckRequest.objects.all().delete()
    DBTaskResult.objects.all().delete()
    PositionVerdict.objects.all().delete()
    assert alice.get(f"/game/{game.slug}/").status_code == 200
    html = alice.get(f"/game/{game.slug}/verdict/", {"ply": game.ply}).content.decode()
    assert 'data-state="unknown"' in html and "hx-get" not in html, "nothing asked: no poll"
    assert not CheckRequest.objects.exists() and not DBTaskResult.objects.exists()
    assert not PositionVerdict.objects.exists()


def test_a_move_asks_for_its_position_and_wakes_one_worker():
    make_deal()
    alice = player()
    game = start(alice)
    html = post(alice, game, move="7S-t7")
    assert 'data-state="pending"' in html
    request = CheckRequest.objects.get()
    assert request.key == position_key(current(game).position) == request.at
    assert DBTaskResult.objects.count() == 1
    assert work() == [Verdict.WIN]
    assert not CheckRequest.objects.exists()


@NO_WAKE_UP
def test_the_newest_position_is_checked_first():
    make_deal(6), make_deal(7)
    alice, bob = player(), player()
    first, second = start(alice, 6), start(bob, 7)
    post(alice, first, move=winnable_moves(current(first).position, 1)[0])
    post(bob, second, move=winnable_moves(current(second).position, 1)[0])
    newest = queue.claim_some(limit=1)
    assert [row.key for row in newest] == [position_key(current(second).position)]
    assert CheckRequest.objects.get(started__isnull=True).game_id == first.pk, "the older waits"
    queue.release([newest[0].key], "")
    claimed = queue.claim_some(limit=queue.MAX_PER_PLAYER)  # several at once: in that order
    assert [row.game_id for row in claimed] == [second.pk, first.pk]
    assert tasks._check(claimed, "") == [Verdict.WIN, Verdict.WIN]
    assert check_position.call() == "idle"


def test_a_check_whose_player_moved_on_is_dropped_before_it_starts():
    make_deal()
    alice = player()
    game = start(alice)
    one, two = winnable_moves(current(game).position, 2)
    post(alice, game, move=one)
    left = current(game).position
    post(alice, game, move=two)
    assert CheckRequest.objects.count() == 1, "the second move's request replaced the first's"
    assert DBTaskResult.objects.count() == 1, "and the first's wake-up serves it"
    assert work() == [Verdict.WIN], "one search: the position the player stands on"
    assert stored.verdicts([left]) == [None], "the position left behind was never searched"
    assert not CheckRequest.objects.exists()


def test_a_player_has_at_most_three_checks_waiting():
    """Over five games: within one game, each request replaces the one before."""
    alice = player()
    keys = []
    for number in range(11, 16):
        game = start(alice, deals.deal_for("yukon", number).number)
        post(alice, game, move=str(rules.legal_moves(deals.deal_position(game.deal))[0]))
        keys.append(position_key(current(game).position))
    waiting = CheckRequest.objects.filter(player=game.player)
    assert set(waiting.values_list("key", flat=True)) == set(keys[-queue.MAX_PER_PLAYER :])
    assert DBTaskResult.objects.count() == 1, "one wake-up waits: it serves them all"


@NO_WAKE_UP
def test_a_position_two_games_want_is_searched_once():
    make_deal()
    alice, bob = player(), player()
    games = [start(alice), start(bob)]
    post(alice, games[0], move="7S-t7")
    post(bob, games[1], move="7S-t7")
    assert CheckRequest.objects.count() == 2
    assert work() == [Verdict.WIN]
    assert all(stored.verdicts([current(g).position]) == [Verdict.WIN] for g in games)


@NO_WAKE_UP
def test_an_undecided_quick_check_comes_back_deep_behind_the_quick_ones(monkeypatch):
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    make_deal(6), make_deal(7)
    alice, bob = player(), player()
    first, second = start(alice, 6), start(bob, 7)
    post(alice, first, move="7S-t7")
    assert tasks._check(queue.claim_some(limit=tasks.BATCH), "") == ["deeper"]
    assert CheckRequest.objects.get(started__isnull=True).deep, "wanted again, deep"
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 200_000})
    post(bob, second, move=winnable_moves(current(second).position, 1)[0])  # newer, quick
    claimed = queue.claim_some(limit=tasks.BATCH)
    assert [(row.game_id, row.deep) for row in claimed] == [(second.pk, False), (first.pk, True)]
    assert tasks._check(claimed, "") == [Verdict.WIN, Verdict.WIN], "the quick one, then the deep"
    assert stored.verdicts([current(g).position for g in (first, second)]) == [Verdict.WIN] * 2


@NO_WAKE_UP
def test_a_drain_searches_what_its_quick_check_left_undecided_deep(monkeypatch):
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    assert check_position.call() == "deeper win", "one wake-up: the quick check, the deep one"
    assert not CheckRequest.objects.exists()


@NO_WAKE_UP
def test_a_move_from_an_undecided_position_gets_a_quick_check_only(monkeypatch):
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "DEEP_BUDGET", {"budget_nodes": 1})
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    assert not CheckRequest.objects.get().quick_only, "from the deal's start, proven winnable"
    assert check_position.call() == "deeper unknown", "a quick check, then a deep one"
    post(alice, game, move=str(rules.legal_moves(current(game).position)[0]))
    assert CheckRequest.objects.get().quick_only, "from a position left undecided"
    assert check_position.call() == "unknown", "a quick check, and no deep one"
    assert not CheckRequest.objects.exists()
    assert stored.verdicts([current(game).position]) == [Verdict.UNKNOWN]


def played(moves: list[str]):
    """Alice and her game on the test deal, after `moves` (no check run yet)."""
    make_deal()
    alice = player()
    game = start(alice)
    for move in moves:
        post(alice, game, move=move)
    return alice, game


def in_the_dead_end():
    """Alice and her game on the dead-end deal, steered into the dead end."""
    return played(DEAD_END_LINE)


def test_a_move_from_a_lost_position_is_lost_without_a_search():
    alice, game = in_the_dead_end()
    lost = current(game).position
    assert solve(lost, budget_nodes=1_000_000).verdict == "loss"
    work()
    assert stored.verdicts([lost]) == [Verdict.LOSS]
    queued = DBTaskResult.objects.count()
    page = parse(post(alice, game, move="4D-t6"))  # the one move left
    assert one(page, "[data-testid=dead-end]") and one(page, "[data-testid=jump-back]")
    assert stored.verdicts([current(game).position]) == [Verdict.LOSS]
    assert not CheckRequest.objects.filter(key=position_key(current(game).position)).exists()
    assert DBTaskResult.objects.count() == queued, "lost by inheritance: nothing to search"


def test_a_lost_line_asks_for_an_earlier_position_once_however_often_it_moves():
    alice, game = in_the_dead_end()
    CheckRequest.objects.all().delete()
    DBTaskResult.objects.all().delete()
    lost = current(game).position  # proven lost; nothing before it decided yet
    PositionVerdict.objects.create(key=position_key(lost), verdict=Verdict.LOSS)
    before_it = game_steps(game)[-2].position
    post(alice, game, move="4D-t6")  # lost too: the banner asks for the position before
    post(alice, game, action="undo")  # back on the lost one: asks for the same position
    waiting = CheckRequest.objects.get()
    assert waiting.key == position_key(before_it) and waiting.at == position_key(lost)
    assert DBTaskResult.objects.count() == 1, "one wake-up for the one position wanted"
    assert waiting.quick_only, "the walk steps over what a quick check leaves undecided"


@NO_WAKE_UP
def test_a_look_back_steps_over_a_position_its_quick_check_leaves_undecided(monkeypatch):
    alice, game = in_the_dead_end()
    CheckRequest.objects.all().delete()
    lost = current(game).position
    PositionVerdict.objects.create(key=position_key(lost), verdict=Verdict.LOSS)
    steps = game_steps(game)
    post(alice, game, action="undo")  # off the dead end ...
    post(alice, game, move=DEAD_END_LINE[-1])  # ... and back: the banner looks back
    assert CheckRequest.objects.get().key == position_key(steps[-2].position)
    monkeypatch.setattr(tasks, "QUICK_BUDGET", {"budget_nodes": 1})
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": 1})
    # A quick check and no deep one leaves it undecided; the walk steps over it to the
    # position before it, the deal's, whose check is quick only too.
    assert check_position.call() == "unknown unknown"
    assert stored.verdicts([steps[-2].position, steps[0].position]) == [Verdict.UNKNOWN] * 2
    assert not CheckRequest.objects.exists()


def test_a_deal_from_the_pool_brings_its_winning_line():
    deal_row = make_deal()
    line = solve(deals.deal_position(deal_row), budget_nodes=1_000_000).moves
    DealVerdict.objects.create(deal=deal_row, verdict="win", moves=line)
    alice = player()
    game = start(alice)
    for move in line[:6]:
        post(alice, game, move=move)
    assert DBTaskResult.objects.count() == 0, "the deal and its line are known: no search"
    assert not CheckRequest.objects.exists()
    stored = WinningLine.objects.get()
    assert stored.moves.split() == list(line), "the line stored once"
    # A row for the deal and for each position reached along the line, pointing into it.
    rows = PositionVerdict.objects.order_by("step")
    assert [(row.verdict, row.step, row.line_id) for row in rows] == [
        (Verdict.WIN, step, stored.pk) for step in range(7)
    ]
    assert [(row.move, row.length) for row in rows] == [
        (line[step], len(line) - step) for step in range(7)
    ]


def test_a_checks_win_is_one_line_and_one_row_and_following_it_asks_for_nothing():
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    assert work() == [Verdict.WIN]
    row = PositionVerdict.objects.get()
    assert row.key == position_key(current(game).position) and row.step == 0
    line = WinningLine.objects.get().moves.split()
    assert row.line_id == WinningLine.objects.get().pk and row.length == len(line)
    tasks_before = DBTaskResult.objects.count()
    for step in range(1, 11):  # a hint, then its move: each answered at once
        page = post(alice, game, action="hint")
        hint = HINT.search(page)
        assert hint and 'data-testid="hint-wait"' not in page
        assert Move.parse(hint[1]).card == Move.parse(line[step - 1]).card
        post(alice, game, move=hint[1])
        assert PositionVerdict.objects.count() == 1 + step, "one row a move"
    assert not CheckRequest.objects.exists()
    assert DBTaskResult.objects.count() == tasks_before, "no check asked, no worker woken"
    here = PositionVerdict.objects.get(key=position_key(current(game).position))
    assert (here.line_id, here.step, here.move) == (row.line_id, 10, line[10])
    assert WinningLine.objects.count() == 1


def test_a_move_along_the_line_reads_once_and_writes_once():
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    assert work() == [Verdict.WIN]
    before = current(game).position
    move = Move.parse(WinningLine.objects.get().moves.split()[0])
    after = rules.apply(before, move)
    with CaptureQueriesContext(connection) as queries:
        assert checks.request(game, after, before, move) == Verdict.WIN
    assert len(queries) == 2, [query["sql"][:60] for query in queries]  # a SELECT, an INSERT
    with CaptureQueriesContext(connection) as queries:  # known now: the read alone
        assert checks.request(game, after, before, move) == Verdict.WIN
    assert len(queries) == 1


def test_a_move_off_the_line_asks_for_its_check():
    make_deal()
    alice = player()
    game = start(alice)
    post(alice, game, move="7S-t7")
    assert work() == [Verdict.WIN]
    planned = Move.parse(WinningLine.objects.get().moves.split()[0])
    off = next(m for m in rules.legal_moves(current(game).position) if m.card != planned.card)
    assert 'data-state="pending"' in post(alice, game, move=str(off))
    assert CheckRequest.objects.get().key == position_key(current(game).position)
    assert PositionVerdict.objects.count() == 1
