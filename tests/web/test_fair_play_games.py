"""Issue 20, fair play for games, each attack of the security review tried through the real
pages: 3. a fresh cookie per first move buying a new player and a stored game; 4. first
attempts faked (another mode explored first; a visitor's exploration on the same browser);
5. a resigned game's review gone after a cleanup; 7. a deal at two addresses.
(6, the undo naming a face-down card: tests/web/test_face_down_everywhere.py and
test_announce.py.)
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.test import Client
from django.utils import timezone

from games.models import Game
from games.steps import steps as game_steps
from retention.sweep import sweep
from solver.deadends.models import PositionVerdict, position_key
from solver.pool.models import DealVerdict
from solver.search.verdict import Verdict

from . import fair_play
from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon
from .fair_play import log_in, sign_up
from .html import one, parse
from .personas import PASSWORD, Persona

pytestmark = pytest.mark.django_db


KINGS = ["KS-f", "KH-f", "KD-f", "KC-f"]


# Fixtures defined once in fair_play.py, bound here so that pytest finds them.
quick_passwords = fair_play.quick_passwords
low_limits = fair_play.low_limits


# -- 3. games started by any route are limited -------------------------------------------------


def test_first_moves_with_a_fresh_cookie_each_buy_no_new_games(low_limits):
    _, line = easy_yukon()
    codes = [
        Client().post(f"/yukon/{EASY_YUKON}/", {"ply": 0, "move": line[0]}).status_code
        for _ in range(6)
    ]
    assert codes == [303] * 5 + [429]
    assert Game.objects.count() == 5


def test_one_player_starting_game_after_game_is_limited(low_limits):
    alice = Persona("alice")
    codes = [
        alice.client.post(f"/yukon/{number}/", {"ply": 0, "action": "resign"}).status_code
        for number in (101, 102, 103)
    ]
    assert codes == [303, 303, 429]
    refused = alice.client.post("/yukon/104/", {"ply": 0, "action": "resign"})
    assert "more new games" in refused.content.decode() and refused["Retry-After"]
    assert Game.objects.count() == 2


def test_a_class_behind_one_address_never_meets_the_limits():
    """30 players at one school address sign up, log in again and start three games each,
    with the limits as shipped."""
    for i in range(30):
        pupil = Persona(f"pupil{i}")
        assert sign_up(pupil.client, f"pupil{i}").status_code == 302
        pupil.client.post("/accounts/logout/")
        assert log_in(pupil.client, f"pupil{i}", PASSWORD).status_code == 302
        for number in (1 + i, 31 + i, 61 + i):
            response = pupil.client.post(f"/yukon/{number}/", {"ply": 0, "action": "resign"})
            assert response.status_code == 303
    assert Game.objects.count() == 90


# -- 4. first attempts -------------------------------------------------------------------------


def board(client: Client, variant="yukon", number=EASY_YUKON, query="") -> list[str]:
    html = client.get(f"/leaderboard/{variant}/{number}/{query}").content.decode()
    return re.findall(r'<th scope="row" data-testid="entry-name">([^<]*)</th>', html)


def first_move(persona: Persona, url: str, move: str) -> Game:
    """Start a game the way a browser does: its first move POSTed to the deal's address."""
    assert persona.client.post(url, {"ply": 0, "move": move}).status_code == 303
    return Game.objects.filter(player=persona.player, result="").latest("pk")


def play_to_the_end(persona: Persona, game: Game, line: list[str], finish: bool) -> Game:
    """The game brought up to the line's last move (stored as if played), then the last move
    and, for Yukon, Auto-finish posted: a win checked by the server."""
    Game.objects.filter(pk=game.pk).update(actions=line[:-1], ply=len(line) - 1, state=None)
    persona.client.post(f"/game/{game.slug}/", {"ply": len(line) - 1, "move": line[-1]})
    if finish:
        persona.client.post(f"/game/{game.slug}/", {"ply": len(line), "action": "finish"})
    game = Game.objects.get(pk=game.pk)
    assert game.result == "won"
    return game


@pytest.fixture
def proven_yukon(db):
    deal, line = easy_yukon()
    verdict = DealVerdict.objects.create(
        deal=deal, draw=None, verdict=Verdict.WIN, moves=[*line, *KINGS], par_moves=[*line, *KINGS]
    )
    DealVerdict.objects.filter(pk=verdict.pk).update(created=timezone.now() - dt.timedelta(days=1))
    return deal, line


def test_a_clean_first_attempt_is_ranked_and_the_board_states_the_rule(proven_yukon):
    _, line = proven_yukon
    alice = Persona("alice")
    alice.sign_up()
    game = first_move(alice, f"/yukon/{EASY_YUKON}/", line[0])
    play_to_the_end(alice, game, line, finish=True)
    assert board(alice.client) == ["alice"]
    rule = one(
        parse(alice.client.get(f"/leaderboard/yukon/{EASY_YUKON}/")),
        "[data-testid=first-attempt-rule]",
    )
    assert "first game its player started on this deal in any mode" in rule.get_text()


