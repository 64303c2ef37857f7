"""Issue 20, fair play: each attack of the security review, tried through the real pages.

1. password guessing between logins to one's own account, and a sign-up clearing a lockout;
2. sign-ups and reset mails without limit;
3. a fresh cookie per first move buying a new player and a stored game;
4. first attempts faked (another mode explored first; a visitor's exploration on the same
   browser);
5. a resigned game's review gone after a cleanup;
7. a deal at two addresses, and look-alike usernames.
(6, the undo naming a face-down card: tests/web/test_face_down_everywhere.py and
test_announce.py.)
"""

from __future__ import annotations

import datetime as dt
import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.hashers import MD5PasswordHasher
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import timezone

from games.models import Game
from games.steps import steps as game_steps
from retention.sweep import sweep
from solver.deadends.models import Check, PositionVerdict, position_key
from solver.pool.models import DealVerdict, Outcome

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon
from .html import one, parse
from .personas import PASSWORD, Persona

pytestmark = pytest.mark.django_db

DAY = 24 * 3600
KINGS = ["KS-f", "KH-f", "KD-f", "KC-f"]


class CountingHasher(MD5PasswordHasher):
    """A quick hasher that counts the passwords it hashes or checks."""

    algorithm = "counted_md5"
    calls = 0

    def encode(self, password, salt):
        CountingHasher.calls += 1
        return super().encode(password, salt)


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    settings.PASSWORD_HASHERS = [f"{__name__}.CountingHasher"]
    CountingHasher.calls = 0


def log_in(client: Client, username: str, password: str):
    return client.post("/accounts/login/", {"username": username, "password": password})


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# -- 1. password guessing ----------------------------------------------------------------------


def test_guesses_between_logins_to_ones_own_account_meet_the_lockout():
    """Four wrong guesses, a login to one's own account, again: the count for the victim is
    not cleared by a login to another account, so the fifth guess locks the victim out."""
    User.objects.create_user("victim", password="the victims own passphrase")
    User.objects.create_user("mallory", password=PASSWORD)
    attacker = Client()
    for _ in range(4):
        for _ in range(4):
            log_in(attacker, "victim", "a wrong guess")
        log_in(attacker, "mallory", PASSWORD)
        assert signed_in(attacker)
        attacker.post("/accounts/logout/")
    right = log_in(attacker, "victim", "the victims own passphrase")
    assert right.status_code == 429 and not signed_in(attacker)
    page = parse(right)
    assert "too many failed logins" in one(page, "[data-testid=locked-out]").get_text()
    assert one(page, "[data-testid=reset-link]")["href"] == "/accounts/password_reset/"
    assert 0 < int(right["Retry-After"]) <= 3600


def test_a_locked_out_login_checks_no_password_and_adds_no_failure():
    User.objects.create_user("victim", password="the victims own passphrase")
    attacker = Client()
    for _ in range(5):
        log_in(attacker, "victim", "a wrong guess")
    hashed = CountingHasher.calls
    failures = sum(AccessAttempt.objects.values_list("failures_since_start", flat=True))
    assert log_in(attacker, "victim", "another guess").status_code == 429
    assert CountingHasher.calls == hashed
    assert sum(AccessAttempt.objects.values_list("failures_since_start", flat=True)) == failures


def test_a_sign_up_does_not_clear_a_lockout():
    User.objects.create_user("victim", password="the victims own passphrase")
    attacker = Persona("mallory")
    for _ in range(5):
        log_in(attacker.client, "victim", "a wrong guess")
    attacker.sign_up("mallory")
    assert attacker.user_id is not None
    attacker.log_out()
    assert log_in(attacker.client, "victim", "the victims own passphrase").status_code == 429


def test_guesses_from_many_addresses_lock_the_username_out():
    User.objects.create_user("victim", password="the victims own passphrase")
    for i in range(20):  # one guess from each of twenty addresses
        log_in(Client(REMOTE_ADDR=f"198.51.100.{i}"), "victim", "a wrong guess")
    elsewhere = Client(REMOTE_ADDR="203.0.113.9")
    assert log_in(elsewhere, "victim", "the victims own passphrase").status_code == 429


def test_others_behind_the_same_address_still_log_in():
    User.objects.create_user("victim", password="the victims own passphrase")
    User.objects.create_user("classmate", password=PASSWORD)
    for _ in range(5):
        log_in(Client(), "victim", "a wrong guess")
    neighbour = Client()  # the same address, 127.0.0.1
    assert log_in(neighbour, "classmate", PASSWORD).status_code == 302
    assert signed_in(neighbour)


