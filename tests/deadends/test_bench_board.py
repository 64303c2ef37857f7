"""The load test's strayers read the board as a player's eye does (bench/board.py): the hint
shown, or where the page polls while it is looked for; the dead-end banner and its jump back."""

from __future__ import annotations

import pytest

from bench.board import read_board

from .test_deadends import alice, first, lost_game, make_deal, poll, post, run_worker  # noqa: F401

__all__ = ["alice", "lost_game"]  # the fixtures, shared with the dead-end tests
pytestmark = pytest.mark.django_db(transaction=True)  # the real worker, as there


def test_a_hint_is_polled_for_then_read(alice):  # noqa: F811
    make_deal()
    game = first(alice, "7S-t7")  # winnable, no line known yet
    asked = read_board(post(alice, game, action="hint"))
    assert asked.hint is None and asked.hint_poll and "&amp;" not in asked.hint_poll
    assert asked.verdict == "pending" and not asked.lost
    run_worker()
    answer = alice.get(asked.hint_poll, HTTP_HX_REQUEST="true")
    board = read_board(answer.content.decode())
    assert board.ply == 1 and board.hint in {"-".join(move) for move in board.moves}, board.hint


def test_the_dead_end_banner_and_its_jump_back_are_read(alice, lost_game):  # noqa: F811
    board = read_board("")
    for _ in range(5):  # poll, let the worker walk back, poll again
        board = read_board(poll(alice, lost_game))
        if board.jump is not None:
            break
        run_worker()
    assert board.lost and board.verdict == "loss" and not board.searching
    assert board.jump == 1, "the step after 7S-t7, the last winnable one"
    assert not read_board(post(alice, lost_game, action="jump", step=1)).lost
