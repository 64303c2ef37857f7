"""What the fair-play tests share: a quick password hasher that counts the passwords it hashes
or checks, logging in and signing up through the real forms, and limits low enough to meet."""

from __future__ import annotations

import pytest
from django.contrib.auth.hashers import MD5PasswordHasher
from django.test import Client

from .personas import PASSWORD

DAY = 24 * 3600


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