def test_the_locked_out_owner_resets_the_password_and_logs_in():
    User.objects.create_user("victim", "victim@example.org", "the victims own passphrase")
    for i in range(20):  # guesses from twenty addresses lock the username out everywhere
        log_in(Client(REMOTE_ADDR=f"198.51.100.{i}"), "victim", "a wrong guess")
    owner = Client()
    assert log_in(owner, "victim", "the victims own passphrase").status_code == 429
    owner.post("/accounts/password_reset/", {"email": "victim@example.org"})
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body)[1]
    form = owner.get(link, follow=True)
    new = "a brand new passphrase"
    done = owner.post(form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new})
    assert done.status_code == 302
    assert log_in(owner, "victim", new).status_code == 302 and signed_in(owner)


# -- 2. sign-ups, logins and reset mails are limited -------------------------------------------


@pytest.fixture
def low_limits(settings):
    settings.RATE_LIMITS = {
        **settings.RATE_LIMITS,
        "signup": (2, 3, DAY),
        "login": (2, 3, DAY),
        "password_reset": (2, 3, DAY),
        "start": (2, 5, DAY),
    }


def sign_up(client: Client, username: str):
    data = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", data)


def test_sign_ups_from_one_address_are_limited_and_a_refusal_hashes_nothing(low_limits):
    codes = [sign_up(Client(), f"player{i}").status_code for i in range(3)]
    assert codes == [302, 302, 302]
    hashed = CountingHasher.calls
    refused = sign_up(Client(), "player3")
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= DAY
    assert "more sign-ups than this site takes" in refused.content.decode()
    assert "Please wait" in refused.content.decode()
    assert CountingHasher.calls == hashed
    assert User.objects.count() == 3


def test_logins_are_limited_before_any_password_is_checked(low_limits):
    User.objects.create_user("alice", password=PASSWORD)
    browser = Client()
    assert [log_in(browser, "alice", "wrong").status_code for _ in range(2)] == [200, 200]
    hashed = CountingHasher.calls
    refused = log_in(browser, "alice", PASSWORD)
    assert refused.status_code == 429 and "more login attempts" in refused.content.decode()
    assert CountingHasher.calls == hashed and not signed_in(browser)


def test_reset_mails_to_one_mailbox_are_limited_from_any_address():
    """With the limits as shipped: three mails an hour to one mailbox, whoever asks."""
    User.objects.create_user("alice", "alice@example.org", PASSWORD)
    codes = [
        Client(REMOTE_ADDR=f"198.51.100.{i}")
        .post("/accounts/password_reset/", {"email": "alice@example.org"})
        .status_code
        for i in range(20)
    ]
    assert codes == [302] * 3 + [429] * 17
    assert len(mail.outbox) == 3


def test_reset_mails_from_one_address_are_limited(low_limits):
    for i in range(4):
        User.objects.create_user(f"p{i}", f"p{i}@example.org", PASSWORD)
    browser = Client()
    codes = [
        browser.post("/accounts/password_reset/", {"email": f"p{i}@example.org"}).status_code
        for i in range(4)
    ]
    assert codes == [302, 302, 302, 429] and len(mail.outbox) == 3


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
        deal=deal, draw=None, verdict=Outcome.WIN, moves=[*line, *KINGS], par_moves=[*line, *KINGS]
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
    DealVerdict.objects.create(deal=deal, draw=1, verdict=Outcome.WIN, moves=line, par_moves=line)
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
    for index, verdict in [(2, Check.WIN), (4, Check.LOSS), (5, Check.LOSS)]:
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


# -- 7. one address a deal; usernames compared by their look -----------------------------------


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


@pytest.mark.parametrize("look_alike", ["АDMIN", "admіn", "ΑDМIN", "Αdmin"])
def test_a_look_alike_of_a_taken_username_is_refused(look_alike):
    User.objects.create_superuser("Admin", password="right-horse-battery")
    response = sign_up(Client(), look_alike)
    assert response.status_code == 200
    assert "looks just like one already taken" in response.content.decode()
    assert User.objects.count() == 1


def test_names_that_only_look_alike_to_nobody_are_both_taken():
    assert sign_up(Client(), "bob1").status_code == 302
    assert sign_up(Client(), "bobl").status_code == 302


def test_existing_look_alike_accounts_keep_working():
    User.objects.create_user("Admin", password=PASSWORD)
    User.objects.create_user("АDMIN", password=PASSWORD)  # made before looks were compared
    for name in ("Admin", "АDMIN"):
        browser = Client()
        assert log_in(browser, name, PASSWORD).status_code == 302 and signed_in(browser)
