"""/accounts/: sign up, log in, log out (POST only), password change and reset by email, and
the nav saying who is signed in. Playing never needs any of it."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail

from games.models import Game

from .deals import WORKED_EXAMPLE, worked_example
from .personas import PASSWORD, Persona

pytestmark = pytest.mark.django_db


def test_the_signup_page_labels_every_field_and_says_email_is_optional(client):
    html = client.get("/accounts/signup/").content.decode()
    assert "<h1>Sign up</h1>" in html
    for name in ("username", "email", "password1", "password2"):
        field = re.search(rf'<input [^>]*name="{name}"[^>]*>', html)[0]
        field_id = re.search(r'id="([^"]+)"', field)[1]
        assert f'<label for="{field_id}"' in html
    email = re.search(r'<input [^>]*name="email"[^>]*>', html)[0]
    assert "required" not in email
    assert "Optional. Only used to send you a link if you forget your password." in html


def test_signing_up_creates_the_account_and_logs_in(alice):
    html = alice.sign_up().content.decode()
    user = User.objects.get(username="alice")
    assert user.check_password(PASSWORD) and user.email == ""
    assert alice.user_id == user.pk
    assert 'Signed in as <a href="/accounts/password_change/"' in html
    assert ">alice</a>" in html


def test_signing_up_keeps_an_email_address_for_resets(alice):
    alice.sign_up(email="alice@example.org")
    assert User.objects.get(username="alice").email == "alice@example.org"


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"password2": "something else entirely"}, "The two password fields didn"),
        ({"password1": "abc", "password2": "abc"}, "This password is too short."),
        ({"password1": "password", "password2": "password"}, "This password is too common."),
        ({"username": "bad name!"}, "Enter a valid username."),
        ({"username": ""}, "This field is required."),
        ({"email": "not an address"}, "Enter a valid email address."),
    ],
)
def test_bad_signup_input_gets_a_clear_message_and_creates_nothing(client, fields, message):
    data = {"username": "carol", "password1": PASSWORD, "password2": PASSWORD, **fields}
    response = client.post("/accounts/signup/", data)
    html = response.content.decode()
    assert response.status_code == 200
    assert 'role="alert"' in html and message in html
    assert not User.objects.exists()
    assert "_auth_user_id" not in client.session


def test_a_taken_username_is_refused_whatever_its_case(alice):
    User.objects.create_user("Alice", password=PASSWORD)
    html = alice.sign_up("alice").content.decode()
    assert "A user with that username already exists." in html
    assert User.objects.count() == 1 and alice.user_id is None


def test_signup_goes_on_to_a_page_of_this_site_only(client):
    data = {"username": "carol", "password1": PASSWORD, "password2": PASSWORD}
    response = client.post("/accounts/signup/", {**data, "next": "/records/"})
    assert response.status_code == 302 and response["Location"] == "/records/"
    client.post("/accounts/logout/")
    data["username"] = "dave"
    response = client.post("/accounts/signup/", {**data, "next": "https://evil.example/"})
    assert response["Location"] == "/"


def test_a_signed_in_player_is_sent_on_from_the_signup_page(alice):
    alice.sign_up()
    assert alice.client.get("/accounts/signup/")["Location"] == "/"


def test_the_nav_offers_log_in_and_sign_up_to_a_visitor(client):
    html = client.get("/").content.decode()
    assert '<a href="/accounts/login/">Log in</a>' in html
    assert '<a href="/accounts/signup/">Sign up</a>' in html
    assert "Signed in as" not in html


def test_logging_in_with_the_right_password_signs_in(alice):
    User.objects.create_user("alice", password=PASSWORD)
    html = alice.log_in().content.decode()
    assert alice.user_id is not None
    assert "Signed in as" in html and '<button type="submit">Log out</button>' in html


def test_a_wrong_password_gets_a_clear_message_and_does_not_sign_in(alice):
    User.objects.create_user("alice", password=PASSWORD)
    html = alice.log_in(password="not it at all").content.decode()
    assert alice.user_id is None
    assert 'role="alert"' in html and "Please enter a correct username and password." in html


def test_the_login_page_links_to_signup_and_to_password_reset(client):
    html = client.get("/accounts/login/").content.decode()
    assert "<h1>Log in</h1>" in html
    assert 'href="/accounts/password_reset/"' in html and 'href="/accounts/signup/"' in html


def test_logout_is_a_post_and_a_get_changes_nothing(alice):
    alice.sign_up()
    assert alice.client.get("/accounts/logout/").status_code == 405
    assert "_auth_user_id" in alice.client.session
    html = alice.log_out().content.decode()
    assert alice.user_id is None and "Signed in as" not in html


def test_playing_needs_no_account(client):
    worked_example()
    # Looking starts nothing: the first move, POSTed to the deal's address, starts the game.
    response = client.post(f"/yukon/{WORKED_EXAMPLE}/", {"ply": 0, "move": "9S-t5"})
    assert response.status_code == 303
    assert Game.objects.get().player == response.wsgi_request.visitor


def test_a_signed_in_players_games_are_filed_under_the_account(alice):
    alice.sign_up()
    game = alice.start("yukon", 12)
    assert game.player == f"user:{alice.user_id}"


def test_password_change_needs_a_login(client):
    response = client.get("/accounts/password_change/")
    assert response.status_code == 302
    assert response["Location"] == "/accounts/login/?next=/accounts/password_change/"


def test_password_change_takes_the_old_password_and_keeps_the_player_signed_in(alice):
    alice.sign_up()
    new = "another fine passphrase"
    data = {"old_password": "wrong", "new_password1": new, "new_password2": new}
    html = alice.client.post("/accounts/password_change/", data).content.decode()
    assert "Your old password was entered incorrectly." in html
    data["old_password"] = PASSWORD
    html = alice.client.post("/accounts/password_change/", data, follow=True).content.decode()
    assert "<h1>Password changed</h1>" in html and "Signed in as" in html
    assert User.objects.get(username="alice").check_password(new)


def test_a_password_is_reset_through_the_link_sent_by_email(alice):
    alice.sign_up(email="alice@example.org")
    alice.log_out()
    response = alice.client.post(
        "/accounts/password_reset/", {"email": "alice@example.org"}, follow=True
    )
    assert "<h1>Check your email</h1>" in response.content.decode()
    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["alice@example.org"]
    link = re.search(r"http://testserver(/accounts/reset/\S+/)", mail.outbox[0].body)[1]
    form_page = alice.client.get(link, follow=True)
    assert "<h1>Choose a new password</h1>" in form_page.content.decode()
    new = "a brand new passphrase"
    done = alice.client.post(
        form_page.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}, follow=True
    )
    assert "<h1>Password set</h1>" in done.content.decode()
    alice.log_in(password=new)
    assert alice.user_id is not None


def test_a_reset_for_an_unknown_address_sends_nothing_and_says_the_same(client):
    data = {"email": "nobody@example.org"}
    response = client.post("/accounts/password_reset/", data, follow=True)
    assert "<h1>Check your email</h1>" in response.content.decode()
    assert mail.outbox == []


def test_a_used_or_forged_reset_link_says_it_does_not_work(client):
    html = client.get("/accounts/reset/MQ/set-password/", follow=True).content.decode()
    assert "This link does not work" in html


def test_an_account_is_the_same_player_on_another_device(alice):
    alice.sign_up()
    game = alice.start("yukon", 12)
    phone = Persona("alice-phone")
    phone.log_in("alice")
    assert phone.player == alice.player
    assert phone.client.get(f"/game/{game.slug}/").status_code == 200
