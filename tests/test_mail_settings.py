"""Password-reset mail: the console in development, SMTP from the EMAIL_* variables in
production, handed to Django as its MAILERS setting."""

import json
import os

from .test_settings import manage, production_env

SHOW = "import json; from django.conf import settings; print(json.dumps(settings.MAILERS))"


def mailers(env: dict[str, str]) -> dict:
    result = manage("shell", "-c", SHOW, env=env)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])["default"]


def test_development_prints_mail_to_the_console_as_plain_text():
    env = {k: v for k, v in os.environ.items() if not k.startswith("EMAIL_")}
    env["DEBUG"] = "1"
    assert mailers(env) == {"BACKEND": "yukon_site.mail.EmailBackend"}


def test_production_sends_by_smtp_with_the_environments_settings():
    env = production_env(
        EMAIL_HOST="smtp.example.org", EMAIL_PORT="587", EMAIL_HOST_USER="yukon",
        EMAIL_HOST_PASSWORD="s3cret", EMAIL_USE_TLS="1",
    )  # fmt: skip
    assert mailers(env) == {
        "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
        "OPTIONS": {
            "host": "smtp.example.org", "port": 587, "username": "yukon", "password": "s3cret",
            "use_tls": True, "use_ssl": False,
        },
    }  # fmt: skip


def test_tls_and_ssl_together_are_refused():
    result = manage("check", env=production_env(EMAIL_USE_TLS="1", EMAIL_USE_SSL="1"))
    assert result.returncode != 0
    assert "EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on" in result.stderr


def test_a_bad_port_is_refused():
    result = manage("check", env=production_env(EMAIL_PORT="smtp"))
    assert result.returncode != 0 and "EMAIL_PORT must be a whole number" in result.stderr
