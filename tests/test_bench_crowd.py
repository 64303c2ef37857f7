"""The load test's verdict latency (bench/crowd.py) on made-up moves: what counts as decided
while the player stood on the position, what is late, and what was dropped and not counted."""

from __future__ import annotations

import math
from datetime import UTC, datetime

from bench.crowd import LATE_SECONDS, Seen, fate, shared, summarize

END = 1000.0


def seen(sent: float, left: float | None, state: str = "pending", answered: float = 0.0) -> Seen:
    return Seen("random", "yukon", "/game/x/", ("7S-t7",), sent, answered or sent + 0.05, state,
                left)  # fmt: skip


def row(verdict: str, at: float) -> tuple[str, datetime]:
    return verdict, datetime.fromtimestamp(at, UTC)


def test_a_verdict_known_in_the_answer_takes_the_answer_s_time():
    what, seconds = fate(seen(10.0, 12.0, "loss", answered=10.25), None, END)
    assert (what, seconds) == ("at once", 0.25)


def test_a_verdict_decided_while_the_player_stood_there_counts_from_the_move():
    assert fate(seen(10.0, 12.0), row("win", 11.5), END) == ("decided", 1.5)
    assert fate(seen(10.0, 12.0), row("loss", 3.0), END) == ("decided", 0.0), "known before"
    assert fate(seen(10.0, None), row("win", 999.0), END)[0] == "decided", "the last stood on"


def test_after_the_player_left_it_is_late_within_a_check_s_time_else_dropped():
    assert fate(seen(10.0, 12.0), row("win", 12.0 + LATE_SECONDS), END)[0] == "late"
    assert fate(seen(10.0, 12.0), row("win", 12.1 + LATE_SECONDS), END)[0] == "dropped"
    assert fate(seen(10.0, 12.0), None, END)[0] == "dropped"
    assert fate(seen(10.0, None), None, END)[0] == "open"


def test_a_check_that_could_not_decide_counts_against():
    assert fate(seen(10.0, 12.0), row("unknown", 11.0), END)[0] == "unknown"
    assert fate(seen(10.0, 12.0), row("unknown", 20.0), END)[0] == "dropped"


def test_the_share_decided_leaves_out_dropped_and_open_checks():
    fates = [("at once", 0.1)] * 6 + [("decided", 1.0), ("decided", 2.0)]
    fates += [("late", math.nan), ("unknown", math.nan), ("dropped", math.nan), ("open", math.nan)]
    got = summarize(fates)
    assert got["counted"] == 10 and got["share"] == 0.8
    assert (got["p50"], got["p95"], got["max"], got["searched p95"]) == (0.1, 2.0, 2.0, 2.0)


def test_a_replay_goes_on_from_the_actions_two_moments_share():
    assert shared(["7S-t7", "KC-t1"], ["7S-t7", "4D-t6"]) == 1
    assert shared(["7S-t7"], ["7S-t7", "@0"]) == 1
    assert shared([], ["d"]) == 0
