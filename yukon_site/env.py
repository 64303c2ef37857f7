"""Reading the settings from environment variables (yukon_site/settings.py uses these).

Each variable goes through a small helper that raises ImproperlyConfigured on a bad value,
so a typo in production stops the process at start instead of running half-configured.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str | None = None) -> str:
    """The variable's text, or `default`. Raises ImproperlyConfigured if unset with no default."""
    value = os.environ.get(name)
    if value is None:
        if default is None:
            raise ImproperlyConfigured(f"{name} must be set")
        return default
    return value


def env_bool(name: str, default: bool) -> bool:
    """1/true/yes/on or 0/false/no/off (any case). Raises ImproperlyConfigured otherwise."""
    value = os.environ.get(name)
    if value is None:
        return default
    if value.strip().lower() in _TRUE:
        return True
    if value.strip().lower() in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (1/0, true/false), not {value!r}")


def env_int(name: str, default: int, minimum: int = 0) -> int:
    """A whole number >= minimum. Raises ImproperlyConfigured otherwise."""
    value = os.environ.get(name)
    if value is None:
        return default
    try:
        number = int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be a whole number, not {value!r}") from None
    if number < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, not {number}")
    return number


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blanks around items are dropped."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def database_from_url(url: str, conn_max_age: int = 0, prepare_after: int = 0) -> dict:
    """A DATABASES entry for `url`; SQLite gets WAL and IMMEDIATE transactions, PostgreSQL
    its parameters sent apart from the statement and, with `prepare_after` > 0, each
    statement prepared once a connection has run it that many times.

    IMMEDIATE makes a writing transaction take the write lock at BEGIN, so two requests that
    read-then-write the same game queue up instead of failing with "database is locked".

    PostgreSQL parses and plans every statement it is sent, and a move sends the same half
    dozen again and again: a connection kept open (CONN_MAX_AGE) that prepares them once
    skips that, about a third of the database's CPU per move (bench/move_endpoint.py
    --load). A pooler that hands one connection to many clients in turn (PgBouncer in
    transaction mode) does not keep prepared statements: there, 0 prepares none.
    Raises ImproperlyConfigured for an unknown scheme.
    """
    try:
        config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    except ValueError as e:
        raise ImproperlyConfigured(f"DATABASE_URL is not usable: {e}") from None
    if config["ENGINE"] == "django.db.backends.postgresql":
        config.setdefault("OPTIONS", {}).update(
            {"server_side_binding": True, "prepare_threshold": prepare_after or None}
        )
    if config["ENGINE"] == "django.db.backends.sqlite3":
        config.setdefault("OPTIONS", {}).update(
            {"init_command": "PRAGMA journal_mode=WAL;", "transaction_mode": "IMMEDIATE"}
        )
        # A file, not memory, for the test database: tests that start a real worker
        # process (db_worker) must see the same database. One file per test run.
        if config["NAME"] != ":memory:":
            name = Path(config["NAME"])
            config["TEST"] = {"NAME": str(name.with_name(f"test-{os.getpid()}-{name.name}"))}
    return config


REDIS_SCHEMES = ("redis://", "rediss://", "unix://")


def redis_cache(url: str, prefix: str) -> dict:
    """A CACHES entry for Django's Redis cache at `url` (redis://host:port/db, rediss:// for
    TLS, unix:///path.sock), its keys under `prefix` so that a shared Redis keeps them apart.
    Raises ImproperlyConfigured for another scheme."""
    if not url.startswith(REDIS_SCHEMES):
        raise ImproperlyConfigured(
            "REDIS_URL must start with redis://, rediss:// or unix://, e.g. "
            "redis://127.0.0.1:6379/0"
        )  # the value itself is not repeated: it may hold a password
    return {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": url,
        "KEY_PREFIX": prefix,
        # A Redis gone quiet holds a request up for a second at most, never for ever.
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }


# Keys shorter than this are refused in production: 32 random bytes cannot be guessed.
KEY_MIN_BYTES = 32
KEY_HOWTO = "e.g. the output of: python -c 'import secrets; print(secrets.token_urlsafe(50))'"


def env_key(name: str, debug: bool, development_key: str) -> str:
    """A secret key. In development (DEBUG=1) the public `development_key` unless set; in
    production it must be set, be at least KEY_MIN_BYTES bytes and not be the development
    key. Raises ImproperlyConfigured otherwise."""
    value = os.environ.get(name)
    if debug:
        return development_key if value is None else value
    if value is None:
        raise ImproperlyConfigured(
            f"{name} must be set when DEBUG is off (production): "
            f"a random text of at least {KEY_MIN_BYTES} bytes, {KEY_HOWTO}"
        )
    if value == development_key:
        raise ImproperlyConfigured(
            f"{name} is the public development key, which nobody may use in production; "
            f"set a random one, {KEY_HOWTO}"
        )
    if len(value.encode()) < KEY_MIN_BYTES:
        raise ImproperlyConfigured(
            f"{name} is {len(value.encode())} bytes long; production (DEBUG off) needs at "
            f"least {KEY_MIN_BYTES} bytes of random text, {KEY_HOWTO}"
        )
    return value


def env_address(name: str) -> tuple[str, int] | None:
    """host:port (port 1-65535), or None when unset or empty."""
    value = os.environ.get(name, "").strip()
    if not value:
        return None
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise ImproperlyConfigured(f"{name} must be host:port, e.g. 0.0.0.0:9100, not {value!r}")
    return host.strip("[]"), int(port)
