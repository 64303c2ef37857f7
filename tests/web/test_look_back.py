"""The look-back on a lost line walks again only the steps since it last stopped, and answers
as walking the whole game would (solver/deadends/queue.look_back_on)."""

from __future__ import annotations

import random

import pytest

from games import deals
from games.engine import rules
from games.models import Game
from games.steps import current, steps
from play import actions
from solver.deadends import queue
from solver.deadends.models import Check, PositionVerdict, position_key

pytestmark = pytest.mark.django_db
VERDICTS = [Check.WIN] * 2 + [Check.LOSS] * 3 + [Check.UNKNOWN] * 3


def store(key: str, verdict: str | None) -> None:
    """A verdict as the checks store them: a proven one stands, an undecided one may be
    proven later (and the retention sweep may delete any)."""
    row = PositionVerdict.objects.filter(key=key).first()
    if verdict is None or (row is not None and row.verdict != Check.UNKNOWN):
        return
    PositionVerdict.objects.update_or_create(key=key, defaults={"verdict": verdict})


def test_walking_on_from_where_it_stopped_answers_as_the_whole_walk(alice, monkeypatch):
    rng = random.Random(5)
    game = alice.game_at(deals.deal_for("yukon", 21), [], scoring="none")
    replays = []
    whole = queue.steps
    monkeypatch.setattr(queue, "steps", lambda g: replays.append(g.pk) or whole(g))
    compared = replayed = 0
    for _ in range(300):
        game = Game.objects.get(pk=game.pk)
        step, before = current(game), None
        choice = rng.random()
        if choice < 0.1 and game.actions:
            actions.act(game.pk, alice.player, "undo", game.ply)
        elif choice < 0.85:
            moves = rules.legal_moves(step.position)
            if not moves:
                break
            before = step.position
            actions.act(game.pk, alice.player, "move", game.ply, rng.choice(moves))
        # else: the same step asked about again (a poll)
        game = Game.objects.get(pk=game.pk)
        step = current(game)
        for each in steps(game)[:-1]:  # what the checks found meanwhile, now and then
            if rng.random() < 0.2:
                store(position_key(each.position), rng.choice(VERDICTS))
        stored = sorted(PositionVerdict.objects.values_list("pk", flat=True))
        if stored and rng.random() < 0.05:  # the retention sweep deleted a proof
            PositionVerdict.objects.filter(pk=rng.choice(stored)).delete()
        at = position_key(step.position)
        store(at, Check.LOSS)
        if PositionVerdict.objects.get(key=at).verdict != Check.LOSS:
            continue  # a position met before, winnable: no look-back from it
        earlier = steps(game)[:-1]
        expected = queue.look_back(game, earlier, at, ask=False)
        replays.clear()
        got = queue.look_back_on(game, step, at, rng.random() < 0.5, before)
        assert (got.jump_to, got.searching) == (expected.jump_to, expected.searching)
        if got.jump_to is not None:
            assert got.jump_moves == earlier[got.jump_to].moves
        compared += 1
        replayed += bool(replays)
    assert compared > 100 and replayed < 0.75 * compared, (compared, replayed)


def test_a_lost_line_is_not_replayed_while_it_plays_on(alice, monkeypatch):
    game = alice.game_at(deals.deal_for("yukon", 21), [], scoring="none")
    winnable = position_key(current(game).position)
    PositionVerdict.objects.create(key=winnable, verdict=Check.WIN)
    rng = random.Random(8)
    for turn in range(30):
        game = Game.objects.get(pk=game.pk)
        before = current(game).position
        move = rng.choice(rules.legal_moves(before))
        actions.act(game.pk, alice.player, "move", game.ply, move)
        game = Game.objects.get(pk=game.pk)
        step = current(game)
        at = position_key(step.position)
        if PositionVerdict.objects.filter(key=at).exclude(verdict=Check.LOSS).exists():
            break  # back on the winnable start
        PositionVerdict.objects.get_or_create(key=at, defaults={"verdict": Check.LOSS})
        if turn == 1:  # the first walk replays the game; after it, none does
            monkeypatch.setattr(queue, "steps", pytest.fail)
        back = queue.look_back_on(game, step, at, True, before)
        assert back.jump_to == 0 and back.jump_moves == 0
    assert turn > 20
