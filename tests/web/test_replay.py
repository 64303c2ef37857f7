"""GET /replay/<replay slug>/: a finished game's public replay (DESIGN §5), step by step, read-only,
with face-down cards as secret as on the game page."""

from __future__ import annotations

import pytest

from games import deals
from games.models import Game
from games.steps import steps as game_steps

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon, worked_example
from .html import cards, one, parse, piles, text, text_of
from .test_secrecy import CSRF, assert_nothing_hidden_shows, hidden, played

pytestmark = pytest.mark.django_db

NOT_FINISHED = "There is no finished game at this address to replay."


def won_yukon(alice) -> Game:
    """Alice's win on the easy Yukon deal: 48 moves, then Auto-finish sends the kings home."""
    deal, line = easy_yukon()
    game = alice.game_at(deal, line)
    alice.act(game, action="finish")
    return Game.objects.get(pk=game.pk)


def resigned(persona, deal, actions: list[str], **mode) -> Game:
    """The persona's game on `deal` with `actions` played, then resigned through the site."""
    game = persona.game_at(deal, actions, **mode)
    persona.act(game, action="resign")
    return Game.objects.get(pk=game.pk)


def replay(persona, game: Game, step=None, watched: bool = False):
    """The replay as `persona` sees it, having said yes to watching another player's game
    (which ends their own first attempt at the deal: tests/web/test_daily.py); `watched`:
    said already, on an earlier step."""
    query = {} if step is None else {"step": step}
    address = f"/replay/{game.replay_slug or game.slug}/"
    if persona.player != game.player and not watched:
        persona.client.post(f"{address}watch/")
    return persona.client.get(address, query)


def page(persona, game: Game, step=None, watched: bool = False) -> str:
    response = replay(persona, game, step, watched)
    assert response.status_code == 200, response.content[:300]
    return response.content.decode()


def face_up(html: str) -> set[str]:
    return set(cards(parse(html)))


def nav(html: str) -> dict[str, int]:
    """The navigation links on the page, by name, and the step each one goes to."""
    links = parse(html).select("nav a[href][data-testid]")
    steps = {link["data-testid"]: link["href"].partition("?step=") for link in links}
    return {name: int(step) for name, (_, _, step) in steps.items()}


def action(html: str) -> str:
    return text_of(parse(html), "[data-testid=action]")


def counter(html: str) -> str:
    return text_of(parse(html), "[data-testid=replay-counter]")


def test_anyone_can_watch_alices_won_game(alice, bob):
    game = won_yukon(alice)
    html = page(bob, game)
    document = parse(html)
    assert text_of(document, "h1") == f"Replay: Yukon #{EASY_YUKON}"
    assert text_of(document, "[data-testid=replay-result]") == "Won in 52 moves"
    play = one(document, "[data-testid=play-link]")
    assert (play["href"], text(play)) == (f"/yukon/{EASY_YUKON}/", f"Play #{EASY_YUKON} yourself")
    # It opens at the deal, ready to be played from the start (issue 37).
    assert counter(html) == "Move 0 of 52"
    assert action(html) == "The deal"
    assert nav(html) == {"next": 1, "last": 52}


def test_the_replay_is_read_only(alice, bob):
    document = parse(page(bob, won_yukon(alice), step=10))
    assert not document.select("main form, main input")
    # The only controls are the player's, which step the replay (its script shows them).
    player = one(document, "[data-testid=replay-player]")
    assert player.has_attr("hidden")
    assert all(b.find_parent(class_="replay-player") for b in document.select("main button"))
    assert [b["type"] for b in document.select("main button")] == ["button"]
    assert not document.select("[data-targets], a[href*='select=']")
    assert piles(document) == [f"f{i}" for i in range(1, 5)] + [f"t{i}" for i in range(1, 8)]
    assert len(cards(document)) > 0 and not document.select("a[data-card]")


def test_it_gives_the_same_404_for_a_game_still_being_played_to_everyone(alice, bob):
    deal, line = easy_yukon()
    playing = alice.game_at(deal, line[:5])
    for persona in (alice, bob):
        response = replay(persona, playing)
        assert response.status_code == 404
        document = parse(response)
        assert NOT_FINISHED in text_of(document, "main") and not cards(document)


def test_it_gives_the_same_404_for_a_game_that_does_not_exist(bob):
    response = bob.client.get("/replay/no-such-replay/")
    assert response.status_code == 404
    assert NOT_FINISHED in text_of(parse(response), "main")


def test_step_zero_shows_the_deal(alice, bob):
    game = won_yukon(alice)
    html = page(bob, game, step=0)
    deal = deals.deal_position(game.deal)
    assert_nothing_hidden_shows(html, deal)
    assert "KS" in face_up(html) and "KH" not in face_up(html)  # ♥K lies face down under ♣Q
    assert counter(html) == "Move 0 of 52" and action(html) == "The deal"


def test_the_last_step_of_a_won_game_has_every_card_home(alice, bob):
    html = page(bob, won_yukon(alice), step=52)
    document = parse(html)
    assert face_up(html) == {"KS", "KH", "KD", "KC"}
    labels = {pile["data-pile"]: pile["aria-label"] for pile in document.select("[data-pile]")}
    suits = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
    kings = [one(document, f'[data-pile="f{i}"] [data-card]')["data-card"] for i in range(1, 5)]
    assert [labels[f"f{i}"] for i in range(1, 5)] == [
        f"Foundation {i}, {suits[king[1]]}, 13 cards" for i, king in enumerate(kings, start=1)
    ]
    assert [labels[f"t{i}"] for i in range(1, 8)] == [f"Column {i}, empty" for i in range(1, 8)]
    assert not document.select(".card.down")


