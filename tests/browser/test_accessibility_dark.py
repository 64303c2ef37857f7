"""Issue 23 in Chromium: the pages and states the sweeps of test_accessibility_axe.py do not
reach (form errors, the password pages, an empty pool, a challenge, private and asked-for
replays), each checked by axe at 1280 px in the light and the dark scheme, colour contrast
included, with screenshots at both sizes in both schemes (forced colours:
test_accessibility_phones_and_colours.py)."""

from __future__ import annotations

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from daily.services import sharing
from games.deals import deal_for
from games.models import Game, new_slug

from . import accessibility, screenshots
from .accessibility import DAILY, NUMBER
from .axe import assert_clean
from .test_accounts import PASSWORD, sign_up

pytestmark = pytest.mark.browser

worked_example = accessibility.worked_example
todays_daily = accessibility.todays_daily

BOTH_SIZES = ("desktop", "phone")


def check(page, state: str) -> None:
    """axe in both schemes at this size, then the screenshots at both sizes."""
    assert_clean(page, state, dark=True, shot=False)
    screenshots.shoot(page, state, sizes=BOTH_SIZES)


def finished_by_zoe(number: int) -> str:
    """Another player's finished game on the deal: its replay's address."""
    game = Game.objects.create(
        player="zoe", deal=deal_for("yukon", number), result="resigned", moves=0,
        replay_slug=new_slug(), finished=timezone.now(),
    )  # fmt: skip
    return f"/replay/{game.replay_slug}/"


def test_axe_finds_nothing_on_the_other_pages_in_either_scheme(
    open_tab, worked_example, todays_daily
):
    tab = open_tab("/accounts/signup/")
    page = tab.page
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator(".form-errors")).to_be_visible()
    check(page, "signup with errors")
    tab.open("/accounts/login/")
    page.get_by_label("Username").fill("nobody")
    page.get_by_label("Password").fill("not the password")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".form-errors")).to_be_visible()
    check(page, "login refused")
    for state, path in {
        "password reset sent": "/accounts/password_reset/done/",
        "password reset link spent": "/accounts/reset/MQ/spent-0123456789abcdef/",
        "pool empty": "/klondike/?draw=3&scoring=vegas",
        "replay private": finished_by_zoe(DAILY),
        "replay ask": finished_by_zoe(NUMBER),
        "challenge": "/challenge/"
        + sharing.token(sharing.Challenge("yukon", NUMBER, None, "none", 61, 57))
        + "/",
    }.items():
        tab.open(path)
        check(page, state)
    sign_up(page, tab.base_url, "erin")  # the signed-in pages and the nav that says so
    tab.open("/accounts/password_change/")
    check(page, "password change")
    new = "a brand new passphrase"
    page.get_by_label("Old password").fill(PASSWORD)
    page.get_by_label("New password:", exact=True).fill(new)
    page.get_by_label("New password confirmation").fill(new)
    page.get_by_role("button", name="Change my password").click()
    expect(page.get_by_role("heading", name="Password changed")).to_be_visible()
    check(page, "password changed")
