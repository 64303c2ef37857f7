"""Hints that always finish (issue 10): from a winnable position, asking for a hint and
playing it, over and over through the real action endpoint and the real worker, wins the
game within a bound; a stored line never leads round in a circle, and one followed needs no
check."""

from __future__ import annotations

import random
import re

import pytest
from django_tasks_db.models import DBTaskResult

from games import deals
from games.engine import rules
from games.engine.moves import Move
from games.models import Game
from games.steps import current
from solver.deadends import checks
from solver.deadends.models import CheckRequest, PositionVerdict, WinningLine, position_key
from solver.deadends.proofs import store_line, without_cycles
from solver.search import solve
from solver.search.verdict import Verdict
from tests.worker import work

from .deals import EASY_KLONDIKE, easy_klondike
from .html import hint_poll, parse

pytestmark = pytest.mark.django_db

HINT = re.compile(r'data-hint="([^"]+)"')


@pytest.fixture(autouse=True)
def hints_unlimited(settings):
    """A whole game of hints is far more hints a minute than a player's rate limit takes
    (visitors.limits, tested in test_limits): lifted here, where the hints themselves are tested."""
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "hint": (10_000, 10_000, 60)}


def follow_hints(persona, game: Game, bound: int) -> list[str]:
    """Hint, play it, until the game is won; returns the moves played. Fails if a hint is
    missing, a position comes round again, or the bound is reached."""
    played, seen = [], set()
    for _ in range(bound):
        game.refresh_from_db()
        if game.result == "won":
            return played
        key = position_key(current(game).position)
        assert key not in seen, f"back at a position after {played[-6:]}"
        seen.add(key)
        html = persona.act(game, action="hint", htmx=True).content.decode()
        if 'data-testid="hint-wait"' in html:  # no line known yet: the worker's check
            work()
            url = hint_poll(parse(html))
            html = persona.client.get(url, headers={"HX-Request": "true"}).content.decode()
        hint = HINT.search(html)
        assert hint, f"no hint after {played[-6:]}: {html[-800:]}"
        response = persona.move(game, hint[1], htmx=True)
        assert response.status_code == 200 and 'role="alert"' not in response.content.decode()
        played.append(hint[1])
    pytest.fail(f"not won after {bound} hints")


def stray(position, moves: int, seed: int) -> list[str]:
    """A few random legal moves from `position` that leave it winnable (checked by the
    solver here, in the test)."""
    chooser = random.Random(seed)
    line = []
    for _ in range(moves):
        options = [m for m in rules.legal_moves(position) if m.target != "r"]
        chooser.shuffle(options)
        for move in options:
            after = rules.apply(position, move)
            if solve(after, budget_nodes=200_000).verdict == "win":
                line.append(str(move))
                position = after
                break
    return line


@pytest.mark.parametrize(
    ("variant", "number", "query", "strays"),
    [
        ("yukon", 3, {}, 0),
        ("yukon", 4, {}, 12),
        ("klondike", 8, {"draw": 1, "scoring": "standard"}, 0),  # the deal
        ("klondike", 10, {"draw": 3, "scoring": "none"}, 8),
    ],
)
def test_following_hints_wins_the_game(alice, variant, number, query, strays):
    game = alice.start(variant, number, **query)
    if strays:
        for move in stray(current(game).position, strays, seed=number):
            alice.move(game, move)
    game.refresh_from_db()
    played = follow_hints(alice, game, bound=400)
    game.refresh_from_db()
    assert game.result == "won" and game.hints == len(played)


def easy_klondike_with_a_loop() -> tuple[list[str], list[str]]:
    """The easy Klondike deal's winning line, and the same line with a full turn of the
    stock and back inserted at the start: a loop back to the deal position."""
    _, line = easy_klondike()
    return line, ["d"] * 24 + ["r"] + line


