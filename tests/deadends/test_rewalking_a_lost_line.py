"""Re-walking a lost line after Jump back (issue 37, item 14): the positions the player's old
line reaches again are known lost at once, and a hint there says so.

Klondike #7, draw 1, Vegas (one pass), dealt with the development key the suite runs with.
Measured on it: turning the stock once from the deal is winnable, twice is lost (a quick
check of 25,000 nodes leaves it undecided; a deep one proves it lost in about 140,000); a
quick check leaves the positions after three to nine turns undecided too, and proves every
later one lost. A player who turns the stock 24 times at once has only the last position
checked (each move replaces the check of the one before); the look-back then asks for
quick checks of the earlier positions, one at a time, until it finds the winnable one.
"""

from __future__ import annotations

import pytest

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import apply
from games.models import Game
from games.steps import current, steps
from solver.deadends import carry, queue, tasks
from solver.deadends.models import PENDING, CheckRequest, PositionVerdict, position_key
from solver.deadends.proofs import store_verdicts
from solver.search.verdict import Verdict
from tests.deadends import stored
from tests.web.html import hint_poll, one, parse, text
from tests.web.personas import Persona
from tests.worker import work

pytestmark = pytest.mark.django_db

MODE = {"draw": "1", "scoring": "vegas"}
QUICK_NODES = 25_000  # the quick check's budget (tasks.QUICK_BUDGET), written out


def banner(html: str) -> tuple[str, bool]:
    """The dead-end banner's state and whether it polls for more."""
    verdict = one(parse(html), "#verdict")
    return verdict["data-state"], verdict.has_attr("hx-trigger")


def turn(alice: Persona, game: Game) -> str:
    response = alice.move(game, "d", htmx=True)
    assert response.status_code == 200
    return response.content.decode()


def poll(alice: Persona, game: Game) -> str:
    game.refresh_from_db()
    return alice.client.get(f"/game/{game.slug}/verdict/?ply={game.ply}").content.decode()


def ask_hint(alice: Persona, game: Game) -> str:
    return alice.act(game, action="hint", htmx=True).content.decode()


def no_hint(html: str) -> str:
    return text(one(parse(html), "[data-testid=no-hint]"))


@pytest.fixture
def alice(db) -> Persona:
    return Persona("alice")


def test_re_walking_a_lost_line_after_jump_back_shows_the_banner_at_once(alice):
    game = alice.start("klondike", 7, **MODE)
    for _ in range(24):
        turn(alice, game)
    work()  # the last position's check, then the look-back's, to the end
    page = parse(poll(alice, game))
    assert one(page, "[data-testid=dead-end]")
    jump = one(page, "[data-testid=jump-back]")
    step = int(one(jump.find_parent("form"), "input[name=step]")["value"])
    line = steps(game)
    assert step == 1, "the position after one turn is the last winnable one"
    assert stored.verdicts([line[1].position, line[24].position]) == [Verdict.WIN, Verdict.LOSS]

    alice.act(game, action="jump", step=step, htmx=True)
    for turned in (2, 3, 4):
        html = turn(alice, game)
        game.refresh_from_db()
        assert current(game).position == line[turned].position, "the same positions again"
        assert banner(html) == (Verdict.LOSS, False), f"lost at once after {turned} turns"
        assert one(parse(html), "[data-testid=dead-end]")
    assert not CheckRequest.objects.exists(), "known with no search"
    assert no_hint(ask_hint(alice, game)).startswith("No hint: the solver has proven")


def after_two_asked(alice: Persona) -> tuple[Game, Position]:
    """Alice's game after one turn of the stock (its check done), and the position after a
    second turn, asked for as a look-back asks for one (quick only), not yet searched."""
    game = alice.start("klondike", 7, **MODE)
    turn(alice, game)
    assert work() == [Verdict.WIN]
    game.refresh_from_db()
    after_one = current(game).position
    after_two = apply(after_one, Move.parse("d"))
    queue.add(game, after_two, position_key(after_one), quick_only=True)
    return game, after_two


