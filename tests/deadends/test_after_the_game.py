"""Checks asked for after a game (the winning line shown once it is over, play.coach): wanted
while the game stays finished, where every other check of a finished game is dropped
unsearched; and a stored line read back, to its win or to the gap the cleanup left."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine.moves import Move
from games.engine.rules import apply
from games.models import Game
from games.steps import steps as game_steps
from solver.deadends import checks, lines, proofs, queue
from solver.deadends.models import (
    PENDING,
    CheckRequest,
    PositionVerdict,
    WinningLine,
    position_key,
)
from solver.search.verdict import Verdict
from tests.web.deals import easy_yukon
from tests.worker import work

pytestmark = pytest.mark.django_db

KINGS = ["KS-f", "KH-f", "KD-f", "KC-f"]


def finished_game(actions: int = 3) -> tuple[Game, list[str]]:
    deal, line = easy_yukon()
    game = Game.objects.create(
        player="alice", deal=deal, actions=line[:actions], ply=actions, result="resigned"
    )  # fmt: skip
    return game, [*line, *KINGS]


def test_a_check_asked_after_the_game_is_searched_and_others_are_dropped():
    game, line = finished_game()
    positions = [step.position for step in game_steps(game)]
    queue.add(game, positions[1], at=position_key(positions[3]))  # asked while it was played
    assert checks.request_after(game, positions[3]) == PENDING
    assert work() == [Verdict.WIN]
    assert not CheckRequest.objects.exists()
    assert not PositionVerdict.objects.filter(key=position_key(positions[1])).exists()
    assert checks.request_after(game, positions[3]) == Verdict.WIN, "known now: nothing asked"
    assert not CheckRequest.objects.exists()


def test_a_line_is_read_to_its_win_or_to_its_gap():
    game, line = finished_game()
    start = game_steps(game)[3].position
    assert lines.follow(start) == lines.Followed((), start, None)
    proofs.store_line(start, line[3:])
    with CaptureQueriesContext(connection) as queries:
        whole = lines.follow(start)
    assert whole.whole and list(whole.moves) == line[3:] and whole.end.is_won
    assert len(queries) == 1, "the row and the rest of its line, together"
    WinningLine.objects.all().delete()  # the row keeps its first move, not the rest
    gap = apply(start, Move.parse(line[3]))
    cut = lines.follow(start)
    assert (list(cut.moves), cut.end, cut.verdict) == (line[3:4], gap, None)


def test_rows_stored_before_lines_were_kept_are_read_row_by_row():
    """Such a row has its first move and no line; the position it reaches has its own row.
    The walk goes on into a row on a stored line just the same."""
    game, line = finished_game()
    rest = line[3:]
    positions = [game_steps(game)[3].position]
    for move in rest[:5]:
        positions.append(apply(positions[-1], Move.parse(move)))
    for i, position in enumerate(positions[:5]):
        PositionVerdict.objects.create(
            key=position_key(position), verdict=Verdict.WIN, move=rest[i], length=len(rest) - i
        )  # fmt: skip
    proofs.store_line(positions[5], rest[5:])
    whole = lines.follow(positions[0])
    assert whole.whole and list(whole.moves) == rest
