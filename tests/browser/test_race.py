"""A race in Chromium: two players, each in a browser of their own, made, joined and started
through the pages; one's move shows on the other's strip without a reload.

The test server is WSGI, which cannot hold an event stream open (an ASGI server serves
/live/ in production: tests/live/test_server.py), so here every stream breaks at once and
the strip shows the move through its fallback, the poll. That the move is published on the
race's stream is tests/races/test_live.py's."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from races import clock as race_clock
from solver.pool.models import DealVerdict
from tests.web.deals import easy_yukon

from .axe import assert_clean
from .conftest import PHONE

pytestmark = pytest.mark.browser


@pytest.fixture
def skip_countdown():
    """The races' clock runs with the real one, and jumps when told: the countdown is the
    server's to keep, and the test moves past it instead of waiting for it."""
    ahead = {"by": timedelta(0)}
    race_clock.set_source(lambda: timezone.now() + ahead["by"])
    yield lambda seconds: ahead.update(by=ahead["by"] + timedelta(seconds=seconds))
    race_clock.set_source(timezone.now)


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_move_shows_on_the_other_players_strip_and_axe_finds_nothing_on_the_race_pages(
    open_tab, skip_countdown, width
):
    """One race through its pages, at a desktop's size (axe in both schemes) or a phone's:
    made, joined, started, played (at the desktop's, a move of Alice's on Bob's strip) and
    over."""
    deal, line = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict="win", moves=line)
    options = {"viewport": PHONE, "has_touch": True} if width == "phone" else {}
    dark = width == "desktop"

    alice = open_tab("/races/", **options)
    assert_clean(alice.page, f"race form at {width}", dark=dark)
    form = alice.page.get_by_test_id("race-create")
    form.get_by_label("Your name in the race").fill("Alice")
    form.get_by_role("button").click()
    expect(alice.page.get_by_test_id("race-link")).to_be_visible()
    assert_clean(alice.page, f"race waiting for players at {width}", dark=dark)
    link = alice.page.get_by_test_id("race-link").get_attribute("href")

    bob = open_tab(link.removeprefix(alice.base_url), **options)
    for tab in (alice, bob):
        tab.page.context.route("**/live/**", lambda route: route.abort())
    assert_clean(bob.page, f"race to join at {width}", dark=dark)
    bob.page.get_by_label("Your name in the race").fill("Bob")
    bob.page.get_by_test_id("race-join").click()
    expect(bob.page.locator("[data-testid=race-player]")).to_have_count(2)

    start = alice.page.get_by_test_id("race-start")
    expect(start).to_be_enabled()  # Alice's page learns of Bob by itself
    assert_clean(alice.page, f"race ready to start at {width}", dark=dark)
    start.click()
    expect(alice.page.get_by_test_id("race-countdown")).to_be_visible()
    assert_clean(alice.page, f"race countdown at {width}", dark=dark)
    skip_countdown(5)
    # Each page takes its player to their game as the cards are dealt (Bob's is looked at
    # at one size: the move on his strip, below, is not about the size).
    for tab in (alice, bob) if width == "desktop" else (alice,):
        tab.page.wait_for_url("**/game/*/")
        expect(tab.board).to_be_visible()
        expect(tab.page.get_by_test_id("game-number")).to_contain_text(str(deal.number))
    expect(alice.page.get_by_test_id("race-strip")).to_be_visible()
    assert_clean(alice.page, f"race game with its strip at {width}", dark=dark)

    if width == "desktop":
        alice_on_bobs = bob.page.locator("[data-testid=race-player][data-name=Alice]")
        expect(alice_on_bobs).to_have_attribute("data-moves", "0")
        alice.play(line[0])
        expect(alice_on_bobs).to_have_attribute("data-moves", "1")
        expect(alice_on_bobs).to_have_attribute("data-state", "playing")

    skip_countdown(600)  # the time is up
    alice.page.goto(link)
    results = alice.page.get_by_test_id("race-results")
    expect(results).to_be_visible()
    assert_clean(alice.page, f"race results at {width}", dark=dark)
