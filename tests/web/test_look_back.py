"""The look-back on a lost line walks again only the steps since it last stopped, and answers
as walking the whole game would (solver/deadends/lookback.look_back_on)."""

from __future__ import annotations

import random

import pytest
from django.db import transaction

from games import deals
from games.engine import rules
from games.engine.positions import Position
from games.engine.rules import move_back
from games.models import Game
from games.steps import current, steps
from play import actions
from solver.deadends import lookback
from solver.deadends.models import CheckRequest, PositionVerdict, position_key
from solver.search.verdict import Verdict

pytestmark = pytest.mark.django_db
VERDICTS = [Verdict.WIN] * 2 + [Verdict.LOSS] * 3 + [Verdict.UNKNOWN] * 3


def store(key: str, verdict: str | None, proven: dict[str, str]) -> None:
    """A verdict as the checks store them: a proven one stands, an undecided one may be
    proven later (and the retention sweep may delete any). What was once proven of a
    position, in `proven`, is what a check proves of it again after a sweep."""
    row = PositionVerdict.objects.filter(key=key).first()
    verdict = proven.get(key, verdict)
    if verdict is None or (row is not None and row.verdict != Verdict.UNKNOWN):
        return
    PositionVerdict.objects.update_or_create(key=key, defaults={"verdict": verdict})
    if verdict != Verdict.UNKNOWN:
        proven[key] = verdict


def store_each(found: list[tuple[str, str]], proven: dict[str, str]) -> None:
    """`store` for each (key, verdict) in turn, in two queries or so rather than two a key:
    the rows read at once, `store`'s rule run over them here, and only what it changes written
    (new rows in the order `store` would have made them)."""
    rows = dict(
        PositionVerdict.objects.filter(key__in={key for key, _ in found}).values_list(
            "key", "verdict"
        )
    )
    created: dict[str, str] = {}
    changed: dict[str, str] = {}
    for key, verdict in found:
        verdict = proven.get(key, verdict)
        if key in rows and rows[key] != Verdict.UNKNOWN:
            continue
        (changed if key in rows and key not in created else created)[key] = verdict
        rows[key] = verdict
        if verdict != Verdict.UNKNOWN:
            proven[key] = verdict
    PositionVerdict.objects.bulk_create(
        PositionVerdict(key=k, verdict=v) for k, v in created.items()
    )
    for key, verdict in changed.items():
        PositionVerdict.objects.filter(key=key).update(verdict=verdict)


class _Undone(Exception):
    pass


def whole_walk(game: Game, at: str, restored: dict[str, str]) -> tuple[int | None, bool]:
    """The look-back that replays the whole game, with the swept proofs in `restored` (by
    key) stored again for it, and deleted again after."""
    try:
        with transaction.atomic():
            PositionVerdict.objects.bulk_create(
                PositionVerdict(key=key, verdict=verdict) for key, verdict in restored.items()
            )
            back = lookback.look_back(game, steps(game)[:-1], at, ask=False)
            raise _Undone
    except _Undone:
        return back.jump_to, back.searching


def test_walking_on_from_where_it_stopped_answers_as_the_whole_walk(alice, monkeypatch):
    rng = random.Random(5)
    game = alice.game_at(deals.deal_for("yukon", 21), [], scoring="none")
    replays = []
    whole = lookback.steps
    monkeypatch.setattr(lookback, "steps", lambda g: replays.append(g.pk) or whole(g))
    compared = replayed = 0
    proven: dict[str, str] = {}
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
        found = []  # what the checks found meanwhile, now and then
        for each in steps(game)[:-1]:
            if rng.random() < 0.2:
                found.append((position_key(each.position), rng.choice(VERDICTS)))
        store_each(found, proven)
        stored = sorted(PositionVerdict.objects.values_list("pk", flat=True))
        if stored and rng.random() < 0.05:  # the retention sweep deleted a proof
            PositionVerdict.objects.filter(pk=rng.choice(stored)).delete()
        at = position_key(step.position)
        store(at, Verdict.WIN if rng.random() < 0.25 else Verdict.LOSS, proven)
        if PositionVerdict.objects.get(key=at).verdict != Verdict.LOSS:
            continue  # winnable, now or when met before: no look-back from it
        # A walk on from an earlier one holds to what it found proven there, its proof swept
        # since or not; the whole walk reads the proofs as they are now.
        stored_keys = set(PositionVerdict.objects.values_list("key", flat=True))
        swept = {key: verdict for key, verdict in proven.items() if key not in stored_keys}
        expected = {whole_walk(game, at, {})}
        if swept:
            expected.add(whole_walk(game, at, swept))
        replays.clear()
        got = lookback.look_back_on(game, step, at, rng.random() < 0.5, before)
        assert (got.jump_to, got.searching) in expected
        if got.jump_to is not None:
            assert got.jump_moves == steps(game)[got.jump_to].moves
        compared += 1
        replayed += bool(replays)
    assert compared > 100 and replayed < 0.75 * compared, (compared, replayed)


