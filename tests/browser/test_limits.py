"""A rate limit's refusal at the table (issue 11): htmx does not swap a 429, so the table's
script shows its plain message in the board's alert line, and nothing moves."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.deals import EASY_YUKON, easy_yukon

pytestmark = pytest.mark.browser


def test_a_move_over_the_limit_is_refused_in_plain_words(open_tab, transactional_db, settings):
    settings.RATE_LIMITS = {**settings.RATE_LIMITS, "action": (2, 100, 24 * 3600)}
    _, line = easy_yukon()
    tab = open_tab(f"/yukon/{EASY_YUKON}/")
    tab.play(line[0])  # the first action, at the deal's address
    tab.play(line[1])
    card = line[2].split("-")[0]
    tab.tap(card)
    tab.tap_pile(next(t for t in tab.targets(card) if t.startswith("f")))

    expect(tab.alert).to_contain_text("That is more moves than this site takes")
    expect(tab.alert).to_contain_text("nothing was done")
    expect(tab.counter).to_have_text("2")
    assert tab.ply == 2