def test_exploring_the_deal_in_another_mode_first_ends_the_first_attempt(db):
    """Klondike draw 1 with no scoring, explored with undo and a hint and left unfinished;
    then won in Standard scoring: not ranked."""
    deal, line = easy_klondike()
    DealVerdict.objects.create(deal=deal, draw=1, verdict=Verdict.WIN, moves=line, par_moves=line)
    erin = Persona("erin")
    erin.sign_up()
    explored = first_move(erin, f"/klondike/{EASY_KLONDIKE}/?draw=1&scoring=none", line[0])
    erin.client.post(f"/game/{explored.slug}/", {"ply": 1, "action": "undo"})
    erin.client.post(f"/game/{explored.slug}/", {"ply": 0, "action": "hint"})
    game = first_move(erin, f"/klondike/{EASY_KLONDIKE}/?draw=1&scoring=standard", line[0])
    play_to_the_end(erin, game, line, finish=False)
    assert board(erin.client, "klondike", EASY_KLONDIKE, "?draw=1&scoring=standard") == []
    html = erin.client.get(f"/game/{game.slug}/").content.decode()
    assert "Not ranked: another game on this deal was started before it." in html


def test_what_the_visitor_did_on_the_deal_follows_the_account(proven_yukon):
    """One move as the account, log out, explore the deal as the visitor of the same browser
    with a hint and an undo, log back in (the visitor's game stays the visitor's: the account
    plays the deal too) and win: not ranked."""
    _, line = proven_yukon
    gus = Persona("gus")
    gus.sign_up()
    game = first_move(gus, f"/yukon/{EASY_YUKON}/", line[0])
    gus.log_out()
    explored = first_move(gus, f"/yukon/{EASY_YUKON}/", line[0])
    gus.client.post(f"/game/{explored.slug}/", {"ply": 1, "action": "hint"})
    gus.client.post(f"/game/{explored.slug}/", {"ply": 1, "action": "undo"})
    gus.log_in()
    assert Game.objects.get(pk=explored.pk).player == "gus"  # stays the visitor's
    play_to_the_end(gus, game, line, finish=True)
    assert board(gus.client) == []


def test_a_game_left_as_a_visitor_and_deleted_still_counts(proven_yukon):
    """The visitor's start on the deal is remembered when its game is gone (abandoned and
    cleaned up): the account's later win is not a first attempt."""
    _, line = proven_yukon
    hal = Persona("hal")
    explored = first_move(hal, f"/yukon/{EASY_YUKON}/", line[0])
    Game.objects.filter(pk=explored.pk).update(updated=timezone.now() - dt.timedelta(days=40))
    sweep()
    assert not Game.objects.filter(pk=explored.pk).exists()
    hal.sign_up()
    game = first_move(hal, f"/yukon/{EASY_YUKON}/", line[0])
    play_to_the_end(hal, game, line, finish=True)
    assert board(hal.client) == []


# -- 5. a finished game keeps its review -------------------------------------------------------


def test_a_resigned_games_review_outlives_the_cleanup():
    deal, line = easy_yukon()
    alice, bob = Persona("alice"), Persona("bob")
    game = first_move(alice, f"/yukon/{EASY_YUKON}/", line[0])
    for ply, move in enumerate(line[1:6], start=1):
        alice.client.post(f"/game/{game.slug}/", {"ply": ply, "move": move})
    game.refresh_from_db()
    positions = [step.position for step in game_steps(game)]
    for index, verdict in [(2, Verdict.WIN), (4, Verdict.LOSS), (5, Verdict.LOSS)]:
        PositionVerdict.objects.update_or_create(
            key=position_key(positions[index]),
            defaults={"verdict": verdict, "decided": timezone.now()},
        )
    alice.client.post(f"/game/{game.slug}/", {"ply": 6, "action": "resign"})
    game.refresh_from_db()
    sweep(now=timezone.now() + dt.timedelta(days=2))  # a day after nothing needs the verdicts
    assert not PositionVerdict.objects.filter(key=position_key(positions[4])).exists()
    bob.client.post(f"/replay/{game.replay_slug}/watch/")
    page = parse(bob.client.get(f"/replay/{game.replay_slug}/"))
    assert one(page, "[data-testid=lost-link]")["href"] == f"/replay/{game.replay_slug}/?step=4"
    assert one(page, "[data-testid=winnable-link]")["href"] == f"/replay/{game.replay_slug}/?step=2"


# -- 7. one address a deal ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("asked", "answer"),
    [
        ("/yukon/03/", "/yukon/3/"),
        ("/yukon/0003/?select=9S", "/yukon/3/?select=9S"),
        ("/klondike/007/?draw=3&scoring=vegas", "/klondike/7/?draw=3&scoring=vegas"),
        ("/leaderboard/yukon/03/", "/leaderboard/yukon/3/"),
    ],
)
def test_a_deal_has_one_address(client, asked, answer):
    response = client.get(asked)
    assert response.status_code == 301 and response["Location"] == answer


def test_a_first_move_posted_to_a_zero_padded_address_is_sent_on_as_a_post(client):
    response = client.post("/yukon/03/", {"ply": 0, "action": "resign"})
    assert response.status_code == 308 and response["Location"] == "/yukon/3/"
    assert not Game.objects.exists()
