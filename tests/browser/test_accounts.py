"""Accounts, records and statistics in Chromium, as a player uses them: sign up, win, and find
the record from a fresh browser; play as a visitor, then sign up and keep those games; the
statistics page draws the games just played."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.web.deals import EASY_YUKON, easy_yukon

from .conftest import PlayerTab

pytestmark = pytest.mark.browser

PASSWORD = "a long enough passphrase"


def sign_up(page: Page, base_url: str, username: str) -> None:
    """Sign up as `username`, from the sign-up page (gone to, unless the page is on it)."""
    if page.url != base_url + "/accounts/signup/":
        page.goto(base_url + "/accounts/signup/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_label("Password confirmation").fill(PASSWORD)
    page.get_by_role("button", name="Sign up").click()
    expect(page.get_by_test_id("signed-in")).to_have_text(f"Signed in as {username}")


def log_in(page: Page, base_url: str, username: str) -> None:
    page.goto(base_url + "/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password:", exact=True).fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("signed-in")).to_have_text(f"Signed in as {username}")


def finish(tab: PlayerTab) -> None:
    """Press Auto-finish; the result card shows."""
    tab.finish_button.click()
    expect(tab.page.get_by_test_id("result")).to_be_visible()


def record_moves(page: Page, game: str):
    row = page.locator("tr", has=page.get_by_role("link", name=game, exact=True))
    return row.first.get_by_test_id("best-moves")


def test_sign_up_win_and_find_the_record_from_a_fresh_browser(open_tab, live_server):
    _, line = easy_yukon()
    tab = open_tab("/accounts/signup/")
    sign_up(tab.page, live_server.url, "carol")

    tab.open(f"/yukon/{EASY_YUKON}/")
    tab.post_actions(line[:-4])  # the line's moves, then its last ones tapped
    tab.play_line(line[-4:])
    finish(tab)
    moves = tab.page.get_by_test_id("result-moves").inner_text()
    assert moves == "52"
    expect(tab.page.get_by_test_id("moves-counted")).to_contain_text(
        "each card Auto-finish sent home included"
    )

    elsewhere = open_tab("/records/")
    expect(elsewhere.page.get_by_text("No wins yet.")).to_be_visible()
    log_in(elsewhere.page, live_server.url, "carol")
    elsewhere.open("/records/")
    expect(record_moves(elsewhere.page, f"Yukon #{EASY_YUKON}")).to_have_text(moves)

    # Logging out (a POST from the nav's button) leaves this browser a visitor again.
    elsewhere.page.get_by_role("button", name="Log out").click()
    expect(elsewhere.page.get_by_role("link", name="Log in", exact=True)).to_be_visible()
    elsewhere.open("/records/")
    expect(elsewhere.page.get_by_text("No wins yet.")).to_be_visible()


def test_play_as_a_visitor_then_sign_up_and_keep_the_games_and_their_statistics(
    open_tab, live_server
):
    _, line = easy_yukon()
    tab = open_tab(f"/yukon/{EASY_YUKON}/")
    # A few taps, then resign: a loss.
    tab.play(line[0])
    tab.play(line[1])
    tab.page.locator("#board summary[aria-label=Menu]").click()
    tab.page.locator("#board .menu-panel button[value=ask-resign]").click()
    tab.page.get_by_role("dialog", name="Resign this game?").get_by_role(
        "button", name="Resign"
    ).click()
    expect(tab.page.get_by_test_id("result")).to_contain_text("You resigned after 2 moves")

    # The same number again, played to the win (its first moves already on the tab, as
    # after a long game; the last ones tapped).
    tab.open(f"/yukon/{EASY_YUKON}/")
    tab.play(line[0])  # looking starts nothing: the first move starts the game
    game = Game.objects.filter(result="").get()
    Game.objects.filter(pk=game.pk).update(actions=line[:-3], ply=len(line) - 3, state=None)
    tab.open(f"/yukon/{EASY_YUKON}/")
    tab.play_line(line[-3:])
    finish(tab)

    sign_up(tab.page, live_server.url, "dora")
    tab.open("/records/")
    expect(record_moves(tab.page, f"Yukon #{EASY_YUKON}")).to_have_text("52")

    tab.open("/stats/")
    page = tab.page
    chart = page.get_by_role("img", name="Results of your last games")
    expect(chart).to_be_visible()
    bars = chart.locator("rect[data-result]")
    assert bars.evaluate_all("bars => bars.map(b => b.dataset.result)") == ["lost", "won"]
    box = [bars.nth(i).bounding_box() for i in range(2)]
    assert box[0]["y"] > box[1]["y"], "the loss hangs below the line, the win rises above"
    expect(page.get_by_test_id("chart-summary")).to_have_text(
        re.compile(r"Your 2 games, oldest first: 1 won and 1 lost\. .*: 50%\.")
    )
    yukon = page.get_by_test_id("mode-stats").filter(has=page.get_by_role("heading", name="Yukon"))
    expect(yukon.get_by_test_id("played")).to_have_text("2")
    expect(yukon.get_by_test_id("won")).to_have_text("1")
    expect(yukon.get_by_test_id("best-moves")).to_have_text("52")
    assert Game.objects.filter(player__startswith="user:").count() == 2
