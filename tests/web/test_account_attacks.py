"""Issue 38, the holes a production-like attack found in the accounts' limits, each attack
tried through the real pages: 1. reset mails to one mailbox spelt many ways; 3. the admin's
login without a limit; 4. the current password guessed on the password change; 5. a login
username too long to store; 7. look-alike usernames of Unicode's confusables list."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt, AccessFailureLog
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from . import fair_play
from .fair_play import DAY, CountingHasher, log_in, sign_up
from .personas import PASSWORD

pytestmark = pytest.mark.django_db

quick_passwords = fair_play.quick_passwords
low_limits = fair_play.low_limits


def signed_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# -- 1. reset mails count the mailbox they go to -----------------------------------------------


def test_reset_mails_to_one_mailbox_spelt_with_a_long_s_share_its_limit():
    """Django finds the account by a Unicode-insensitive match and mails the stored address:
    every spelling it would match counts against that one mailbox (three an hour)."""
    User.objects.create_user("sam", "sam.sims@example.org", PASSWORD)
    spellings = [
        "sam.sims@example.org",
        "SAM.SIMS@example.org",
        "ſam.sims@example.org",
        "sam.ſims@example.org",
        "ſam.ſims@example.org",
        "Sam.Sims@Example.org",
    ]
    codes = [
        Client(REMOTE_ADDR=f"198.51.100.{i}")
        .post("/accounts/password_reset/", {"email": spelt})
        .status_code
        for i, spelt in enumerate(spellings)
    ]
    assert codes == [302] * 3 + [429] * 3
    # PostgreSQL's case-insensitive match finds the account for a long s (it mails all
    # three); SQLite's knows ASCII case alone (two). Never more than the mailbox's three.
    assert 2 <= len(mail.outbox) <= 3
    assert {message.to[0] for message in mail.outbox} == {"sam.sims@example.org"}


def test_a_reset_for_an_address_nobody_has_counts_its_spellings_as_one(low_limits):
    spellings = ["nobody@example.org", "NOBODY@example.org", "Nobody@example.ORG"]
    codes = [
        Client(REMOTE_ADDR=f"198.51.100.{i}")
        .post("/accounts/password_reset/", {"email": spelt})
        .status_code
        for i, spelt in enumerate(spellings)
    ]
    assert codes == [302, 302, 429]
    assert mail.outbox == []


# -- 3. the admin's login has the same limit as a player's ---------------------------------------


def test_a_spray_of_usernames_at_the_admin_login_is_refused_before_hashing(low_limits):
    sprayer = Client()
    codes = [
        sprayer.post(
            "/admin/login/?next=/admin/", {"username": f"user{i}", "password": "guess"}
        ).status_code
        for i in range(3)
    ]
    assert codes == [200, 200, 429]
    hashed = CountingHasher.calls
    refused = sprayer.post("/admin/login/", {"username": "user9", "password": "guess"})
    assert refused.status_code == 429 and 0 < int(refused["Retry-After"]) <= DAY
    assert "more login attempts than this site takes" in refused.content.decode()
    assert CountingHasher.calls == hashed


def test_the_player_and_admin_logins_share_one_count(low_limits):
    User.objects.create_superuser("boss", password=PASSWORD)
    browser = Client()
    assert log_in(browser, "x", "guess").status_code == 200
    assert log_in(browser, "y", "guess").status_code == 200
    refused = browser.post("/admin/login/", {"username": "boss", "password": PASSWORD})
    assert refused.status_code == 429 and not signed_in(browser)


def test_the_admin_login_page_itself_is_not_counted(low_limits):
    browser = Client()
    assert [browser.get("/admin/login/").status_code for _ in range(5)] == [200] * 5


# -- 4. the current password is not guessed without limit --------------------------------------


def test_guessing_the_current_password_on_the_password_change_is_limited():
    User.objects.create_user("alice", password=PASSWORD)
    browser = Client()
    assert log_in(browser, "alice", PASSWORD).status_code == 302
    new = {"new_password1": "a fresh passphrase", "new_password2": "a fresh passphrase"}
    codes = [
        browser.post(
            "/accounts/password_change/", {"old_password": f"guess {i}", **new}
        ).status_code
        for i in range(12)
    ]
    assert codes[0] == 200 and 429 in codes
    first_refused = codes.index(429)
    assert codes[first_refused:] == [429] * (12 - first_refused)
    hashed = CountingHasher.calls
    right = browser.post("/accounts/password_change/", {"old_password": PASSWORD, **new})
    assert right.status_code == 429 and "more password changes" in right.content.decode()
    assert CountingHasher.calls == hashed
    assert User.objects.get(username="alice").check_password(PASSWORD)


def test_the_password_change_count_follows_the_account_not_the_cookie():
    User.objects.create_user("alice", password=PASSWORD)
    new = {"new_password1": "a fresh passphrase", "new_password2": "a fresh passphrase"}
    codes = []
    for i in range(12):  # a new browser (a new cookie and session) for every guess
        browser = Client(REMOTE_ADDR=f"198.51.100.{i}")
        log_in(browser, "alice", PASSWORD)
        data = {"old_password": f"guess {i}", **new}
        codes.append(browser.post("/accounts/password_change/", data).status_code)
    assert 429 in codes


def test_a_password_change_below_the_limit_works():
    User.objects.create_user("alice", password=PASSWORD)
    browser = Client()
    log_in(browser, "alice", PASSWORD)
    new = {"new_password1": "a fresh passphrase", "new_password2": "a fresh passphrase"}
    browser.post("/accounts/password_change/", {"old_password": "a wrong one", **new})
    done = browser.post("/accounts/password_change/", {"old_password": PASSWORD, **new})
    assert done.status_code == 302
    assert User.objects.get(username="alice").check_password("a fresh passphrase")


# -- 5. a username too long to be one is refused before any hash or write -----------------------


@pytest.mark.parametrize("page", ["/accounts/login/", "/admin/login/"])
@pytest.mark.parametrize("length", [151, 256, 300, 5000])
def test_a_login_username_too_long_to_be_one_gets_a_message_and_no_hash(page, length):
    hashed = CountingHasher.calls
    response = Client().post(page, {"username": "u" * length, "password": "guess"})
    assert response.status_code == 200
    assert "at most 150 characters" in response.content.decode()
    assert CountingHasher.calls == hashed
    assert not AccessAttempt.objects.exists() and not AccessFailureLog.objects.exists()


# -- 7. look-alike usernames, from Unicode's confusables list -----------------------------------


@pytest.mark.parametrize("look_alike", ["aIice", "aǀice", "ɑlice", "аlice", "ɑIice"])
def test_a_look_alike_of_alice_is_refused(look_alike):
    assert sign_up(Client(), "alice").status_code == 302
    response = sign_up(Client(), look_alike)
    assert response.status_code == 200
    assert "looks just like one already taken" in response.content.decode()
    assert User.objects.count() == 1


def test_alice_is_refused_beside_a_look_alike_made_first():
    assert sign_up(Client(), "aIice").status_code == 302
    assert sign_up(Client(), "alice").status_code == 200
    assert User.objects.count() == 1


@pytest.mark.parametrize(("first", "second"), [("bob0", "bobO"), ("bob1", "bobl")])
def test_digits_that_look_like_letters_are_look_alikes(first, second):
    assert sign_up(Client(), first).status_code == 302
    assert sign_up(Client(), second).status_code == 200


# -- a lockout a stranger cannot aim -----------------------------------------------------------


def test_the_owner_still_logs_in_from_an_address_that_logged_in_before():
    User.objects.create_user("victim", password="the victims own passphrase")
    home = Client(REMOTE_ADDR="203.0.113.9")
    assert log_in(home, "victim", "the victims own passphrase").status_code == 302
    home.post("/accounts/logout/")
    for i in range(20):  # a stranger's guesses from twenty addresses
        log_in(Client(REMOTE_ADDR=f"198.51.100.{i}"), "victim", "a wrong guess")
    assert log_in(Client(REMOTE_ADDR="198.51.100.77"), "victim", "x").status_code == 429
    again = Client(REMOTE_ADDR="203.0.113.9")
    assert log_in(again, "victim", "the victims own passphrase").status_code == 302
    assert signed_in(again)


def test_guesses_from_an_address_that_logged_in_before_still_lock_it_out():
    User.objects.create_user("victim", password="the victims own passphrase")
    shared = Client(REMOTE_ADDR="203.0.113.9")
    log_in(shared, "victim", "the victims own passphrase")
    shared.post("/accounts/logout/")
    for _ in range(5):
        log_in(Client(REMOTE_ADDR="203.0.113.9"), "victim", "a wrong guess")
    right = log_in(Client(REMOTE_ADDR="203.0.113.9"), "victim", "the victims own passphrase")
    assert right.status_code == 429


def test_guesses_from_one_ipv6_network_count_as_one_address():
    User.objects.create_user("victim", password="the victims own passphrase")
    for i in range(1, 6):  # five addresses of one /64
        log_in(Client(REMOTE_ADDR=f"2001:db8:1:2::{i:x}"), "victim", "a wrong guess")
    same_network = Client(REMOTE_ADDR="2001:db8:1:2:ffff::1")
    assert log_in(same_network, "victim", "the victims own passphrase").status_code == 429
    other_network = Client(REMOTE_ADDR="2001:db8:1:3::1")
    assert log_in(other_network, "victim", "the victims own passphrase").status_code == 302
