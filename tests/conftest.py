"""Fixtures shared by the whole suite. Area-specific fixtures live next to their tests."""

import pytest
from django.core.cache import caches


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with empty caches: what the site keeps there (a deal's grade, a
    winning line) is keyed by row ids, which a rolled-back test may hand out again, and a
    share image kept by an earlier test would not be drawn (nor counted) again."""
    kept = [caches["default"], caches["previews"]]  # in the process (no REDIS_URL in tests)
    for cache in kept:
        cache.clear()
    yield
    for cache in kept:
        cache.clear()


@pytest.fixture(autouse=True)
def _quick_passwords(settings):
    """Passwords hashed in a blink: the site's PBKDF2 (1.5 million rounds) costs about 0.6 s
    a sign-up or log-in on a slow 2-core machine, and the suite signs in dozens of times.
    What hashing protects is Django's; the tests are about what happens around it."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