def test_a_lost_line_is_not_replayed_while_it_plays_on(alice, monkeypatch):
    game = alice.game_at(deals.deal_for("yukon", 21), [], scoring="none")
    winnable = position_key(current(game).position)
    PositionVerdict.objects.create(key=winnable, verdict=Verdict.WIN)
    rng = random.Random(8)
    for turn in range(30):
        game = Game.objects.get(pk=game.pk)
        before = current(game).position
        move = rng.choice(rules.legal_moves(before))
        actions.act(game.pk, alice.player, "move", game.ply, move)
        game = Game.objects.get(pk=game.pk)
        step = current(game)
        at = position_key(step.position)
        if PositionVerdict.objects.filter(key=at).exclude(verdict=Verdict.LOSS).exists():
            break  # back on the winnable start
        PositionVerdict.objects.get_or_create(key=at, defaults={"verdict": Verdict.LOSS})
        if turn == 1:  # the first walk replays the game; after it, none does
            monkeypatch.setattr(lookback, "steps", pytest.fail)
        back = lookback.look_back_on(game, step, at, True, before)
        assert back.jump_to == 0 and back.jump_moves == 0
    assert turn > 20


def test_a_lost_line_played_on_reads_no_proven_step_again(alice, monkeypatch):
    """The steps a walk found proven are not read again, their proofs swept since or not."""
    game = alice.game_at(deals.deal_for("yukon", 21), [], scoring="none")
    winnable = position_key(current(game).position)
    PositionVerdict.objects.create(key=winnable, verdict=Verdict.WIN)
    rng = random.Random(3)
    read = lookback._verdicts_by_key
    asked: list[set[str]] = []

    def reading(keys) -> dict[str, str]:
        asked.append(set(keys))
        return read(asked[-1])

    monkeypatch.setattr(lookback, "_verdicts_by_key", reading)
    for turn in range(12):
        game = Game.objects.get(pk=game.pk)
        before = current(game).position
        actions.act(game.pk, alice.player, "move", game.ply, rng.choice(rules.legal_moves(before)))
        game = Game.objects.get(pk=game.pk)
        step = current(game)
        at = position_key(step.position)
        assert at != winnable
        PositionVerdict.objects.get_or_create(key=at, defaults={"verdict": Verdict.LOSS})
        if turn == 6:  # the retention sweep deleted every proof
            PositionVerdict.objects.exclude(key=at).delete()
            monkeypatch.setattr(lookback, "steps", pytest.fail)
        asked.clear()
        back = lookback.look_back_on(game, step, at, False, before)
        assert back.jump_to == 0 and back.jump_moves == 0
        assert asked == ([{winnable}] if turn == 0 else [])


def test_a_walk_that_stopped_at_a_step_not_checked_walks_on_from_it(alice, monkeypatch):
    """A lost line above a step with no verdict: the walk asks for that step, and on each
    move after, asks for it again without replaying the game, then jumps to it once it is
    proven winnable."""
    game = alice.game_at(deals.deal_for("yukon", 21), [], scoring="none")
    start = current(game).position
    PositionVerdict.objects.create(key=position_key(start), verdict=Verdict.WIN)
    rng = random.Random(4)

    def play(move) -> tuple[Game, str, Position]:
        before = current(game).position
        actions.act(game.pk, alice.player, "move", game.ply, move)
        moved = Game.objects.get(pk=game.pk)
        at = position_key(current(moved).position)
        PositionVerdict.objects.get_or_create(key=at, defaults={"verdict": Verdict.LOSS})
        return moved, at, before

    game, _, _ = play(rng.choice(rules.legal_moves(start)))
    unchecked = current(game).position  # step 1: its move on cannot go straight back
    one_way = [move for move in rules.legal_moves(unchecked) if move_back(unchecked, move) is None]
    PositionVerdict.objects.filter(key=position_key(unchecked)).delete()
    game, at, before = play(one_way[0])
    back = lookback.look_back_on(game, current(game), at, True, before)
    assert (back.jump_to, back.searching, back.asked) == (None, True, True)
    monkeypatch.setattr(lookback, "steps", pytest.fail)  # no walk after this one replays
    for _ in range(3):
        game, at, before = play(rng.choice(rules.legal_moves(current(game).position)))
        back = lookback.look_back_on(game, current(game), at, True, before)
        assert (back.jump_to, back.searching) == (None, True)
        assert CheckRequest.objects.filter(game=game, key=position_key(unchecked)).exists()
    PositionVerdict.objects.create(key=position_key(unchecked), verdict=Verdict.WIN)
    game, at, before = play(rng.choice(rules.legal_moves(current(game).position)))
    back = lookback.look_back_on(game, current(game), at, True, before)
    assert (back.jump_to, back.jump_moves, back.searching) == (1, 1, False)


def test_a_deal_lost_from_the_start_is_not_replayed_while_it_plays_on(alice, monkeypatch):
    game = alice.game_at(deals.deal_for("yukon", 21), [], scoring="none")
    PositionVerdict.objects.create(key=position_key(current(game).position), verdict=Verdict.LOSS)
    rng = random.Random(6)
    for turn in range(10):
        before = current(game).position
        actions.act(game.pk, alice.player, "move", game.ply, rng.choice(rules.legal_moves(before)))
        game = Game.objects.get(pk=game.pk)
        at = position_key(current(game).position)
        PositionVerdict.objects.get_or_create(key=at, defaults={"verdict": Verdict.LOSS})
        if turn == 1:  # the first walk replays the game; after it, none does
            monkeypatch.setattr(lookback, "steps", pytest.fail)
        back = lookback.look_back_on(game, current(game), at, True, before)
        assert back == lookback.Back()  # lost from the start: nowhere to jump back to
