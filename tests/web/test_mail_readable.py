"""Issue 23 part 5: the development mail is printed as it reads: the password-reset mail's
body plain text, its link whole on one line, ready to copy."""

from __future__ import annotations

import io
import re

import pytest
from django.core.mail import EmailMessage

from yukon_site.mail import EmailBackend

pytestmark = pytest.mark.django_db

HOST = "yukon-and-klondike.example.org"

LINK = (
    "http://127.0.0.1:8000/accounts/reset/MQ/cz6yx0-0123456789abcdef0123456789abcdef/?next=%2F&x=1"
)


def printed(*messages: EmailMessage) -> str:
    out = io.StringIO()
    EmailBackend(stream=out).send_messages(list(messages))
    return out.getvalue()


def test_a_long_line_is_printed_whole_not_quoted_printable():
    text = printed(EmailMessage("Reset", f"Open this link:\n{LINK}\n", to=["a@example.org"]))
    assert f"\n{LINK}\n" in text
    assert "quoted-printable" not in text.lower() and "=3D" not in text
    assert "Content-Transfer-Encoding: 7bit" in text


def test_a_body_beyond_ascii_is_printed_as_its_own_characters():
    text = printed(EmailMessage("Yukon", f"♠ Café ♥\n{LINK}\n", to=["a@example.org"]))
    assert "♠ Café ♥" in text and f"\n{LINK}\n" in text
    assert "base64" not in text.lower() and "quoted-printable" not in text.lower()


def test_the_reset_mail_printed_in_development_carries_a_link_that_works(alice, settings, capsys):
    settings.MAILERS = {"default": {"BACKEND": "yukon_site.mail.EmailBackend"}}
    settings.ALLOWED_HOSTS = [HOST, "testserver"]  # HOST takes the link past 78 characters
    alice.sign_up(email="alice@example.org")
    alice.log_out()
    capsys.readouterr()
    alice.client.post(
        "/accounts/password_reset/", {"email": "alice@example.org"}, headers={"host": HOST}
    )
    out = capsys.readouterr().out
    assert "=3D" not in out and "=\n" not in out
    link = re.search(rf"^http://{HOST}(/accounts/reset/\S+/)$", out, re.MULTILINE)
    assert len(link[0]) > 78
    link = link[1]
    page = alice.client.get(link, follow=True).content.decode()
    assert "<h1>Choose a new password</h1>" in page