def test_a_line_that_passes_a_position_twice_is_stored_without_the_loop(alice):
    line, looped = easy_klondike_with_a_loop()
    deal = deals.deal_position(deals.deal_for("klondike", EASY_KLONDIKE), 1)
    assert len(looped) > len(line)
    positions, cut = without_cycles(deal, looped)
    assert cut == line and len({position_key(p) for p in positions}) == len(positions)
    store_line(deal, looped)
    start = PositionVerdict.objects.get(key=position_key(deal))
    assert start.move == line[0] and start.length == len(line)
    assert start.line.moves.split() == line and start.step == 0
    assert PositionVerdict.objects.count() == 1, "one row: the line is stored once"
    game = alice.start("klondike", EASY_KLONDIKE, draw=1, scoring="none")
    assert len(follow_hints(alice, game, bound=len(line) + 1)) == len(line)
    # Each hint was known at once: every position reached along the line got its row from
    # the move (the won one needs none), and no check was asked for or woken.
    assert PositionVerdict.objects.count() == len(line) and WinningLine.objects.count() == 1
    assert not CheckRequest.objects.exists() and not DBTaskResult.objects.exists()


def play_along(game: Game, start, moves: list[str]) -> list[tuple[int, int]]:
    """Play `moves` from `start` through the move path (checks.request with the position
    and the move each is played from); returns each position's stored (length, step) after."""
    found, position = [], start
    for text in moves:
        move = Move.parse(text)
        after = rules.apply(position, move)
        checks.request(game, after, position, move)
        row = PositionVerdict.objects.get(key=position_key(after))
        found.append((row.length, row.step))
        position = after
    return found


def test_a_stored_line_is_only_ever_replaced_by_a_shorter_one(alice):
    _, line = easy_klondike()
    game = alice.start("klondike", EASY_KLONDIKE, draw=1, scoring="none")
    deal = deals.deal_position(deals.deal_for("klondike", EASY_KLONDIKE), 1)
    second = deal
    for move in line[:28]:  # every column card home: the stock is all that is left
        second = rules.apply(second, Move.parse(move))
    key = position_key(second)
    rest = line[28:]
    home = rest.index("KS-f")  # a longer way: ♠K to the empty first column, then home
    longer = rest[:home] + ["KS-t1", "KS-f"] + rest[home + 1 :]
    store_line(second, longer)
    assert PositionVerdict.objects.get(key=key).length == len(longer)
    store_line(deal, line)  # passes through `second` with a shorter rest ...
    assert PositionVerdict.objects.get(key=key).length == len(longer)
    play_along(game, deal, line[:28])  # ... which it takes once a move along it reaches it
    row = PositionVerdict.objects.get(key=key)
    assert (row.move, row.length, row.step) == (rest[0], len(rest), 28)
    store_line(second, longer)  # longer than what is stored: changes nothing
    row.refresh_from_db()
    assert row.move == rest[0] and row.length == len(rest)
    assert WinningLine.objects.count() == 2, "and no line is stored for nothing"


def test_every_stored_win_leads_to_a_shorter_one(alice):
    # Checks' lines that cross, each played along from its start: the move of every stored
    # win reaches a position stored shorter (or the won game). Had the first line stored
    # been kept, the stock's full turn would lead back to the deal, whose line (one move
    # longer) is then no shorter than the turn's own.
    line, looped = easy_klondike_with_a_loop()
    game = alice.start("klondike", EASY_KLONDIKE, draw=1, scoring="none")
    deal = deals.deal_position(deals.deal_for("klondike", EASY_KLONDIKE), 1)
    home = line.index("KS-f")
    turned = deal
    for move in looped[:24]:  # the whole stock turned onto the waste
        turned = rules.apply(turned, Move.parse(move))
    lines = [
        (deal, line[:home] + ["KS-t1", "KS-f"] + line[home + 1 :]),  # one move longer
        (turned, looped[24:]),  # back over, then the short line from the deal
        (rules.apply(deal, Move.parse(line[0])), line[1:5] + ["d"] * 24 + ["r"] + line[5:]),
    ]
    for start, moves in lines:
        store_line(start, moves)
    for start, _ in lines:
        position, walked = start, 0
        while not position.is_won:
            row = PositionVerdict.objects.get(key=position_key(position))
            move = Move.parse(row.move)
            after = rules.apply(position, move)
            if not after.is_won:  # (nothing asks about a won game)
                checks.request(game, after, position, move)
                reached = PositionVerdict.objects.get(key=position_key(after))
                assert reached.verdict == Verdict.WIN and reached.length < row.length
            position, walked = after, walked + 1
            assert walked <= len(line) + 2
    assert not CheckRequest.objects.exists()
