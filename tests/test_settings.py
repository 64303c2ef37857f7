"""The env-driven settings: helpers refuse bad values; the site checks clean in dev and prod."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from yukon_site.settings import database_from_url, env_bool, env_int, env_list, env_str

ROOT = Path(__file__).resolve().parent.parent


def manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def production_env(**overrides: str) -> dict[str, str]:
    # DJANGO_ALLOW_ASYNC_UNSAFE is set by the browser tests' conftest for the test process only;
    # a production environment never has it (check --deploy rightly refuses it).
    unset = {"DEBUG", "SECRET_KEY", "DEAL_KEY", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    env = {k: v for k, v in os.environ.items() if k not in unset}
    env.update(
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(45),
        DEAL_KEY=secrets.token_urlsafe(32),
        ALLOWED_HOSTS="yukon.example.org",
        SECURE_HSTS_PRELOAD="1",
    )
    env.update(overrides)
    return env


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


def test_the_suite_uses_the_database_url_when_set():
    engine = settings.DATABASES["default"]["ENGINE"]
    url = os.environ.get("DATABASE_URL", "sqlite://")
    expected = "postgresql" if url.startswith(("postgres:", "postgresql:")) else "sqlite3"
    assert engine == f"django.db.backends.{expected}", url


def test_deal_key_is_bytes():
    assert isinstance(settings.DEAL_KEY, bytes)
    assert settings.DEAL_KEY


def test_manage_py_check_passes():
    result = manage("check", "--fail-level", "WARNING", env=dict(os.environ))
    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_is_clean_with_production_env():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env())
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = production_env()
    del env["SECRET_KEY"]
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_refuses_to_start_without_a_deal_key():
    env = production_env()
    del env["DEAL_KEY"]
    result = manage("check", env=env)
    assert result.returncode != 0
    assert "DEAL_KEY must be set" in result.stderr


@pytest.mark.django_db
def test_migrations_are_complete():
    # Exits non-zero (SystemExit) when a model change has no migration.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
