"""`manage.py cleanup` for operators: --dry-run says what would go, a run deletes it,
--storage prints what each table holds."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from games.models import Game
from retention.sweep import Ages
from solver.deadends.models import PositionVerdict

from . import rows

pytestmark = pytest.mark.django_db

AGES = Ages.from_settings()


def cleanup(**options) -> str:
    out = StringIO()
    call_command("cleanup", stdout=out, **options)
    return out.getvalue()


@pytest.fixture
def abandoned() -> Game:
    """A game left alone past the age, with a verdict on each position of its line."""
    long_ago = timezone.now() - AGES.games - timedelta(days=1)
    game = rows.game("alice", ["7S-t7", "KC-t1"], updated=long_ago)
    for position in rows.positions(game):
        rows.verdict(position, long_ago)
    return game


def test_a_dry_run_says_what_would_go_and_changes_nothing(abandoned):
    out = cleanup(dry_run=True)

    assert "Dry run: nothing changed" in out
    assert "        1  abandoned unfinished games deleted" in out
    assert "        3  position verdicts no game being played needs, deleted" in out
    assert Game.objects.count() == 1 and PositionVerdict.objects.count() == 3


def test_a_run_deletes_what_the_dry_run_counted(abandoned):
    out = cleanup()

    assert "Dry run" not in out
    assert "        1  abandoned unfinished games deleted" in out
    assert "        3  position verdicts no game being played needs, deleted" in out
    assert Game.objects.count() == 0 and PositionVerdict.objects.count() == 0


def test_storage_prints_rows_and_bytes_per_table(abandoned):
    out = cleanup(storage=True)

    table = {line.split()[0]: line.split()[1:] for line in out.splitlines()[1:]}
    assert table["games_game"][0] == "1"
    assert table["solver_positionverdict"][0] == "3"
    assert int(table["solver_positionverdict"][1]) > 0
    assert int(table["total"][1]) >= int(table["solver_positionverdict"][1])
    assert Game.objects.count() == 1, "--storage changes nothing"
