"""Issue 20, fair play for accounts, each attack of the security review tried through the real
pages: 1. password guessing between logins to one's own account, and a sign-up clearing a
lockout; 2. sign-ups, logins and reset mails without limit; 7. look-alike usernames."""

from __future__ import annotations

import re

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from . import fair_play
from .fair_play import DAY, CountingHasher, log_in, sign_up
from .html import one, parse
from .personas import PASSWORD, Persona

pytestmark = pytest.mark.django_db


# Fixtures defined once in fair_play.py, bound here so that pytest finds them.
quick_passwords = fair_play.quick_passwords
low_limits = fair_play.low_limits


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


# -- 7. usernames compared by their look -------------------------------------------------------


@pytest.mark.parametrize("look_alike", ["АDMIN", "admіn", "ΑDМIN", "Αdmin"])
def test_a_look_alike_of_a_taken_username_is_refused(look_alike):
    User.objects.create_superuser("Admin", password="right-horse-battery")
    response = sign_up(Client(), look_alike)
    assert response.status_code == 200
    assert "looks just like one already taken" in response.content.decode()
    assert User.objects.count() == 1


def test_names_that_only_look_alike_to_nobody_are_both_taken():
    assert sign_up(Client(), "anna").status_code == 302
    assert sign_up(Client(), "anne").status_code == 302
    assert sign_up(Client(), "bobi").status_code == 302
    assert sign_up(Client(), "bobl").status_code == 302


def test_existing_look_alike_accounts_keep_working():
    User.objects.create_user("Admin", password=PASSWORD)
    User.objects.create_user("АDMIN", password=PASSWORD)  # made before looks were compared
    for name in ("Admin", "АDMIN"):
        browser = Client()
        assert log_in(browser, name, PASSWORD).status_code == 302 and signed_in(browser)
