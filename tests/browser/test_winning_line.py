"""Show me how to win from here, and replays that play (issues 24 and 23) in Chromium: a
player strays into a proven dead end, stops, watches the solver's line and plays it to the
win; a replay steps and plays by the keys, says each move aloud, and axe finds nothing on
the line's states."""

from __future__ import annotations

import re

import pytest
from django.core.cache import cache
from playwright.sync_api import expect

from games.engine.deal import deal
from games.models import Game
from tests.web.deals import easy_yukon, store
from tests.worker import work

from .accessibility import DEAD_END_DEAL, INTO_THE_DEAD_END, until_jump_back
from .axe import assert_clean
from .conftest import PHONE

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def no_lines_kept():
    """The whole lines kept in the cache (play.coach) outlive a test's database: not here."""
    cache.clear()


# Counts the animations the page starts (each card's glide is one).
COUNT_ANIMATIONS = """() => {
  window.animations = 0;
  const animate = Element.prototype.animate;
  Element.prototype.animate = function (...args) {
    window.animations += 1;
    return animate.apply(this, args);
  };
}"""


def frame_step(page) -> int:
    return int(page.locator("#replay-frame").get_attribute("data-step"))


def play_on(page, until: int) -> None:
    """Run the page's clock (Playwright's, installed) on to each step's next tick at 4×,
    rather than wait for it, until the replay playing shows step `until`: each step still
    waits for its frame from the server. (A tick is set once the step before it is shown;
    one run on too early leaves it to the clock's own pace.)"""
    while (step := frame_step(page)) < until:
        page.clock.fast_forward(250)
        page.wait_for_function(
            "step => Number(document.getElementById('replay-frame').dataset.step) > step",
            arg=step,
        )


def test_a_player_stops_on_a_dead_end_and_the_solvers_line_plays_to_the_win(open_tab):
    store(deal("yukon", DEAD_END_DEAL, b"test-key"), DEAD_END_DEAL)
    tab = open_tab(f"/yukon/{DEAD_END_DEAL}/")
    for move in INTO_THE_DEAD_END:
        tab.play(move)
    until_jump_back(tab.page)
    page = tab.page
    page.get_by_test_id("resign-for-line").click()
    confirm = page.get_by_test_id("confirm-resign")
    expect(confirm).to_contain_text("the solver shows you how to win")
    assert_clean(page, "the resign question that leads to the line")
    confirm.get_by_role("button", name="Resign and show me").click()

    expect(page).to_have_url(re.compile(r"/replay/[-\w]+/win/$"))
    expect(page.get_by_role("heading", level=1)).to_contain_text(
        f"How to win Yukon #{DEAD_END_DEAL}"
    )
    assert frame_step(page) == 1, "it opens where the solver takes over"
    last = int(page.locator("#replay-frame").get_attribute("data-last"))
    assert_clean(page, "the solver's line")
    # On to the line's last moves by the keys (each step's frame is drawn by the server: the
    # whole line, a hundred of them, would be half a minute on a busy machine), then played.
    page.keyboard.press("End")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(last))
    for step in range(last - 1, last - 5, -1):
        page.keyboard.press("ArrowLeft")
        expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(step))
    page.get_by_test_id("speed").select_option("4")
    page.get_by_test_id("play").click()
    expect(page.get_by_test_id("play")).to_have_text("Pause")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(last))
    expect(page.get_by_test_id("play")).to_have_text("Play")
    for pile in page.locator(".foundation").all():
        expect(pile).to_have_attribute("aria-label", re.compile(r", 13 cards$"))
    expect(page.get_by_test_id("replay-announcer")).to_contain_text(f"of {last}")
    assert page.url.endswith(f"?step={last}"), "the address follows the replay"
    assert_clean(page, "the line played to the win")


