"""`manage.py solve`: verdicts as JSON or text, and one-line refusals with exit status 2."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from .reference import reference, replay

ROOT = Path(__file__).resolve().parents[2]


def solve_command(*args: str, stdin: str | None = None) -> str:
    out = io.StringIO()
    if stdin is not None:
        sys_stdin, sys.stdin = sys.stdin, io.StringIO(stdin)
    try:
        call_command("solve", *args, stdout=out)
    finally:
        if stdin is not None:
            sys.stdin = sys_stdin
    return out.getvalue()


@pytest.mark.django_db
def test_it_solves_a_deal_by_number_as_json():
    from games.deals import deal_for, deal_position
    from solver.search import solve

    # Deals depend on DEAL_KEY: take the first number this key makes winnable.
    number = next(
        n for n in range(1, 30)
        if solve(deal_position(deal_for("yukon", n)), budget_nodes=100_000).verdict == "win"
    )  # fmt: skip
    data = json.loads(solve_command("--variant", "yukon", "--number", str(number), "--json"))
    assert set(data) == {"verdict", "moves", "nodes", "seconds"}
    assert data["verdict"] == "win"
    assert replay(deal_position(deal_for("yukon", number)), data["moves"]).is_won


@pytest.mark.django_db
def test_it_solves_a_position_file(tmp_path):
    row = reference("klondike")["klondike-d3-202"]
    path = tmp_path / "position.json"
    path.write_text(json.dumps(row["position"]))
    data = json.loads(
        solve_command(
            "--variant", "klondike", "--position", str(path), "--json", "--budget-seconds", "3"
        )  # fmt: skip
    )
    assert data["verdict"] == "win"
    assert replay(row["position"], data["moves"]).is_won


@pytest.mark.django_db
@pytest.mark.parametrize("engine", ["python", "native"])
def test_either_engine_solves_a_position_file(tmp_path, engine):
    row = reference("klondike")["klondike-d1-202"]
    path = tmp_path / "position.json"
    path.write_text(json.dumps(row["position"]))
    args = ["--variant", "klondike", "--position", str(path), "--json", "--budget-seconds", "5"]
    data = json.loads(solve_command(*args, "--engine", engine))
    assert data["verdict"] == "win"
    assert replay(row["position"], data["moves"]).is_won


@pytest.mark.django_db
def test_it_reads_a_position_from_stdin_and_says_loss_in_words():
    row = reference("klondike")["klondike-d1-201"]
    text = solve_command(
        "--variant", "klondike", "--position", "-", stdin=json.dumps(row["position"])
    )
    assert text.startswith("loss")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("args", "content", "message"),
    [
        (["--variant", "yukon"], "{not json", "not JSON"),
        (["--variant", "yukon"], '{"variant": "yukon", "tableau": []}', "7 columns"),
        (["--variant", "klondike"], None, "the position is yukon"),
        (["--variant", "chess"], None, "--variant"),
        (["--variant", "yukon", "--number", "7"], None, "exactly one"),
        (["--variant", "yukon", "--budget-seconds", "-1"], None, "--budget-seconds"),
        (["--variant", "yukon", "--engine", "rust"], None, "--engine must be native or python"),
        (
            ["--variant", "yukon"],
            '{"variant": "yukon", "tableau": [{"up": ["KH"]}, {}, {}, {}, {}, {}, {}]}',
            "all 52 cards",
        ),
    ],
)
def test_a_bad_position_or_argument_is_one_line_with_status_2(tmp_path, args, content, message):
    path = tmp_path / "position.json"
    if content is None:
        content = json.dumps(reference("yukon")["yukon-1001"]["position"])
    path.write_text(content)
    with pytest.raises(CommandError) as refusal:
        call_command("solve", *args, "--position", str(path))
    assert refusal.value.returncode == 2
    assert message in str(refusal.value)
    assert "\n" not in str(refusal.value)


def test_from_the_shell_a_malformed_file_exits_with_status_2(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text('{"variant": "yukon", "tableau": [')
    done = subprocess.run(
        [sys.executable, "manage.py", "solve", "--variant", "yukon", "--position", str(path)],
        cwd=ROOT, capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1
    assert "not JSON" in done.stderr
