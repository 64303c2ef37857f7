"""The hint action: one move of a stored winning line from here, counted, never a hidden
card, never searched inside the request. A position with no known line gets a check queued
(once) and the page polls for the hint."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.models import Game
from solver.deadends.models import CheckRequest, PositionVerdict
from solver.search.verdict import Verdict
from tests.worker import work

from .deals import EASY_YUKON, easy_yukon
from .html import hint_poll, one, parse, refusal, text, text_of

pytestmark = pytest.mark.django_db


def ask_hint(persona, game) -> str:
    return persona.act(game, action="hint", htmx=True).content.decode()


def poll_hint(persona, html: str):
    url = hint_poll(parse(html))
    return persona.client.get(url, headers={"HX-Request": "true"})


def test_a_hint_with_no_known_line_queues_one_check_and_the_page_polls_for_it(alice):
    easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    page = parse(ask_hint(alice, game))
    assert one(page, "[data-testid=hint-wait]") and not page.select("[data-hint]")
    assert not PositionVerdict.objects.exists(), "nothing was searched in the request"
    assert CheckRequest.objects.count() == 1
    ask_hint(alice, game)  # asked again before the check ran: still one check wanted
    assert CheckRequest.objects.count() == 1
    waiting = poll_hint(alice, str(page))
    assert waiting.status_code == 204, "still looking: nothing to swap, the page asks again"

    assert work() == [Verdict.WIN]
    answer = poll_hint(alice, str(page))
    assert answer["HX-Retarget"] == "#board" and answer["HX-Reswap"] == "outerHTML"
    board = parse(answer)
    hint = one(board, "[data-hint]")
    assert hint["data-hint"].startswith("AS-f")
    assert text(hint) == "Hint: move ♠A to a foundation."
    assert [card["data-card"] for card in board.select("[data-card].hinted")] == ["AS"]
    game.refresh_from_db()
    assert (game.hints, game.ply) == (2, 0), "each ask is counted, the poll is not"


def test_a_known_line_answers_at_once_with_a_few_reads(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:3])
    ask_hint(alice, game)
    work()
    with CaptureQueriesContext(connection) as queries:
        html = ask_hint(alice, game)
    assert re.search(r'data-hint="[2-9TJQKA][SHDC]-', html), html[-1500:]
    writes = [
        q["sql"]
        for q in queries
        if not q["sql"].lstrip().upper().startswith(("SELECT", "SAVEPOINT", "RELEASE"))
        and "visitors_ratecount" not in q["sql"]  # the rate limits' counts (visitors.limits)
    ]
    assert len(writes) == 1 and "hints" in writes[0], writes  # only the count
    assert not CheckRequest.objects.exists()


def test_the_hint_poll_shows_nothing_unless_the_hint_was_asked_here(alice, bob):
    easy_yukon()
    game = alice.start("yukon", EASY_YUKON)
    html = ask_hint(alice, game)
    url = hint_poll(parse(html))
    work()
    forged = re.sub(r"asked=[^&]+", "asked=forged", url)
    stop = 286  # htmx stops polling on it
    assert alice.client.get(forged).status_code == stop
    assert alice.client.get(url.replace("ply=0", "ply=1")).status_code == stop
    assert bob.client.get(url).status_code == 404
    assert b"data-hint" in alice.client.get(url).content
    alice.move(game, "AS-f")  # moved on: the old poll stops
    assert alice.client.get(url).status_code == stop


def test_a_lost_position_gets_no_hint_but_the_dead_end_offer(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:2])
    from games.steps import current
    from solver.deadends.proofs import store

    store(current(game).position, Verdict.LOSS, [], 1, 0.0)  # as a check would have proven
    html = ask_hint(alice, game)
    assert "data-hint" not in html and 'data-testid="no-hint"' in html
    assert "proven this position lost" in html
    assert 'data-testid="dead-end"' in html


def test_a_hint_on_a_stale_board_resends_the_board_and_counts_nothing(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    page = parse(alice.act(game, ply=0, action="hint"))
    assert text_of(page, "[data-testid=note]").startswith("The table had changed")
    assert not page.select("[data-hint]")
    assert Game.objects.get(pk=game.pk).hints == 0


def test_a_hint_on_a_finished_game_is_refused(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    alice.act(game, action="resign")
    page = parse(alice.act(game, action="hint"))
    assert refusal(page) == "This game is over" and not page.select("[data-hint]")
    assert Game.objects.get(pk=game.pk).hints == 0
