"""What the live region says after each action: the board answers an HTMX action with the
sentence in `data-say`, and the page's persistent live region (outside the board) reads it."""

from __future__ import annotations

import html as htmlmod
import re

import pytest

from games.deals import deal_position
from games.engine import history
from games.engine.cards import Card
from games.engine.moves import Move
from games.engine.rules import apply
from games.models import Game
from play.announce import after_action, card_name, hint_words, move_words

from .deals import (
    EASY_KLONDIKE,
    WORKED_EXAMPLE,
    easy_klondike,
    easy_yukon,
    worked_example,
)

pytestmark = pytest.mark.django_db


def said(response) -> str:
    found = re.search(r'data-say="([^"]*)"', response.content.decode())
    assert found, "the board carries no data-say"
    return htmlmod.unescape(found[1])


@pytest.fixture
def example(alice) -> Game:
    worked_example()
    return alice.start("yukon", WORKED_EXAMPLE)


def test_a_move_says_the_card_what_it_carries_where_it_went_and_the_flip(alice, example):
    response = alice.move(example, "9S-t5", htmx=True)
    assert said(response) == (
        "Nine of spades and 4 cards to column 5; a card turned up: eight of spades."
    )


def test_undo_and_redo_say_which_move_they_took_back_or_replayed(alice, example):
    alice.move(example, "9S-t5", htmx=True)
    undone = said(alice.act(example, action="undo", htmx=True))
    # The eight of spades is face down again: the undo does not name it (DESIGN §5).
    assert undone == (
        "Undone: nine of spades and 4 cards to column 5; the card it turned up is face down again."
    )
    redone = said(alice.act(example, action="redo", htmx=True))
    assert redone.startswith("Redone: Nine of spades and 4 cards to column 5")


def test_restart_and_a_hint_are_said_in_words(alice, example):
    alice.move(example, "9S-t5", htmx=True)
    assert said(alice.act(example, action="restart", htmx=True)) == "Back to the start."
    hint = said(alice.act(example, action="hint", htmx=True))
    # No check has run from here yet: the hint is on its way, and the page says so.
    assert hint == "The solver is looking for a winning line from here; the hint follows."


def test_undoing_a_restart_says_the_restart_and_undoing_a_jump_says_the_jump(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:3])
    alice.act(game, action="restart", htmx=True)
    assert said(alice.act(game, action="undo", htmx=True)) == (
        "Undone: the restart; at move 3 again."
    )
    alice.act(game, action="jump", step="1", htmx=True)
    assert said(alice.act(game, action="undo", htmx=True)) == (
        "Undone: the jump back; at move 3 again."
    )


def test_the_last_move_of_a_win_says_so(alice):
    deal, line = easy_klondike()
    game = alice.game_at(deal, line[:-1], draw=1, scoring="standard")
    words = said(alice.move(game, line[-1], htmx=True))
    assert words == "King of clubs to foundation 4. You won in 76 moves!", words


def test_a_finish_says_how_many_cards_flew_home_and_the_win(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line)  # four kings left, each alone in a column
    words = said(alice.act(game, action="finish", htmx=True))
    assert words == "4 cards played home. You won in 52 moves!"


def test_the_stock_says_what_it_turned(alice):
    deal, _ = easy_klondike()
    game = alice.start("klondike", EASY_KLONDIKE, draw=1, scoring="standard")
    words = said(alice.move(game, "d", htmx=True))
    assert re.fullmatch(r"Turned 1 card from the stock; \w+ of \w+ on top\.", words), words


def test_resigning_is_said(alice, example):
    assert said(alice.act(example, action="resign", htmx=True)) == "You resigned after 0 moves."


def test_a_refusal_says_nothing_new_in_the_live_region(alice, example):
    # The refusal is the board's own role=alert; the live region must not say it twice.
    response = alice.move(example, "9S-t6", htmx=True)
    assert said(response) == ""
    assert 'role="alert">♠9 goes on a red 10<' in response.content.decode()


# -- the wording itself, on positions ------------------------------------------------------


def test_a_card_name_holds_the_index_it_shows_as_words():
    assert card_name(Card.parse("9H")) == "9 of hearts"
    assert card_name(Card.parse("TD")) == "10 of diamonds"
    # "K" is a letter of "king", not a word of "king of spades": the index comes first.
    assert card_name(Card.parse("KS")) == "K♠, king of spades"
    assert card_name(Card.parse("QD")) == "Q♦, queen of diamonds"
    assert card_name(Card.parse("AC")) == "A♣, ace of clubs"


def test_a_lone_card_says_no_carried_cards_and_no_flip():
    deal, line = easy_yukon()
    start = deal_position(deal)
    move = Move.parse(line[0])
    words = move_words(start, move, apply(start, move))
    assert re.fullmatch(r"ace of \w+ to foundation 1", words), words


def test_hints_in_words():
    assert hint_words(Move.parse("9S-t5")) == "Hint: move nine of spades to column 5."
    assert hint_words(Move.parse("AS-f")) == "Hint: move ace of spades to a foundation."
    assert hint_words(Move.parse("d")) == "Hint: turn the stock."
    assert hint_words(None) == "No winning line is known from here."


def test_a_jump_back_to_a_later_move_names_it():
    deal, line = easy_yukon()
    steps = history.replay(deal_position(deal), line[:3], "none")
    words = after_action("jump", steps[2], actions=[*line[:3], "@2"], redo=[], before=None)
    assert words == "Back to move 2."
