"""Issue 37 in Chromium: the statistics chart reads at every size (its labels at least 12 px
as drawn, not the SVG's units shrunk by a phone or blown up by a desktop) and draws no result
bar under its 0 % line, where a bar would read as a rate below zero."""

from __future__ import annotations

import datetime as dt

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from playwright.sync_api import expect

from games.deals import deal_for
from games.models import Game, Result
from visitors.players import account_player

from .test_accounts import sign_up

pytestmark = pytest.mark.browser

SIZES = [(1280, 800), (1920, 1080), (360, 740), (320, 700)]
# Each label's size as drawn (its font size times the SVG's scale on screen), each bar's
# bottom against the 0 % line's.
MEASURE = """() => {
  const svg = document.querySelector("[data-testid=results-chart]");
  const scale = svg.getScreenCTM().a;
  const zero = svg.querySelector("line.grid[data-tick='0%']").getBoundingClientRect().top;
  return {
    labels: [...svg.querySelectorAll("text")].map((t) =>
      [t.textContent, parseFloat(getComputedStyle(t).fontSize) * scale]),
    below: [...svg.querySelectorAll("rect[data-result]")]
      .map((r) => r.getBoundingClientRect().bottom - zero).filter((d) => d > 0.5),
  };
}"""


def test_the_chart_labels_read_and_no_bar_hangs_under_the_zero_line_at_every_size(open_tab):
    tab = open_tab("/")
    sign_up(tab.page, tab.base_url, "charted")
    player = account_player(User.objects.get(username="charted").pk)
    now = timezone.now()
    for i, won in enumerate([True, False, True, True, False, False, True, True, False, True]):
        Game.objects.create(
            player=player, deal=deal_for("yukon", 7000 + i), actions=["AS-f"] * 5, ply=5,
            result=Result.WON if won else Result.RESIGNED, moves=100 if won else None,
            started=now - dt.timedelta(hours=20 - i), finished=now - dt.timedelta(hours=19 - i),
        )  # fmt: skip
    for width, height in SIZES:  # one player, the page loaded afresh at each size
        tab.page.set_viewport_size({"width": width, "height": height})
        tab.open("/stats/")
        expect(tab.page.get_by_test_id("chart-summary")).to_contain_text("6 won and 4 lost")
        found = tab.page.evaluate(MEASURE)
        assert len(found["labels"]) == 5, found["labels"]  # 100 %, 50 %, 0 %, won, lost
        small = [(text, round(px, 1)) for text, px in found["labels"] if px < 12]
        assert not small, f"labels under 12 px at {width}: {small}"
        big = [(text, round(px, 1)) for text, px in found["labels"] if px > 20]
        assert not big, f"labels blown up at {width}: {big}"
        assert found["below"] == [], f"bars under the 0 % line at {width}"
