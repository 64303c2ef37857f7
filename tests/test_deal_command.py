"""`manage.py deal`: the deal of a game number as Position JSON or as a table."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from games.engine.deal import deal
from games.engine.positions import Position
from games.models import Deal

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> str:
    out = StringIO()
    call_command("deal", *args, stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_it_prints_the_position_json_of_the_keyed_deal():
    data = json.loads(run("--variant", "yukon", "--number", "42", "--json"))
    assert data == deal("yukon", 42, settings.DEAL_KEY).to_json()
    assert Position.from_json(data).face_down_count == 21


@pytest.mark.django_db
def test_it_prints_klondike_in_draw_1_or_draw_3():
    assert json.loads(run("--variant", "klondike", "--number", "7", "--json"))["draw"] == 1
    data = json.loads(run("--variant", "klondike", "--number", "7", "--json", "--draw", "3"))
    assert data == deal("klondike", 7, settings.DEAL_KEY, draw=3).to_json()


@pytest.mark.django_db
def test_it_stores_nothing():
    run("--variant", "yukon", "--number", "42", "--json")
    assert not Deal.objects.exists()


@pytest.mark.django_db
def test_a_stored_deal_wins_over_the_key():
    """Once a number is dealt, the Deal row is the truth, even if DEAL_KEY changed since."""
    other = deal("klondike", 99, b"an-older-key")
    order = [card for column in other.tableau for card in column.down + column.up]
    order += list(other.stock)
    Deal.objects.create(variant="klondike", number=99, cards="".join(c.code for c in order))
    data = json.loads(run("--variant", "klondike", "--number", "99", "--json"))
    assert data == other.to_json()
    assert data != deal("klondike", 99, settings.DEAL_KEY).to_json()


@pytest.mark.django_db
def test_the_table_hides_face_down_cards_and_counts_the_stock():
    text = run("--variant", "klondike", "--number", "3")
    position = deal("klondike", 3, settings.DEAL_KEY)
    assert text.startswith("Klondike #3 · draw 1\n")
    assert text.count("▒▒") == 21
    assert "stock        24 cards, face down" in text
    for column in position.tableau:
        assert column.up[0].label in text
    hidden = [card for column in position.tableau for card in column.down] + list(position.stock)
    assert not any(card.label in text for card in hidden)
    rows = text.splitlines()
    assert rows[2].split() == [f"t{i}" for i in range(1, 8)]
    assert rows[3].split()[0] == position.tableau[0].up[0].label


@pytest.mark.django_db
def test_the_yukon_table_shows_31_cards_face_up():
    text = run("--variant", "yukon", "--number", "3")
    assert text.startswith("Yukon #3\n") and text.count("▒▒") == 21
    assert "21 face down, 31 face up in the columns" in text
    assert "stock" not in text


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--variant", "chess", "--number", "1"], "--variant must be yukon or klondike ('chess')"),
        (["--number", "1"], "--variant must be yukon or klondike (missing)"),
        (["--variant", "yukon"], "--number is missing"),
        (["--variant", "yukon", "--number", "0"], "Game numbers run from 1 to 2147483647"),
        (["--variant", "yukon", "--number", "-1"], "'-1' is not a game number"),
        (["--variant", "yukon", "--number", "2147483648"], "Game numbers run from 1 to"),
        (["--variant", "yukon", "--number", "abc"], "'abc' is not a game number"),
        (["--variant", "yukon", "--number", "12x"], "'12x' is not a game number"),
        (["--variant", "klondike", "--number", "5", "--draw", "2"], "--draw must be 1 or 3"),
        (["--variant", "yukon", "--number", "5", "--draw", "3"], "--draw is for Klondike only"),
    ],
)
def test_bad_arguments_are_a_command_error_with_exit_status_2(args, message):
    with pytest.raises(CommandError) as caught:
        call_command("deal", *args)
    assert message in str(caught.value)
    assert caught.value.returncode == 2


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", "deal", *args],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "args",
    [["--variant", "chess", "--number", "1"], ["--variant", "yukon", "--number", "12x"]],
)
def test_from_the_shell_a_bad_argument_is_one_line_and_exit_status_2(args):
    result = manage(*args)
    assert result.returncode == 2
    assert result.stdout == ""
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


def test_from_the_shell_without_a_deal_table_it_deals_from_the_key(tmp_path):
    """A database with no tables yet: a warning on stderr, and the key's deal on stdout."""
    result = manage(
        "--variant", "yukon", "--number", "5", "--json",
        DEAL_KEY="test-key", DATABASE_URL=f"sqlite:///{tmp_path / 'empty.sqlite3'}",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == deal("yukon", 5, b"test-key").to_json()
    assert "Deal table not readable" in result.stderr
