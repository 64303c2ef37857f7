"""The env-driven settings as the site's processes get them: production is the default and
refuses missing, short or public keys; the site checks clean in development, with the
production environment the README documents and with the compose file's. (The helpers that
read one variable each: test_settings_readers.py.)"""

import json
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command

from yukon_site.settings import DEVELOPMENT_DEAL_KEY, DEVELOPMENT_SECRET_KEY

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


# Every variable of the README's Settings table: a test's environment starts without them,
# so what the developer's shell has set cannot leak in.
SETTINGS_VARIABLES = {
    "DEBUG", "SECRET_KEY", "DEAL_KEY", "ALLOWED_HOSTS", "CSRF_TRUSTED_ORIGINS", "CONN_MAX_AGE",
    "HTTPS", "SECURE_SSL_REDIRECT", "SESSION_COOKIE_SECURE", "CSRF_COOKIE_SECURE",
    "SECURE_HSTS_SECONDS", "SECURE_HSTS_INCLUDE_SUBDOMAINS", "SECURE_HSTS_PRELOAD",
    "SECURE_PROXY_SSL_HEADER", "STAFF_SESSION_HOURS", "LOG_LEVEL", "RETENTION_EVERY_MINUTES",
    "RETENTION_TASK_DAYS", "RETENTION_FAILED_TASK_DAYS", "RETENTION_ORPHAN_MINUTES",
    "RETENTION_VERDICT_DAYS", "RETENTION_GAME_DAYS", "REDIS_URL", "LIVE_URL", "LIVE_PREFIX",
    # Set by the browser tests' conftest for the test process only; a production environment
    # never has it (check --deploy rightly refuses it).
    "DJANGO_ALLOW_ASYNC_UNSAFE",
}  # fmt: skip


def bare_env(**variables: str) -> dict[str, str]:
    """This process's environment without any of the site's settings, plus `variables`."""
    env = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    env.update(variables)
    return env


def readme_env() -> dict[str, str]:
    """The production environment as the README's Settings section writes it, each
    <placeholder> filled with a value made as it says."""
    text = (ROOT / "README.md").read_text()
    block = text.split("## Settings", 1)[1].split("```sh\n", 1)[1].split("```", 1)[0]
    env = {}
    for line in block.splitlines():
        name, value = line.split("#", 1)[0].strip().split("=", 1)
        env[name] = secrets.token_urlsafe(50) if value.startswith("<") else value
    return env


def production_env(**overrides: str) -> dict[str, str]:
    """The README's production environment (plus `overrides`), and nothing else of the site's
    settings: everything not named keeps its production default."""
    return bare_env(**{**readme_env(), **overrides})


# Settings as a process started in each environment reads them, several environments in one
# process: yukon_site/settings.py reads nothing of the process but os.environ, so it is run
# afresh (runpy) for each environment in turn, which saves a Django start a case.
_SETTINGS_UNDER = """
import json, os, runpy, sys
from django.core.exceptions import ImproperlyConfigured
expression, envs = json.load(sys.stdin)
for env in envs:
    os.environ.clear()
    os.environ.update(env)
    try:
        namespace = runpy.run_module("yukon_site.settings", run_name="yukon_site.settings")
    except ImproperlyConfigured as e:
        print(json.dumps("refused: " + str(e)))
    else:
        print(json.dumps(repr(eval(expression, namespace))))
"""


def settings_under(expression: str, *envs: dict[str, str]) -> list[str]:
    """repr(expression) over the settings' names, as a process started in each of `envs`
    would have them (or "refused: " and the ImproperlyConfigured message)."""
    result = subprocess.run(
        [sys.executable, "-c", _SETTINGS_UNDER],
        cwd=ROOT,
        env=bare_env(),
        input=json.dumps([expression, envs]),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return [json.loads(line) for line in result.stdout.splitlines()]


def refusal(result: subprocess.CompletedProcess) -> str:
    """The ImproperlyConfigured message a refused start ends its traceback with."""
    assert result.returncode != 0, result.stdout
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("django.core.exceptions.ImproperlyConfigured: "), result.stderr
    return last.removeprefix("django.core.exceptions.ImproperlyConfigured: ")


def test_rate_limits_and_share_images_use_redis_only_when_it_is_set():
    code = "sorted((k, v['BACKEND'].rsplit('.', 1)[1]) for k, v in CACHES.items())"
    without, with_redis = settings_under(
        code, production_env(), production_env(REDIS_URL="redis://r:6379/0")
    )
    assert without == "[('default', 'LocMemCache'), ('previews', 'LocMemCache')]"
    assert with_redis == (
        "[('default', 'LocMemCache'), ('previews', 'RedisCache'), ('rate_counts', 'RedisCache')]"
    )
    refused = manage("check", env=production_env(REDIS_URL="127.0.0.1:6379"))
    assert refusal(refused).startswith("REDIS_URL must start with redis://")


def test_live_events_go_through_redis_by_default_when_it_is_set_and_a_bad_url_is_refused():
    assert settings_under(
        "LIVE_URL",
        production_env(),
        production_env(REDIS_URL="redis://r:6379/0"),
        production_env(REDIS_URL="redis://r:6379/0", LIVE_URL=""),
        production_env(LIVE_URL="rediss://live:6380/1"),
    ) == ["''", "'redis://r:6379/0'", "''", "'rediss://live:6380/1'"]
    refused = manage("check", env=production_env(LIVE_URL="amqp://live"))
    assert refusal(refused).startswith("LIVE_URL must start with redis://")


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
    # The one silenced check is HSTS preload (security.W021): an opt-in, see settings.py.
    assert "System check identified no issues (1 silenced)." in result.stdout


def compose_env() -> dict[str, str]:
    """docker-compose.yml's app environment as `docker compose up` gives it when only the
    required variables are set: ${VAR:-default} takes its default, ${VAR:?message} (required)
    a value made as the README says."""
    text = (ROOT / "docker-compose.yml").read_text()
    block = text.split("  environment:\n", 1)[1]
    env = {}
    for line in block.splitlines():
        line = line.split(" # ", 1)[0].rstrip()  # a comment of its own, or after the value
        if line.strip() == "":
            continue
        if not line.startswith("    ") or ":" not in line:
            break
        name, value = (part.strip() for part in line.split(":", 1))
        value = value.strip('"')
        if match := re.fullmatch(r"\$\{(\w+):-(.*)\}", value):
            value = match[2]
        elif re.fullmatch(r"\$\{(\w+):\?.*\}", value):
            value = "yukon.example.org" if name == "ALLOWED_HOSTS" else secrets.token_urlsafe(50)
        env[name] = value
    return env


def test_check_deploy_is_clean_with_the_compose_files_environment():
    env = compose_env()
    assert env["DEBUG"] == "0"
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=bare_env(**env))
    assert result.returncode == 0, result.stdout + result.stderr


