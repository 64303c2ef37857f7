"""The game row's two statements on every action in SQL of their own (games.rows): the read
gives the Game the ORM gives, field for field, and the write lands only where the ORM's
conditional UPDATE did, on both databases (CI runs PostgreSQL, the smoke run SQLite); the
write with a read beside it (`save_reading`) lands the same and gives that read's rows."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
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


def test_the_write_with_a_read_gives_its_rows_only_when_it_lands(alice, bob):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    other = bob.start("yukon", WORKED_EXAMPLE)
    slugs = "SELECT slug, player FROM games_game WHERE id IN (%s, %s) ORDER BY id"
    game.actions, read = ["9S-t5"], game.version
    game.version = read + 1  # read before another save: nothing written, nothing read
    assert rows.save_reading(game, slugs, [game.pk, other.pk]) is None
    assert Game.objects.get(pk=game.pk).actions == [] and game.ply == 0
    game.version = read
    with CaptureQueriesContext(connection) as sent:
        found = rows.save_reading(game, slugs, [game.pk, other.pk])
    assert found == [(game.slug, alice.player), (other.slug, bob.player)]
    assert len(sent) == (1 if connection.vendor == "postgresql" else 2)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.actions, stored.ply, stored.version) == (["9S-t5"], 1, read + 1)
    assert (game.ply, game.version, game.updated) == (1, read + 1, stored.updated)
    game.actions = ["9S-t5", "undo"]
    assert rows.save_reading(game, slugs + " LIMIT 0", [game.pk, other.pk]) == []  # none
    assert Game.objects.get(pk=game.pk).actions == ["9S-t5", "undo"]