def quick_checked(alice: Persona, monkeypatch) -> tuple[Game, Position]:
    """Alice's game after one turn of the stock, and the position after a second turn, which
    a quick check alone left undecided (asked for as a look-back asks for one), on the quick
    check's budget: its proof takes about 140,000 nodes, within a quick-only check's."""
    monkeypatch.setattr(tasks, "QUICK_ONLY_BUDGET", {"budget_nodes": QUICK_NODES})
    game, after_two = after_two_asked(alice)
    assert work() == [Verdict.UNKNOWN]
    row = PositionVerdict.objects.get(key=position_key(after_two))
    assert row.verdict == Verdict.UNKNOWN and 0 < row.nodes <= QUICK_NODES + 1
    return game, after_two


def test_a_player_back_where_a_quick_check_decided_nothing_gets_a_deep_one(alice, monkeypatch):
    game, after_two = quick_checked(alice, monkeypatch)
    html = turn(alice, game)
    assert banner(html) == (PENDING, True), "the banner waits for the deep check"
    wanted = CheckRequest.objects.get()
    assert (wanted.key, wanted.deep) == (position_key(after_two), True)
    assert banner(poll(alice, game)) == (PENDING, True), "and polls on"
    assert work() == [Verdict.LOSS], "one deep search, no quick one first"
    state, polling = banner(poll(alice, game))
    assert (state, polling) == (Verdict.LOSS, False)


def test_a_hint_where_a_quick_check_decided_nothing_waits_for_the_deep_one(alice, monkeypatch):
    game, _ = quick_checked(alice, monkeypatch)
    turn(alice, game)
    html = ask_hint(alice, game)
    assert one(parse(html), "[data-testid=hint-wait]")
    assert CheckRequest.objects.count() == 1, "the move's deep check serves the hint"
    work()
    answer = alice.client.get(hint_poll(parse(html)), headers={"HX-Request": "true"})
    assert no_hint(answer.content.decode()).startswith("No hint: the solver has proven")


def test_a_position_a_deep_check_left_undecided_is_not_searched_again(alice, monkeypatch):
    game, after_two = quick_checked(alice, monkeypatch)
    # A deep check's budget ran out on it (here: stored as the worker stores one).
    store_verdicts([(after_two, Verdict.UNKNOWN, 2_000_001, 5.0)])
    assert PositionVerdict.objects.get(key=position_key(after_two)).nodes == 2_000_001
    store_verdicts([(after_two, Verdict.UNKNOWN, 10, 0.0)])  # a shorter search adds nothing
    assert PositionVerdict.objects.get(key=position_key(after_two)).nodes == 2_000_001
    assert banner(turn(alice, game)) == (Verdict.UNKNOWN, False)
    assert not CheckRequest.objects.exists()


def test_a_quick_only_check_gets_more_than_a_quick_one(alice):
    """The position after two turns, asked for as a look-back asks for one: the only search
    it gets (tasks.QUICK_ONLY_BUDGET) proves it lost, where a quick check alone would not."""
    _, after_two = after_two_asked(alice)
    assert work() == [Verdict.LOSS]
    row = PositionVerdict.objects.get(key=position_key(after_two))
    assert row.nodes > QUICK_NODES + 1, "a search past the quick check's budget"


def test_a_position_is_deepened_after_a_quick_only_search_and_never_after_a_deep_one():
    """The two budgets' undecided rows stay apart (a search stops on the node past its budget):
    a quick-only check's row earns its position one deep check, a deep check's row none, so a
    position is searched deep at most once; a row carried or given up spent no nodes."""
    quick_only = tasks.QUICK_ONLY_BUDGET["budget_nodes"] + 1
    deep = tasks.DEEP_BUDGET["budget_nodes"] + 1
    assert tasks.quick_checked(carry.Row(Verdict.UNKNOWN, nodes=quick_only))
    assert not tasks.quick_checked(carry.Row(Verdict.UNKNOWN, nodes=deep))
    assert not tasks.quick_checked(carry.Row(Verdict.UNKNOWN))
