"""A mode carries its passes and its query string (the Klondike page, "Scoring")."""

from __future__ import annotations

import pytest

from games.engine.modes import Mode


@pytest.mark.parametrize(
    ("mode", "passes", "query"),
    [
        (Mode.yukon(), None, ""),
        (Mode("klondike", 1, "standard"), None, "?draw=1&scoring=standard"),
        (Mode("klondike", 3, "none"), None, "?draw=3&scoring=none"),
        (Mode("klondike", 1, "vegas"), 1, "?draw=1&scoring=vegas"),
        (Mode("klondike", 3, "vegas"), 3, "?draw=3&scoring=vegas"),
    ],
)
def test_vegas_gives_one_pass_in_draw_1_and_three_in_draw_3_and_the_rest_unlimited(
    mode, passes, query
):
    assert (mode.passes, mode.query) == (passes, query)
    assert mode.stored == {"draw": mode.draw, "scoring": mode.scoring, "passes": passes}


def test_switching_the_draw_or_the_scoring_keeps_the_rest():
    vegas = Mode("klondike", 1, "vegas")
    assert vegas.with_draw(3) == Mode("klondike", 3, "vegas")
    assert vegas.with_scoring("standard").query == "?draw=1&scoring=standard"


@pytest.mark.parametrize(
    ("variant", "draw", "scoring"),
    [("spider", None, "none"), ("yukon", 1, "none"), ("klondike", None, "standard"),
     ("klondike", 2, "standard"), ("klondike", 1, "golf")],
)  # fmt: skip
def test_a_mode_that_does_not_exist_is_refused(variant, draw, scoring):
    with pytest.raises(ValueError):
        Mode(variant, draw, scoring)