def test_the_compose_files_web_counts_rate_limits_in_its_redis_service():
    assert compose_env()["REDIS_URL"] == "redis://redis:6379/0"
    compose = (ROOT / "docker-compose.yml").read_text()
    assert "\n  redis:\n    image: redis:7\n" in compose
    web = compose.split("\n  web:\n", 1)[1].split("\n\n", 1)[0]
    assert "redis:\n        condition: service_healthy" in web, "the web starts once Redis answers"


def test_check_deploy_fails_when_https_is_turned_off():
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=production_env(HTTPS="0"))
    assert result.returncode != 0
    for check in ["security.W004", "security.W008", "security.W012", "security.W016"]:
        assert check in result.stderr, result.stderr


def test_check_deploy_fails_with_debug_on():
    env = production_env(DEBUG="1", HTTPS="1")
    result = manage("check", "--deploy", "--fail-level", "WARNING", env=env)
    assert result.returncode != 0
    assert "security.W018" in result.stderr


def test_production_is_the_default_when_debug_is_unset():
    env = production_env()
    del env["DEBUG"]
    code = "from django.conf import settings; print(settings.DEBUG, settings.SECURE_SSL_REDIRECT)"
    result = manage("shell", "-c", code, env=env)
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == "False True"


def test_without_debug_and_keys_the_site_refuses_to_start():
    result = manage("check", env=bare_env())
    assert refusal(result) == (
        "SECRET_KEY must be set when DEBUG is off (production): a random text of at least "
        "32 bytes, e.g. the output of: python -c 'import secrets; "
        "print(secrets.token_urlsafe(50))'"
    )


def test_production_refuses_to_start_without_a_secret_key():
    env = production_env()
    del env["SECRET_KEY"]
    assert refusal(manage("check", env=env)).startswith(
        "SECRET_KEY must be set when DEBUG is off (production)"
    )


def test_production_refuses_to_start_without_a_deal_key():
    env = production_env()
    del env["DEAL_KEY"]
    assert refusal(manage("check", env=env)).startswith(
        "DEAL_KEY must be set when DEBUG is off (production)"
    )


def test_production_refuses_a_one_byte_deal_key():
    assert refusal(manage("check", env=production_env(DEAL_KEY="x"))).startswith(
        "DEAL_KEY is 1 bytes long; production (DEBUG off) needs at least 32 bytes"
    )


def test_production_refuses_a_31_byte_secret_key_and_accepts_32_bytes():
    short = manage("check", env=production_env(SECRET_KEY="s" * 31))
    assert refusal(short).startswith("SECRET_KEY is 31 bytes long")
    # Bytes, not characters: 16 two-byte letters are 32 bytes.
    enough = manage("check", env=production_env(SECRET_KEY="é" * 16))
    assert enough.returncode == 0, enough.stderr


def test_production_refuses_the_public_development_keys():
    env = production_env(DEAL_KEY=DEVELOPMENT_DEAL_KEY)
    assert refusal(manage("check", env=env)).startswith(
        "DEAL_KEY is the public development key, which nobody may use in production"
    )
    env = production_env(SECRET_KEY=DEVELOPMENT_SECRET_KEY)
    assert refusal(manage("check", env=env)).startswith("SECRET_KEY is the public development key")


def test_development_runs_with_its_public_keys_when_none_is_set():
    code = "from django.conf import settings; print(settings.DEBUG, settings.DEAL_KEY.decode())"
    result = manage("shell", "-c", code, env=bare_env(DEBUG="1"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip().splitlines()[-1] == f"True {DEVELOPMENT_DEAL_KEY}"


def test_dev_manage_and_dev_run_are_in_development_mode_unless_told_otherwise():
    code = "from django.conf import settings; print(settings.DEBUG)"
    for env, expected in [(bare_env(), "True"), (production_env(), "False")]:
        result = subprocess.run(
            ["bash", "dev", "manage", "shell", "-c", code],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout.strip().splitlines()[-1] == expected


def test_a_bad_staff_session_length_or_log_level_is_refused():
    result = manage("check", env=production_env(STAFF_SESSION_HOURS="0"))
    assert refusal(result) == "STAFF_SESSION_HOURS must be at least 1, not 0"
    result = manage("check", env=production_env(LOG_LEVEL="LOUD"))
    assert refusal(result) == "LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not 'LOUD'"


@pytest.mark.django_db
def test_migrations_are_complete():
    # Exits non-zero (SystemExit) when a model change has no migration.
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)
