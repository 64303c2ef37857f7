"""O(1) actions (issue 11): undo, redo, jumps and replay steps replay a bounded number of
actions from the nearest checkpoint, whatever the game's length, and land exactly where a
replay of the whole game from its deal lands."""

from __future__ import annotations

import random

import pytest

from games.engine import history
from games.models import Checkpoint, Game
from games.steps import CHECKPOINT_EVERY, step_at, steps
from play import actions

from .deals import easy_klondike

pytestmark = pytest.mark.django_db

CYCLE = ["d"] * 24 + ["r"]  # the whole stock turned, then the waste turned back over


@pytest.fixture
def applications(monkeypatch) -> list[int]:
    """Counts every rule application (the real engine's, called through)."""
    count = [0]
    real = history.apply

    def counted(position, move):
        count[0] += 1
        return real(position, move)

    monkeypatch.setattr(history, "apply", counted)
    return count


def played(alice, length: int, *, then_win: bool = False) -> Game:
    """Alice's Klondike game with `length` actions, each played through the action path (and
    then the deal's winning line, with the stock back where the deal had it)."""
    deal, winning = easy_klondike()
    game = alice.game_at(deal, [], draw=1, scoring="standard")
    line = (CYCLE * (length // len(CYCLE) + 1))[:length]
    if then_win:
        assert length % len(CYCLE) == 0
        line += winning
    for ply, move in enumerate(line):
        actions.act(game.pk, "alice", "move", ply, history.parse_action(move))
    return Game.objects.get(pk=game.pk)


def work(applications, do) -> int:
    applications[0] = 0
    do()
    return applications[0]


@pytest.mark.parametrize("length", [10, 700])
def test_undo_redo_jump_and_replay_steps_cost_a_bounded_number_of_rule_applications(
    alice, applications, length
):
    game = played(alice, length)
    assert game.checkpoints.count() == length // CHECKPOINT_EVERY
    bound = CHECKPOINT_EVERY

    def act(action: str, step: int = 0) -> None:
        ply = Game.objects.get(pk=game.pk).ply
        actions.act(game.pk, "alice", action, ply, step=step)

    assert work(applications, lambda: act("undo")) <= bound
    assert work(applications, lambda: act("redo")) <= bound
    assert work(applications, lambda: act("jump", step=length // 2)) <= bound
    assert work(applications, lambda: act("undo")) <= bound
    finished = Game.objects.get(pk=game.pk)
    assert work(applications, lambda: step_at(finished, length // 3)) <= bound


def test_the_replay_page_of_a_long_game_replays_little(alice, applications):
    """Stepping through a long replay. The game is won, its stock turned through 28 times and
    back where the deal had it before the winning line: a resigned game's replay also shows
    where it was lost (play.review), which reads every step once."""
    game = played(alice, 700, then_win=True)
    assert game.result == "won"
    applications[0] = 0
    response = alice.client.get(f"/replay/{game.replay_slug}/", {"step": 650})
    assert response.status_code == 200
    # The page's step, plus the rules' targets for nothing (the replay shows none).
    assert applications[0] <= CHECKPOINT_EVERY


def test_every_step_matches_a_replay_from_the_deal_after_undos_jumps_and_redos(alice):
    """Random play through the action path, then every step is compared with the replay of
    the whole game: checkpoints written, moved and dropped by the way never disagree."""
    deal, _ = easy_klondike()
    game = alice.game_at(deal, [], draw=1, scoring="standard")
    rng = random.Random(11)
    for _ in range(400):
        game.refresh_from_db()
        choice = rng.random()
        try:
            if choice < 0.1 and game.actions:
                actions.act(game.pk, "alice", "undo", game.ply)
            elif choice < 0.15 and game.redo:
                actions.act(game.pk, "alice", "redo", game.ply)
            elif choice < 0.2 and game.actions:
                step = rng.randrange(len(game.actions))
                actions.act(game.pk, "alice", "jump", game.ply, step=step)
            else:
                position = step_at(game, game.ply).position
                move = "d" if position.stock else "r"
                actions.act(game.pk, "alice", "move", game.ply, history.parse_action(move))
        except actions.IllegalMove:
            pass
    game.refresh_from_db()
    assert len(game.actions) > 2 * CHECKPOINT_EVERY and any(a[0] == "@" for a in game.actions)
    full = steps(game)
    for index in range(len(full)):
        assert step_at(game, index) == full[index], index
    stored = set(Checkpoint.objects.filter(game=game).values_list("index", flat=True))
    wanted = {
        i
        for i in range(1, len(game.actions) + 1)
        if i % CHECKPOINT_EVERY == 0 or game.actions[i - 1].startswith("@")
    }
    assert stored == wanted


def test_a_game_without_checkpoints_is_replayed_from_its_deal(alice):
    deal, _ = easy_klondike()
    old = alice.game_at(deal, (CYCLE * 3)[:70], draw=1, scoring="standard")
    assert not old.checkpoints.exists()
    assert step_at(old, 70) == steps(old)[70]
    alice.act(old, action="undo")
    assert Game.objects.get(pk=old.pk).ply == 69
