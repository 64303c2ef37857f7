"""Settings for the Yukon & Klondike site, read from environment variables only.

Each variable goes through a small helper that raises ImproperlyConfigured on a bad value,
so a typo in production stops the process at start instead of running half-configured.
"""

import os
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

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


def database_from_url(url: str, conn_max_age: int = 0) -> dict:
    """A DATABASES entry for `url`; SQLite gets WAL and IMMEDIATE transactions.

    IMMEDIATE makes a writing transaction take the write lock at BEGIN, so two requests that
    read-then-write the same game queue up instead of failing with "database is locked".
    Raises ImproperlyConfigured for an unknown scheme.
    """
    try:
        config = dj_database_url.parse(url, conn_max_age=conn_max_age, conn_health_checks=True)
    except ValueError as e:
        raise ImproperlyConfigured(f"DATABASE_URL is not usable: {e}") from None
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


DEBUG = env_bool("DEBUG", default=True)

if DEBUG:
    SECRET_KEY = env_str("SECRET_KEY", "django-insecure-local-development-only")
else:
    SECRET_KEY = env_str("SECRET_KEY")

# The key behind the deal shuffle (DESIGN §4): without it nobody can compute the face-down
# cards from a game number. Bytes, ready for HMAC. Changing it never changes a stored Deal.
if DEBUG:
    DEAL_KEY = env_str("DEAL_KEY", "yukon-klondike-development-deal-key").encode()
else:
    DEAL_KEY = env_str("DEAL_KEY").encode()
if not DEAL_KEY:
    raise ImproperlyConfigured("DEAL_KEY must not be empty")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django_htmx",
    "django_tasks_db",
    "games",
    "solver",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    *([] if DEBUG else ["whitenoise.middleware.WhiteNoiseMiddleware"]),
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "games.players.player_middleware",
]

ROOT_URLCONF = "yukon_site.urls"
WSGI_APPLICATION = "yukon_site.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

DATABASES = {
    "default": database_from_url(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("CONN_MAX_AGE", 0),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background work (DESIGN §1): Django's tasks API, queue kept in the database.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# Anonymous players keep their games through the session cookie for a year.
SESSION_COOKIE_AGE = 365 * 24 * 60 * 60

# HTTPS: one switch (on by default in production) with per-setting overrides.
HTTPS = env_bool("HTTPS", default=not DEBUG)
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=HTTPS)
SESSION_COOKIE_SECURE = env_bool("SESSION_COOKIE_SECURE", default=HTTPS)
CSRF_COOKIE_SECURE = env_bool("CSRF_COOKIE_SECURE", default=HTTPS)
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 365 * 24 * 60 * 60 if HTTPS else 0)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=HTTPS)
# Preloading is a lasting promise to browsers: the operator opts in explicitly.
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=False)
# Behind a TLS-terminating proxy that sets X-Forwarded-Proto (only trust it if the proxy does).
if env_bool("SECURE_PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

# -- Accounts (issue 12): Django's own auth; playing never needs an account -------------------
INSTALLED_APPS = [*INSTALLED_APPS, "accounts"]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"
# Password-reset mail: printed to the console in development, sent by SMTP in production.
# Read from the conventional EMAIL_* variables, given to Django as its MAILERS setting.
_EMAIL_OPTIONS = {
    "host": env_str("EMAIL_HOST", "localhost"),
    "port": env_int("EMAIL_PORT", 25, minimum=1),
    "username": env_str("EMAIL_HOST_USER", ""),
    "password": env_str("EMAIL_HOST_PASSWORD", ""),
    "use_tls": env_bool("EMAIL_USE_TLS", default=False),
    "use_ssl": env_bool("EMAIL_USE_SSL", default=False),
}
if _EMAIL_OPTIONS["use_tls"] and _EMAIL_OPTIONS["use_ssl"]:
    raise ImproperlyConfigured("EMAIL_USE_TLS and EMAIL_USE_SSL cannot both be on")
_SMTP = "django.core.mail.backends.smtp.EmailBackend"
_EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend" if DEBUG else _SMTP
)
MAILERS = {
    "default": {
        "BACKEND": _EMAIL_BACKEND,
        **({"OPTIONS": _EMAIL_OPTIONS} if _EMAIL_BACKEND == _SMTP else {}),
    }
}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "webmaster@localhost")