def test_the_links_step_back_and_on_and_stop_at_the_ends(alice, bob):
    game = won_yukon(alice)
    assert nav(page(bob, game, step=0)) == {"next": 1, "last": 52}
    assert nav(page(bob, game, step=7)) == {"first": 0, "previous": 6, "next": 8, "last": 52}
    assert nav(page(bob, game, step=52)) == {"first": 0, "previous": 51}
    disabled = parse(page(bob, game, step=0)).select("nav [aria-disabled=true]")
    # Each named in words (a phone shows only its sign, which is hidden from screen readers).
    words = [text(one(button, ".word")) for button in disabled]
    assert words == ["First", "Previous"]
    assert all(one(b, ".glyph")["aria-hidden"] == "true" for b in disabled)


def test_each_step_says_what_led_to_it(alice, bob):
    html = page(bob, won_yukon(alice), step=1)
    assert action(html) == "♠A to a foundation" and counter(html) == "Move 1 of 52"
    worked = resigned(alice, worked_example(), ["9S-t5"])
    assert action(page(bob, worked, step=1)) == "♠9 to column 5"


def test_it_describes_the_stock_and_the_waste(alice, bob):
    deal, _ = easy_klondike()
    game = resigned(alice, deal, ["d"] * 24 + ["r", "d"], draw=1, scoring="standard")
    html = page(bob, game, step=1)
    document = parse(html)
    assert text_of(document, "h1") == f"Replay: Klondike #{EASY_KLONDIKE} · draw 1"
    assert action(html) == "Turned the stock"
    assert text_of(document, "[data-testid=score]") == "0"
    assert action(page(bob, game, step=25)) == "Turned the waste back over"
    assert text_of(document, "[data-testid=replay-result]") == "Resigned after 26 moves"
    play = one(document, "[data-testid=play-link]")["href"]
    assert play == f"/klondike/{EASY_KLONDIKE}/?draw=1&scoring=standard"
    assert {"stock", "waste"} <= set(piles(document))


def test_it_describes_restarts_and_jumps_back(alice, bob):
    deal, line = easy_yukon()
    game = resigned(alice, deal, [*line[:2], "@1", "@0"])
    html = page(bob, game, step=3)
    assert action(html) == "Jumped back to move 1"
    assert counter(html) == "Step 3 of 4 · move 1"  # jumps take the move count back
    assert action(page(bob, game, step=4)) == "Restarted from the deal"


@pytest.mark.parametrize(("step", "shown"), [("-3", 0), ("999", 52), ("", 0), ("7", 7)])
def test_a_step_out_of_range_is_clamped_to_the_nearest_end(alice, bob, step, shown):
    html = page(bob, won_yukon(alice), step=step)
    assert one(parse(html), "[data-step]")["data-step"] == str(shown)


@pytest.mark.parametrize("step", ["abc", "1.5", "<b>x", "9" * 5000])
def test_a_step_that_is_no_whole_number_is_a_clear_400(alice, bob, step):
    response = replay(bob, won_yukon(alice), step)
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert response.content.decode() == "The step of a replay is a whole number, such as ?step=12."


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_a_resigned_games_replay_never_shows_a_face_down_card(alice, bob, variant):
    for number in (7, 19, 24):
        draw = 3 if variant == "klondike" else None
        deal, actions, _ = played(variant, number, draw)
        mode = {"draw": draw, "scoring": "standard"} if draw else {}
        game = resigned(alice, deal, actions, **mode)
        steps = game_steps(game)
        # Cards face down at every step were never seen by anyone: no page may name them.
        never_seen = set(hidden(steps[0].position))
        pages = []
        for index, step in enumerate(steps):
            html = page(bob, game, index, watched=index > 0)
            assert_nothing_hidden_shows(html, step.position)
            never_seen &= set(hidden(step.position))
            pages.append(CSRF.sub("", html))
        assert never_seen
        for html, card in ((html, card) for html in pages for card in never_seen):
            assert card.code not in html and card.label not in html and card.spoken not in html


def test_the_result_card_links_to_the_replay(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line)
    link = one(
        parse(alice.act(game, action="finish")), "[data-testid=result] [data-testid=replay-link]"
    )
    game.refresh_from_db()
    assert (link["href"], text(link)) == (f"/replay/{game.replay_slug}/", "Watch the replay")
    other = resigned(alice, worked_example(), [])
    document = parse(alice.client.get(f"/game/{other.slug}/"))
    link = one(document, "[data-testid=result] [data-testid=replay-link]")
    assert (link["href"], text(link)) == (f"/replay/{other.replay_slug}/", "Watch the replay")


def test_the_records_page_links_finished_games_to_their_replays(alice):
    finished = won_yukon(alice)
    playing = alice.start("yukon", 42)
    document = parse(alice.client.get("/records/"))
    links = [link["href"] for link in document.select("[data-testid=replay-link]")]
    assert links == [f"/replay/{finished.replay_slug}/"]
    assert playing.replay_slug is None and len(document.select("a[href^='/replay/']")) == 1


def test_it_keeps_replays_out_of_search_results(alice, bob):
    assert replay(bob, won_yukon(alice))["X-Robots-Tag"] == "noindex"


def test_it_refuses_a_post(alice, bob):
    assert bob.client.post(f"/replay/{won_yukon(alice).replay_slug}/").status_code == 405
