"""The settings' readers of the environment (yukon_site.settings' helpers), in process: each
reads the usual spellings, takes its default when the variable is unset, and refuses a bad
value with ImproperlyConfigured and a message that names the variable."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from yukon_site.settings import (
    database_from_url,
    env_bool,
    env_int,
    env_key,
    env_list,
    env_str,
    redis_cache,
)


def test_env_bool_reads_the_usual_spellings(monkeypatch):
    for text, expected in [("1", True), ("TRUE", True), ("on", True), ("0", False), ("no", False)]:
        monkeypatch.setenv("YK_FLAG", text)
        assert env_bool("YK_FLAG", default=not expected) is expected


def test_env_bool_uses_the_default_when_unset(monkeypatch):
    monkeypatch.delenv("YK_FLAG", raising=False)
    assert env_bool("YK_FLAG", default=True) is True


def test_a_bad_debug_value_is_refused(monkeypatch):
    monkeypatch.setenv("DEBUG", "maybe")
    with pytest.raises(ImproperlyConfigured, match="DEBUG must be a boolean"):
        env_bool("DEBUG", default=True)


def test_env_int_refuses_text_and_too_small_numbers(monkeypatch):
    monkeypatch.setenv("CONN_MAX_AGE", "sixty")
    with pytest.raises(ImproperlyConfigured, match="whole number"):
        env_int("CONN_MAX_AGE", 0)
    monkeypatch.setenv("CONN_MAX_AGE", "-1")
    with pytest.raises(ImproperlyConfigured, match="at least 0"):
        env_int("CONN_MAX_AGE", 0)
    monkeypatch.setenv("CONN_MAX_AGE", "60")
    assert env_int("CONN_MAX_AGE", 0) == 60


def test_env_str_without_default_requires_the_variable(monkeypatch):
    monkeypatch.delenv("YK_REQUIRED", raising=False)
    with pytest.raises(ImproperlyConfigured, match="YK_REQUIRED must be set"):
        env_str("YK_REQUIRED")


def test_env_list_splits_on_commas_and_drops_blanks(monkeypatch):
    monkeypatch.setenv("ALLOWED_HOSTS", " a.example , b.example,, ")
    assert env_list("ALLOWED_HOSTS", []) == ["a.example", "b.example"]


def test_it_parses_a_postgres_database_url():
    config = database_from_url("postgres://postgres@127.0.0.1:5432/yukon", conn_max_age=60)
    assert config["ENGINE"] == "django.db.backends.postgresql"
    assert (config["NAME"], config["USER"], config["HOST"], config["PORT"]) == (
        "yukon",
        "postgres",
        "127.0.0.1",
        5432,
    )
    assert config["CONN_MAX_AGE"] == 60
    assert "init_command" not in config.get("OPTIONS", {})
    # Parameters apart from the statement; none prepared unless asked (a pooler's setting).
    assert config["OPTIONS"] == {"server_side_binding": True, "prepare_threshold": None}


def test_postgres_prepares_a_statement_once_it_repeats_when_asked():
    config = database_from_url("postgres://postgres@127.0.0.1:5432/yukon", prepare_after=5)
    assert config["OPTIONS"]["prepare_threshold"] == 5


def test_prepare_after_keeps_the_url_s_own_options():
    config = database_from_url("postgres://u@h:5432/y?sslmode=require", prepare_after=5)
    assert config["OPTIONS"] == {
        "sslmode": "require", "server_side_binding": True, "prepare_threshold": 5,
    }  # fmt: skip


def test_sqlite_gets_wal_and_immediate_transactions(tmp_path):
    config = database_from_url(f"sqlite:///{tmp_path / 'db.sqlite3'}")
    assert config["ENGINE"] == "django.db.backends.sqlite3"
    assert config["NAME"] == str(tmp_path / "db.sqlite3")
    assert config["OPTIONS"] == {
        "init_command": "PRAGMA journal_mode=WAL;",
        "transaction_mode": "IMMEDIATE",
    }


def test_an_unknown_database_scheme_is_refused():
    with pytest.raises(ImproperlyConfigured, match="DATABASE_URL"):
        database_from_url("mongodb://localhost/yukon")


def test_a_redis_url_becomes_a_redis_cache_with_its_own_key_prefix():
    config = redis_cache("redis://127.0.0.1:6379/0", "rate")
    assert config == {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": "redis://127.0.0.1:6379/0",
        "KEY_PREFIX": "rate",
        "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
    }
    assert redis_cache("rediss://cache.example:6380/1", "rate")["LOCATION"].startswith("rediss")


def test_a_redis_url_of_another_scheme_is_refused_without_repeating_it():
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL must start with redis://") as e:
        redis_cache("http://:hunter2@cache.example:6379/0", "rate")
    assert "hunter2" not in str(e.value)


def test_env_key_in_development_takes_a_set_key_of_any_length(monkeypatch):
    monkeypatch.setenv("YK_KEY", "x")
    assert env_key("YK_KEY", debug=True, development_key="dev") == "x"
    monkeypatch.delenv("YK_KEY")
    assert env_key("YK_KEY", debug=True, development_key="dev") == "dev"


def test_env_key_in_production_measures_bytes(monkeypatch):
    monkeypatch.setenv("YK_KEY", "k" * 32)
    assert env_key("YK_KEY", debug=False, development_key="dev") == "k" * 32
    monkeypatch.setenv("YK_KEY", "é" * 15)  # 15 characters, 30 bytes
    with pytest.raises(ImproperlyConfigured, match="YK_KEY is 30 bytes long"):
        env_key("YK_KEY", debug=False, development_key="dev")
