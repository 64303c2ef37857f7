"""Replays that reveal nothing unasked (issue 11): games and replays are addressed by random
slugs, no page, redirect or header carries a row id, a replay's address is a secret of its
own given out on the finished game's result card and in its player's records, and a replay
shows no card the player had not turned up by that step."""

from __future__ import annotations

import re
from datetime import timedelta
from urllib.parse import urlparse

import pytest
from django.utils import timezone

from daily.models import ReplayView
from games.models import Game
from games.steps import steps as game_steps
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict

from .deals import easy_yukon, worked_example
from .html import one, parse
from .test_secrecy import played

pytestmark = pytest.mark.django_db

ROW_ID = 7_340_123  # far from any other number a page shows


def addresses(response) -> list[str]:
    html = response.content.decode()
    found = re.findall(r'(?:href|action|hx-get|hx-post|data-action|data-share)="([^"]*)"', html)
    found += [value for name, value in response.headers.items() if name.lower() != "date"]
    return found


def test_no_address_or_header_carries_a_row_id(alice):
    deal, line = easy_yukon()
    game = Game.objects.create(
        pk=ROW_ID, player="alice", deal=deal, actions=line, ply=len(line)
    )  # fmt: skip
    seen = []
    seen += addresses(alice.client.get(f"/yukon/{deal.number}/"))
    seen += addresses(alice.client.get(f"/game/{game.slug}/"))
    seen += addresses(alice.client.post(f"/game/{game.slug}/", {"ply": len(line), "move": "x"}))
    seen += addresses(alice.client.post(f"/game/{game.slug}/", {"ply": 0, "action": "undo"}))
    # A hint with no line known yet: the page polls for it, at an address of its own.
    hint = alice.client.post(
        f"/game/{game.slug}/", {"ply": len(line), "action": "hint"}, headers={"HX-Request": "1"}
    )
    poll = one(parse(hint), "[data-testid=hint-wait]")["hx-get"]
    assert poll.startswith(f"/game/{game.slug}/hint/?")
    seen += addresses(hint)
    seen += addresses(alice.client.get(poll, headers={"HX-Request": "1"}))
    seen += addresses(
        alice.client.post(
            f"/game/{game.slug}/",
            {"ply": len(line), "action": "finish"},
            headers={"HX-Request": "1"},
        )
    )
    game.refresh_from_db()
    assert game.result == "won"
    seen += addresses(alice.client.get(f"/game/{game.slug}/"))
    seen += addresses(alice.client.get("/records/"))
    seen += addresses(alice.client.get(f"/replay/{game.replay_slug}/", {"step": 3}))
    assert any(game.replay_slug in each for each in seen)
    assert seen and not [each for each in seen if str(ROW_ID) in each]


def test_the_daily_pages_leaderboard_challenge_and_watch_carry_no_row_id(alice, bob):
    """Issue 12's pages and links: the result card's leaderboard and challenge links, the
    challenge page, the daily pages (whose Play link is the deal's own address), the
    leaderboard, the question before watching another player's replay and the watch POST's
    redirect all name games by their slugs, never by a row id."""
    deal, line = easy_yukon()
    game = Game.objects.create(
        pk=ROW_ID, player="alice", deal=deal, actions=line, ply=len(line)
    )  # fmt: skip
    won = alice.client.post(
        f"/game/{game.slug}/", {"ply": len(line), "action": "finish"}, headers={"HX-Request": "1"}
    )
    game.refresh_from_db()
    assert game.result == "won"
    worked = worked_example()  # today's daily deal: a win proven before the day began
    DealVerdict.objects.create(deal=worked, draw=None, passes=None, verdict=Verdict.WIN,
                               moves=["9S-t5"], nodes=1, seconds=0)  # fmt: skip
    DealVerdict.objects.update(created=timezone.now() - timedelta(days=1))
    card = alice.client.get(f"/game/{game.slug}/")
    share = one(parse(card), "[data-testid=share-link]")["value"]
    seen = [*addresses(won), *addresses(card), share]
    seen += addresses(alice.client.get(urlparse(share).path))
    seen += addresses(alice.client.get("/daily/"))
    seen += addresses(alice.client.get("/daily/klondike/"))
    seen += addresses(alice.client.get(f"/leaderboard/yukon/{deal.number}/"))
    seen += addresses(bob.client.get(f"/replay/{game.replay_slug}/"))  # asks bob first
    assert bob.client.post(f"/replay/{ROW_ID}/watch/").status_code == 404
    watched = bob.client.post(f"/replay/{game.replay_slug}/watch/")
    assert (watched.status_code, watched["Location"]) == (303, f"/replay/{game.replay_slug}/")
    assert ReplayView.objects.filter(player="bob", deal=deal).exists()
    seen += addresses(watched)
    assert f"/replay/{game.replay_slug}/watch/" in seen
    assert f"/yukon/{worked.number}/" in seen  # the daily's Play link: the deal's page
    assert f"/leaderboard/yukon/{deal.number}/" in seen
    assert seen and not [each for each in seen if str(ROW_ID) in each]


def test_the_replay_has_its_own_secret_and_the_games_address_is_not_one(alice, bob):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:3])
    alice.act(game, action="resign")
    game.refresh_from_db()
    assert game.replay_slug and game.replay_slug != game.slug
    assert re.fullmatch(r"[a-z0-9]{20}", game.replay_slug)
    assert bob.client.get(f"/replay/{game.replay_slug}/").status_code == 200
    assert bob.client.get(f"/replay/{game.slug}/").status_code == 404
    assert bob.client.get(f"/replay/{game.pk}/").status_code == 404
    assert bob.client.get(f"/game/{game.slug}/").status_code == 404  # alice's alone


def test_a_game_being_played_has_no_replay_address(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:3])
    assert game.replay_slug is None
    html = alice.client.get(f"/game/{game.slug}/").content.decode()
    assert "/replay/" not in html


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_a_replay_shows_no_card_before_the_player_turned_it_up(alice, bob, variant):
    """Each step of a replay (with undos and jumps back in its history) names only cards
    that were face up at some step up to it: the ones the deal showed and the ones the
    player turned up by then."""
    draw = 3 if variant == "klondike" else None
    deal, line, _ = played(variant, 19, draw)
    mode = {"draw": draw, "scoring": "standard"} if draw else {}
    history = [*line[:6], "@2", *line[2:8], "@0", *line[:4]]
    game = alice.game_at(deal, history, **mode)
    alice.act(game, action="resign")
    game.refresh_from_db()
    all_steps = game_steps(game)
    seen: set[str] = set()
    for index, step in enumerate(all_steps):
        seen |= shown(step.position)
        html = bob.client.get(f"/replay/{game.replay_slug}/", {"step": index}).content.decode()
        named = set(re.findall(r'data-card="(\w\w)"', html))
        assert named <= seen, (index, named - seen)


def shown(position) -> set[str]:
    cards = [card for column in position.tableau for card in column.up]
    cards += [card for pile in position.foundations for card in pile]
    cards += list(position.waste)
    return {card.code for card in cards}
