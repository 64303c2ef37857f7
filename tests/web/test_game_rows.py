"""The game row's two statements on every action in SQL of their own (games.rows): the read
gives the Game the ORM gives, field for field, and the write lands only where the ORM's
conditional UPDATE did, on both databases (CI runs PostgreSQL, the smoke run SQLite)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from games import rows
from games.models import Game, Result

from .deals import WORKED_EXAMPLE, worked_example

pytestmark = pytest.mark.django_db


def fields(game: Game) -> dict:
    return {field.attname: getattr(game, field.attname) for field in Game._meta.concrete_fields}


def test_the_read_gives_the_orms_game_field_for_field(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    alice.move(game, "9S-t5")
    Game.objects.filter(pk=game.pk).update(review={"moves": [1, 2]}, finished=timezone.now())
    read = rows.own_game(game.slug, alice.player)
    assert fields(read) == fields(Game.objects.get(pk=game.pk))
    assert read.actions == ["9S-t5"] and isinstance(read.state, dict)
    assert read.updated.tzinfo is not None and read.new_record is False
    assert not read._state.adding  # saved later, it is an UPDATE, as for the ORM's own


def test_the_read_finds_nothing_of_another_player_or_slug(alice, bob):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    assert rows.own_game(game.slug, bob.player) is None
    assert rows.own_game("no-such-slug", alice.player) is None


def test_the_write_lands_only_on_the_version_read_and_while_unfinished(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    game.actions, game.undos = ["9S-t5"], 3
    game.started = timezone.now() - timedelta(minutes=5)
    read = game.version
    game.version = read + 1  # as if read after another save: nothing written
    assert not rows.save_at(game)
    assert Game.objects.get(pk=game.pk).actions == [] and game.ply == 0
    game.version = read
    assert rows.save_at(game)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.actions, stored.ply, stored.undos) == (["9S-t5"], 1, 3)
    assert stored.started == game.started and stored.updated == game.updated
    assert (game.ply, game.version, stored.version) == (1, read + 1, read + 1)
    Game.objects.filter(pk=game.pk).update(result=Result.RESIGNED)
    game.actions = ["9S-t5", "undo"]
    assert not rows.save_at(game)  # finished: nothing written
    assert Game.objects.get(pk=game.pk).actions == ["9S-t5"]
