"""Hints that always finish (issue 10): from a winnable position, asking for a hint and
playing it, over and over through the real action endpoint and the real worker, wins the
game within a bound; a stored line never leads round in a circle."""

from __future__ import annotations

import random
import re

import pytest

from games import deals
from games.engine import rules
from games.engine.moves import Move
from games.models import Game
from games.steps import current
from solver.deadends.models import Check, PositionVerdict, position_key
from solver.deadends.proofs import store_line, without_cycles
from solver.search import solve
from tests.worker import work

from .deals import EASY_KLONDIKE, easy_klondike
from .html import hint_poll, parse

pytestmark = pytest.mark.django_db

HINT = re.compile(r'data-hint="([^"]+)"')


@pytest.fixture(autouse=True)
def hints_unlimited(settings):
    """A whole game of hints is far more hints a minute than a player's rate limit takes
    (games.limits, tested in test_limits): lifted here, where the hints themselves are tested."""
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
    game = alice.start("klondike", EASY_KLONDIKE, draw=1, scoring="none")
    assert len(follow_hints(alice, game, bound=len(line) + 1)) == len(line)


def test_a_stored_line_is_only_ever_replaced_by_a_shorter_one():
    _, line = easy_klondike()
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
    store_line(deal, line)  # passes through `second` with a shorter rest: it takes that
    row = PositionVerdict.objects.get(key=key)
    assert row.move == rest[0] and row.length == len(rest)
    store_line(second, longer)  # longer than what is stored: changes nothing
    row.refresh_from_db()
    assert row.move == rest[0] and row.length == len(rest)


def test_every_stored_win_leads_to_a_shorter_one():
    # Checks' lines that cross: after all are stored, the first move of every stored line
    # reaches a position whose stored line is shorter (or the won game). Had the first line
    # stored been kept, the stock's full turn would lead back to the deal, whose line (one
    # move longer) is then no shorter than the turn's own.
    line, looped = easy_klondike_with_a_loop()
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
    met = {}  # the positions the lines pass, by key
    for start, moves in lines:
        store_line(start, moves)
        met.update((position_key(p), p) for p in without_cycles(start, moves)[0])
    wins = PositionVerdict.objects.filter(verdict=Check.WIN)
    assert wins.count() > len(line)
    for row in wins:
        after = rules.apply(met[row.key], Move.parse(row.move))
        if after.is_won:
            continue
        nxt = PositionVerdict.objects.get(key=position_key(after))
        assert nxt.verdict == Check.WIN and nxt.length < row.length
