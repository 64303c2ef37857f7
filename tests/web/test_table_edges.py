"""The rough edges of issue 13, through the real views: Resign asks first, Yukon has redo,
a covered draw-3 waste card is neither a control nor playable, Vegas shows its passes and
an empty stock after the last one, the Finish button says why it waits, and the dead-end
banner offers a new deal when the deal was lost from the start and says "the start"."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from games.engine.positions import Position
from games.models import Game
from games.steps import current, steps
from play.board import finish_blocker
from solver.deadends.models import PositionVerdict, position_key
from solver.search.verdict import Verdict

from .deals import (
    EASY_KLONDIKE,
    WORKED_EXAMPLE,
    easy_klondike,
    worked_example,
)

pytestmark = pytest.mark.django_db


def page(persona, game: Game) -> str:
    return persona.client.get(f"/game/{game.slug}/").content.decode()


def prove(position, verdict: str) -> None:
    """Record a verdict for a position, as a worker's search would have stored it."""
    PositionVerdict.objects.create(
        key=position_key(position), verdict=verdict, nodes=1,
        decided=timezone.now(),
    )  # fmt: skip


@pytest.fixture
def example(alice) -> Game:
    worked_example()
    return alice.start("yukon", WORKED_EXAMPLE)


# -- Resign asks first -------------------------------------------------------------------------


def test_resign_asks_first_and_the_question_changes_nothing(alice, example):
    alice.move(example, "9S-t5")
    html = alice.act(example, action="ask-resign", htmx=True).content.decode()
    example.refresh_from_db()
    assert example.result == "" and example.ply == 1
    question = re.search(r'<dialog class="result confirm".*?</dialog>', html, re.S)[0]
    assert "Resign this game?" in question
    assert 'name="ply" value="1"' in question and 'value="resign"' in question
    assert "Keep playing" in question

    alice.act(example, action="resign", htmx=True)
    example.refresh_from_db()
    assert example.result == "resigned"