def test_the_result_card_offers_the_line_and_the_page_waits_for_the_worker(open_tab):
    won, line = easy_yukon()
    tab = open_tab(f"/yukon/{won.number}/", viewport=PHONE, has_touch=True)
    tab.post_actions(line[:3])
    tab.page.locator("#board summary[aria-label=Menu]").click()
    tab.page.locator("#board button[value=ask-resign]").click()
    tab.page.get_by_test_id("confirm-resign").get_by_role("button", name="Resign").click()
    card = tab.page.get_by_role("dialog", name="Game over")
    expect(card.get_by_test_id("replay-link")).to_be_visible()  # a resigned game's replay too
    expect(card.get_by_test_id("show-line")).to_have_text("Show me how to win from here")
    card.get_by_test_id("show-line").click()
    wait = tab.page.get_by_test_id("line-wait")
    expect(wait).to_be_visible()
    assert_clean(tab.page, "the line's page waiting for the solver, on a phone")
    work()  # the worker finds the line; the page sees it and shows it by itself
    expect(tab.page.locator("#replay-frame")).to_have_attribute("data-step", "3", timeout=10_000)
    assert_clean(tab.page, "the solver's line on a phone")
    # Another player is asked first: watching ends their first attempt at the deal.
    other = open_tab(tab.page.url.removeprefix(tab.base_url), color_scheme="dark")
    expect(other.page.get_by_test_id("line-ask")).to_be_visible()
    assert_clean(other.page, "the question before another player's line, in the dark theme")
    other.page.get_by_test_id("show-line").click()
    expect(other.page.locator("#replay-frame")).to_have_attribute("data-step", "3")


def test_a_replay_steps_by_the_keys_in_place_plays_and_pauses_and_glides_unless_reduced(
    open_tab,
):
    won, line = easy_yukon()
    tab = open_tab(f"/yukon/{won.number}/")
    tab.post_actions(line)
    tab.finish_button.click()
    replay = tab.page.get_by_role("dialog", name="You won!").get_by_test_id("replay-link")
    tab.open(replay.get_attribute("href") + "?step=0")
    page = tab.page
    page.clock.install()  # the play below runs on by it, not by waiting
    page.evaluate("window.stayed = true")  # gone if a key loads another page
    page.evaluate(COUNT_ANIMATIONS)
    announcer = page.get_by_test_id("replay-announcer")
    expect(page.get_by_test_id("replay-player")).to_be_visible()
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "1")
    expect(announcer).to_have_text("♠A to a foundation. Move 1 of 52")
    page.keyboard.press("End")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "52")
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "51")
    page.keyboard.press("Home")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", "0")
    assert page.evaluate("window.stayed") and page.url.endswith("?step=0")
    assert page.evaluate("window.animations") == 0, "nothing moves under reduced motion"

    page.get_by_test_id("speed").select_option("4")
    page.evaluate("document.activeElement.blur()")  # Space on the speed list is the list's
    page.keyboard.press("Space")
    expect(page.get_by_test_id("play")).to_have_text("Pause")
    play_on(page, 2)
    page.keyboard.press("Space")
    expect(page.get_by_test_id("play")).to_have_text("Play")
    paused = frame_step(page)
    page.clock.fast_forward(1_000)  # four steps' time at 4×: nothing moves while paused
    # A frame's round trip to the server: a step a tick had started would be shown by now.
    page.evaluate("fetch(location.href, {headers: {'X-Replay-Frame': '1'}}).then(r => r.ok)")
    assert frame_step(page) == paused
    # The step links work by keyboard too, and keep the focus where it was.
    page.get_by_test_id("next").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(paused + 1))
    assert page.evaluate("document.activeElement.dataset.testid") == "next"
    assert page.evaluate("window.stayed")
    assert_clean(page, "a replay being stepped")
    page.reload()  # on the step it showed, at the speed chosen
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(paused + 1))
    expect(page.get_by_test_id("speed")).to_have_value("4")

    # The cards glide for a player who does not ask for reduced motion.
    page.emulate_media(reduced_motion="no-preference")
    page.evaluate(COUNT_ANIMATIONS)
    page.keyboard.press("ArrowRight")
    expect(page.locator("#replay-frame")).to_have_attribute("data-step", str(paused + 2))
    assert page.evaluate("window.animations") >= 1, "the card glides home"


def test_without_javascript_the_step_links_still_step(open_tab):
    won, line = easy_yukon()
    game = Game.objects.create(player="x", deal=won, actions=line[:5], ply=5)
    Game.objects.filter(pk=game.pk).update(result="resigned", replay_slug="nojsreplay", moves=5)
    tab = open_tab("/replay/nojsreplay/", java_script_enabled=False)
    tab.page.get_by_test_id("watch").click()  # another player's replay: asked first, by a form
    expect(tab.page.locator("#replay-frame")).to_have_attribute("data-step", "0")  # the deal
    tab.page.get_by_test_id("last").click()
    tab.page.get_by_test_id("first").click()
    tab.page.get_by_test_id("next").click()
    tab.page.get_by_test_id("next").click()
    expect(tab.page.get_by_test_id("replay-player")).to_be_hidden()
    tab.page.get_by_test_id("next").click()
    expect(tab.page).to_have_url(re.compile(r"\?step=3$"))
    expect(tab.page.locator("#replay-frame")).to_have_attribute("data-step", "3")
