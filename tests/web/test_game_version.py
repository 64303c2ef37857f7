"""Issue 38: a game's version makes every save compare-and-set on something that never repeats,
and binds a hint's poll to the position it was asked on. The ply alone returns to a value it
had after an undo and a move (ABA)."""

from __future__ import annotations

import pytest

from games.engine.moves import Move
from games.engine.rules import legal_moves
from games.models import Game
from games.steps import current
from play.actions import StaleAction, act
from solver.search.verdict import Verdict
from tests.worker import work

from .deals import easy_yukon
from .html import hint_poll, parse

pytestmark = pytest.mark.django_db

STOP = 286  # htmx stops polling on it


def another_first_move(game: Game, line: list[str]) -> str:
    """A legal move from the deal other than the line's first."""
    moves = [str(move) for move in legal_moves(current(game).position)]
    others = [move for move in moves if move != line[0]]
    assert others, "the test needs a second legal move from the deal"
    return others[0]


def test_a_save_read_before_an_undo_and_a_move_does_not_erase_the_move(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    stale = Game.objects.get(pk=game.pk)  # read at ply 1, before the undo and the move
    alice.act(game, action="undo")
    other = another_first_move(Game.objects.get(pk=game.pk), line)
    alice.move(game, other)
    assert Game.objects.get(pk=game.pk).ply == stale.ply == 1, "the ply is back where it was"

    with pytest.raises(StaleAction):
        act(stale, alice.player, "move", ply=1, move=Move.parse(line[1]))

    assert Game.objects.get(pk=game.pk).actions[-1] == other, "the newer move stands"


def test_every_action_makes_a_new_version(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, [])
    versions = [Game.objects.get(pk=game.pk).version]
    for fields in ({"move": line[0]}, {"action": "undo"}, {"action": "redo"}):
        alice.act(game, **fields)
        versions.append(Game.objects.get(pk=game.pk).version)
    assert len(set(versions)) == 4 and versions == sorted(versions)


def test_a_hint_poll_never_answers_for_a_position_reached_after_it_was_asked(alice):
    """Ask a hint while it is pending, undo, make another move on the same ply, poll: the
    poll stops, and the new position's hint is not shown for the one hint counted."""
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    url = hint_poll(parse(alice.act(game, action="hint", htmx=True).content.decode()))
    alice.act(game, action="undo")
    alice.move(game, another_first_move(Game.objects.get(pk=game.pk), line))
    work()

    assert alice.client.get(url, headers={"HX-Request": "true"}).status_code == STOP
    assert Game.objects.get(pk=game.pk).hints == 1


def test_a_hint_poll_answers_on_the_position_it_was_asked_on(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:1])
    url = hint_poll(parse(alice.act(game, action="hint", htmx=True).content.decode()))
    assert work()[0] == Verdict.WIN
    assert b"data-hint" in alice.client.get(url, headers={"HX-Request": "true"}).content