def test_asking_to_resign_a_deal_not_yet_started_stores_nothing(alice):
    worked_example()
    html = alice.client.post(
        f"/yukon/{WORKED_EXAMPLE}/", {"ply": 0, "action": "ask-resign"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    question = re.search(r'<dialog class="result confirm".*?</dialog>', html, re.S)[0]
    assert f'action="/yukon/{WORKED_EXAMPLE}/"' in question and 'value="resign"' in question
    assert not Game.objects.exists()


def test_the_menu_and_the_banner_only_ask(alice, example):
    html = page(alice, example)
    assert 'value="ask-resign"' in html and 'value="resign"' not in html


def test_a_finished_game_is_not_asked_to_resign_again(alice, example):
    alice.act(example, action="resign")
    html = alice.act(example, action="ask-resign", htmx=True).content.decode()
    assert "Resign this game?" not in html and "You resigned after 0 moves." in html


# -- Yukon redo ----------------------------------------------------------------------------------


def test_yukon_has_redo_like_klondike(alice, example):
    html = page(alice, example)
    assert re.search(r'<button class="tool" name="action" value="redo"[^>]* disabled', html)
    alice.move(example, "9S-t5")
    html = alice.act(example, action="undo").content.decode()
    assert re.search(r'<button class="tool" name="action" value="redo"[^>]*>↷', html)
    assert 'value="redo" title="Redo (Ctrl+Shift+Z)" aria-label="Redo" aria-keyshortcuts=' in html
    redo_tag = re.search(r'<button class="tool" name="action" value="redo"[^>]*>', html)[0]
    assert "disabled" not in redo_tag
    alice.act(example, action="redo")
    example.refresh_from_db()
    assert example.actions == ["9S-t5"] and example.redo == []


# -- the draw-3 waste ------------------------------------------------------------------------------


def test_a_covered_waste_card_is_shown_but_neither_a_link_nor_playable(alice):
    deal, _ = easy_klondike()
    game = alice.start("klondike", EASY_KLONDIKE, draw=3, scoring="standard")
    html = alice.move(game, "d").content.decode()
    position = current(Game.objects.get(pk=game.pk)).position
    under, top = position.waste[-3:-1], position.waste[-1]
    for card in under:
        assert '<span class="card up covered' in html
        assert re.search(
            rf'<span class="card up covered \w+" data-card="{card.code}" role="img"', html
        )
        assert f"select={card.code}" not in html
    assert f'href="/game/{game.slug}/?select={top.code}"' in html

    refused = alice.move(game, f"{under[0].code}-f").content.decode()
    assert "Only the top card of the waste can be played" in refused
    game.refresh_from_db()
    assert game.actions == ["d"]


# -- Vegas passes --------------------------------------------------------------------------------


def test_vegas_draw_1_shows_its_one_pass_and_an_empty_stock_after_it(alice):
    easy_klondike()
    game = alice.start("klondike", EASY_KLONDIKE, draw=1, scoring="vegas")
    html = page(alice, game)
    assert '<span data-testid="passes">Pass 1 of 1</span>' in html
    game.actions = ["d"] * 24
    game.ply = 24
    game.save()
    html = page(alice, game)
    assert '<p class="stock-spent">Stock empty</p>' in html
    assert '<span data-testid="passes">No passes left</span>' in html
    assert 'name="move" value="r"' not in html and "↻" not in html


def test_vegas_draw_3_counts_its_passes(alice):
    easy_klondike()
    game = alice.start("klondike", EASY_KLONDIKE, draw=3, scoring="vegas")
    game.actions, game.ply = ["d"] * 8, 8
    game.save()
    html = page(alice, game)
    assert "Pass 1 of 3" in html and 'name="move" value="r"' in html
    alice.move(game, "r")
    assert "Pass 2 of 3" in page(alice, game)


def test_a_standard_game_shows_no_pass_count(alice):
    easy_klondike()
    game = alice.start("klondike", EASY_KLONDIKE, draw=1, scoring="standard")
    assert 'data-testid="passes"' not in page(alice, game)


# -- the finish button's reason ------------------------------------------------------------------


def test_finish_says_it_waits_for_the_stock(alice):
    deal, line = easy_klondike()
    game = alice.game_at(deal, line[:28], draw=1, scoring="standard")  # columns all home
    html = page(alice, game)
    assert 'value="finish"' not in html
    assert "Finish comes once the stock is empty." in html


def test_auto_finish_says_it_waits_for_the_columns_to_be_in_order():
    # Everything face up, but the queen of spades lies on the king of spades: not in order.
    stuck = Position.from_text("yukon; t1: KS QS; f1: AS..JS; f2: AH..KH; f3: AD..KD; f4: AC..KC")
    assert finish_blocker(stuck) == "Auto-finish comes once every column is in order."
    ready = Position.from_text(
        "yukon; t1: KS; t2: QS; f1: AS..JS; f2: AH..KH; f3: AD..KD; f4: AC..KC"
    )
    assert finish_blocker(ready) == ""  # the button shows instead


def test_no_reason_is_given_while_cards_are_still_face_down(alice, example):
    assert 'data-testid="finish-why"' not in page(alice, example)


# -- the dead-end banner ---------------------------------------------------------------------------


def test_a_deal_lost_from_the_start_offers_a_new_deal_and_no_undo(alice, example):
    prove(current(example).position, Verdict.LOSS)
    html = page(alice, example)
    banner = re.search(r'<section class="deadend".*?</section>', html, re.S)[0]
    assert "lost from the start" in banner
    assert (
        '<a class="button primary" href="/yukon/" data-testid="new-deal">Deal a new game' in banner
    )
    assert 'value="undo"' not in banner and 'value="jump"' not in banner


def test_jump_back_to_the_deal_says_the_start(alice, example):
    alice.move(example, "9S-t5")
    example.refresh_from_db()
    walked = steps(example)
    prove(walked[0].position, Verdict.WIN)
    prove(walked[1].position, Verdict.LOSS)
    html = page(alice, example)
    banner = re.search(r'<section class="deadend".*?</section>', html, re.S)[0]
    assert "Jump back to the start" in banner and "move 0" not in banner
    assert 'value="undo"' in banner and "Deal a new game" not in banner
