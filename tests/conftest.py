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


# What makes a test touch the database: one of pytest-django's database fixtures (directly or
# through another fixture) or its django_db marker.
DATABASE_FIXTURES = {
    "db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
    "live_server",
}  # fmt: skip


def pytest_addoption(parser):
    parser.addoption(
        "--database-only", action="store_true",
        help="run only the tests that touch the database (CI's second run, on SQLite: the "
        "first, on PostgreSQL, already ran everything that does not)",
    )  # fmt: skip


def touches_the_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or not DATABASE_FIXTURES.isdisjoint(
        getattr(item, "fixturenames", ())
    )


def pytest_collection_modifyitems(config, items):
    if not config.getoption("database_only"):
        return
    kept = [item for item in items if touches_the_database(item)]
    if dropped := [item for item in items if item not in kept]:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
