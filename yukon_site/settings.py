"""Settings for the Yukon & Klondike site, read from environment variables only.

Each variable goes through a helper of yukon_site/env.py that raises ImproperlyConfigured on
a bad value, so a typo in production stops the process at start instead of running
half-configured. Every app and every middleware is in the one list below.
"""

import logging
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from . import policies
from .env import (
    KEY_HOWTO,
    KEY_MIN_BYTES,
    REDIS_SCHEMES,
    database_from_url,
    env_address,
    env_bool,
    env_int,
    env_key,
    env_list,
    env_str,
    redis_cache,
)

BASE_DIR = Path(__file__).resolve().parent.parent

# Production unless DEBUG=1 says otherwise: `./dev run`, `./dev test` and CI set it.
DEBUG = env_bool("DEBUG", default=False)

DEVELOPMENT_SECRET_KEY = "django-insecure-local-development-only"
DEVELOPMENT_DEAL_KEY = "yukon-klondike-development-deal-key"

SECRET_KEY = env_key("SECRET_KEY", DEBUG, DEVELOPMENT_SECRET_KEY)

# The key behind the deal shuffle (DESIGN §4): without it nobody can compute the face-down
# cards from a game number. Bytes, ready for HMAC. Changing it never changes a stored Deal.
DEAL_KEY = env_key("DEAL_KEY", DEBUG, DEVELOPMENT_DEAL_KEY).encode()
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
    # Before django_tasks_db: its `db_worker` (the library's worker with a lease and metrics
    # of its own) takes the place of the library's (Operations below).
    "ops",
    "django_tasks_db",
    "axes",  # failed logins (Limits below)
    # The site's apps, bottom to top: each uses only the ones before it here (ops, which sits
    # at the top with accounts and retention, comes earlier for its command).
    "metrics",  # the Prometheus counters, updated from every app
    "games",  # the games' data: deals, games, records, their steps; the rules engine
    "visitors",  # who is asking and how often: a visitor's identity, the rate limits
    "live",  # events pushed to open pages (server-sent events), across web hosts
    "solver",  # the search core, the winnable pool and the dead-end checks
    "daily",  # the daily deal, leaderboards, sharing
    "ratings",  # players' and deals' ratings from rated games
    "races",  # the same deal dealt to 2-8 players at once, their progress shown to each other
    "play",  # what a player does and sees: actions, hints, the pages
    "accounts",  # sign up, login throttling; at login a visitor's games become the account's
    "retention",  # what the site stops keeping
]

MIDDLEWARE = [
    "ops.probes.probes_middleware",  # first: /healthz, /readyz, /metrics (Operations below)
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "yukon_site.headers.permissions_policy_middleware",
    "yukon_site.headers.cookies_middleware",  # sees every cookie the layers below set
    *([] if DEBUG else ["whitenoise.middleware.WhiteNoiseMiddleware"]),
    # Pages and board partials go out gzipped to clients that accept it: gunicorn serves them
    # itself in the shipped deployment. Below whitenoise, which answers static files itself,
    # precompressed, so they never pass through here. BREACH (guessing a secret in a
    # compressed page from its size) is answered the standard way: the only secret a page
    # carries, the CSRF token, is masked anew in every response.
    "yukon_site.headers.GZipMiddleware",  # Django's, but never on an event stream
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "yukon_site.lazy_messages.LazyMessageMiddleware",  # only the admin has messages
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "visitors.players.player_middleware",
    "axes.middleware.AxesMiddleware",  # last, as axes asks (Limits below)
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
        prepare_after=env_int("DATABASE_PREPARE_AFTER", 5),
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Background work (DESIGN §1): Django's tasks API, queue kept in the database.
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

# Retention (the `retention` app, README "Retention"): what the worker's periodic cleanup
# deletes, and after how long.
RETENTION_EVERY_MINUTES = env_int("RETENTION_EVERY_MINUTES", 60, minimum=1)
RETENTION_TASK_DAYS = env_int("RETENTION_TASK_DAYS", 1, minimum=1)
RETENTION_FAILED_TASK_DAYS = env_int("RETENTION_FAILED_TASK_DAYS", 7, minimum=1)
RETENTION_ORPHAN_MINUTES = env_int("RETENTION_ORPHAN_MINUTES", 15, minimum=1)
RETENTION_VERDICT_DAYS = env_int("RETENTION_VERDICT_DAYS", 1, minimum=1)
RETENTION_GAME_DAYS = env_int("RETENTION_GAME_DAYS", 30, minimum=1)

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
        else "yukon_site.storage.StaticStorage"  # hashed names, in the JS imports too
    },
}

# Two cookies, two lifetimes. Players are known by their own signed cookie (visitors/players.py),
# which lasts a year so records survive without an account. Django's session cookie is only
# the staff's admin login: it ends when the browser closes, and the login itself expires
# after STAFF_SESSION_HOURS even in a browser that stays open.
# A player's account login (accounts/) rides on this same session for now, so it too ends
# with the browser or after STAFF_SESSION_HOURS; the records belong to the account either way.
SESSION_COOKIE_AGE = env_int("STAFF_SESSION_HOURS", 8, minimum=1) * 60 * 60
SESSION_EXPIRE_AT_BROWSER_CLOSE = True
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"

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

# Django's `check --deploy` is clean with the production environment in the README, except:
# security.W021 (HSTS preload off). Preloading asks browsers to hard-code HTTPS for the domain
# and all its subdomains, and leaving the list takes months: the operator opts in with
# SECURE_HSTS_PRELOAD=1 when the whole domain is ready, not this project by default.
SILENCED_SYSTEM_CHECKS = ["security.W021"]

# What browsers may do with the site's pages: the Content-Security-Policy (Django's
# django.middleware.csp) and the Permissions-Policy (yukon_site/headers.py), in
# yukon_site/policies.py.
SECURE_CSP = policies.CONTENT_SECURITY_POLICY
PERMISSIONS_POLICY = policies.PERMISSIONS_POLICY

# Logging: everything to stderr, where gunicorn, docker and systemd collect it, in production
# as in development. A 500 is logged by django.request with its traceback; a failed background
# task by django.tasks (the worker's task_finished log, with the traceback) and django_tasks_db
# (the worker itself). All of these propagate to the root handler; nothing is mailed.
LOG_LEVEL = env_str("LOG_LEVEL", "INFO").upper()
if LOG_LEVEL not in logging.getLevelNamesMapping():
    raise ImproperlyConfigured(
        f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {LOG_LEVEL!r}"
    )
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "{asctime} {levelname} {name} [{process}] {message}", "style": "{"},
    },
    "handlers": {
        "stderr": {
            "class": "logging.StreamHandler",
            "stream": "ext://sys.stderr",
            "formatter": "plain",
        },
    },
    "root": {"handlers": ["stderr"], "level": "WARNING"},
    "loggers": {
        # Replaces Django's default (console in DEBUG only, mail to ADMINS otherwise).
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "django_tasks_db": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
    },
}

# ---------------------------------------------------------------------------------------------
# Limits (issue 11 part 2, issue 20): rate limits on the game endpoints and on everything
# that creates an account or a game or sends mail, and login throttling. Kept together in
# this one block.

# Rate limits are counted where every web process and every machine shares them
# (visitors.limits): in Redis when REDIS_URL is set (the compose file runs one), through Django's
# cache framework, with no statement to the database; otherwise in a table of the site's own
# database, SQLite (the embedded default) and PostgreSQL alike, with no extra service. The
# admin's failed logins are in django-axes' tables either way.
REDIS_URL = env_str("REDIS_URL", "")
# The default cache stays in each process's memory: it holds only what never changes once
# known (a game's deal, the deal's grade, a winning line read whole), read on a move without a
# round trip. Every game being played keeps two entries (its deal and its grade) in each web
# process that serves it, so the cache holds many more than Django's default of 300: at that
# size 300 players on different deals pushed each other's entries out, and every move read
# its deal and grade rows again (about 1 ms of web CPU a move, bench/move_endpoint.py --load
# 300 --kind random). 20,000 entries of about 550 bytes each: some 11 MB a process, full.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "OPTIONS": {"MAX_ENTRIES": 20_000},
    },
    **({"rate_counts": redis_cache(REDIS_URL, "rate")} if REDIS_URL else {}),
    # Share images (play.views.preview), drawn once per deal: shared in Redis when there is
    # one, else kept by each process, a few hundred at most (about 40 KB each).
    "previews": (
        redis_cache(REDIS_URL, "preview")
        if REDIS_URL
        else {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "previews",
            "OPTIONS": {"MAX_ENTRIES": 300},
        }
    ),
}

# (per player, per address, in seconds) for each kind of request, in visitors.limits; for
# "password_reset" the first number counts per email address instead of per player. A new
# player cookie buys nothing: every kind is counted per address too, and the address numbers
# are set for many players behind one address (a school, an office: a class of 30).
#   action, hint   a fast player makes one or two moves a second in bursts (holding Undo
#                  repeats it a few times a second, still under 4 a second over a minute) and
#                  asks a hint now and then; an address: ten such players at full speed.
#   new_game       asking /yukon/ or /klondike/ for a deal: every few seconds at most.
#   start          a game stored by its first action, by any route: one every 20 seconds
#                  for ten minutes is already more than anyone plays; an address: a class of 30
#                  each starting a game a minute.
#   signup         each costs a password hash (about half a second of CPU): a whole class of
#                  30 signing up in the same hour, twice over, fits an address.
#   login          a hash each: a class logging in at once, with a mistyped password or two.
#   preview        a deal's share image (og:image) drawn, in about a tenth of a second (one
#                  already drawn is kept and not counted): link previews fetch it once a link
#                  is posted; an address: two a second, a fifth of a core at most.
#   password_change a hash each (the current password checked): five an hour for one
#                  account is room for typos, and no session can guess the password.
#   password_reset each sends a mail: three an hour to one mailbox is plenty for someone who
#                  lost a mail, and no one can flood a mailbox; a class that forgot its
#                  passwords fits an address.
RATE_LIMITS = {
    "action": (240, 2400, 60),
    "hint": (30, 300, 60),
    "new_game": (30, 300, 60),
    "start": (30, 300, 600),
    "signup": (5, 60, 3600),
    "login": (30, 300, 3600),
    "password_change": (5, 50, 3600),
    "password_reset": (3, 30, 3600),
    "preview": (60, 120, 60),
}

# How many proxies in front of the site append the client's address to X-Forwarded-For
# (0: clients connect directly; the shipped docker-compose sets 1, behind Caddy). The header
# is only read when this says who wrote it.
PROXY_HOPS = env_int("PROXY_HOPS", 0)

# django-axes: every login, the admin's and a player's (/accounts/login/), counted together
# (accounts.throttle). Failed logins are counted per username and address, and per username
# from every address: five for one username from one address, or twenty for it from anywhere,
# lock that username out of logging in for an hour, except from an address that has logged in
# to it before (a stranger cannot aim a lockout at its owner); an IPv6 address counts as its
# /64. An address alone is never locked out (a
# school or an office shares one: the "login" rate limit above bounds what it may try). A
# successful login clears only its own username's failures from its own address, so a login
# to another account, or a sign-up, clears no one else's. The locked-out owner gets a page
# saying what happened and until when, with the password reset, which still works and, once
# done, ends the lockout. A refused login is not counted again (it would keep the lockout
# going for ever) and checks no password. Attempts are kept in axes' own tables (visible in
# the admin), which every web process shares.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",  # first: refuses a locked-out login before checking
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "accounts.throttle.LoginThrottle"
# Each entry's own limit: LOGIN_FAILURE_LIMITS[i] failures lock AXES_LOCKOUT_PARAMETERS[i] out.
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"], "username"]
LOGIN_FAILURE_LIMITS = [5, 20]
AXES_FAILURE_LIMIT = LOGIN_FAILURE_LIMITS[0]
AXES_COOLOFF_TIME = 1  # hours
AXES_RESET_ON_SUCCESS = True  # this username from this address only (accounts.throttle)
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
AXES_LOCKOUT_CALLABLE = "accounts.throttle.locked_out"
AXES_CLIENT_IP_CALLABLE = "accounts.throttle.client_address"
AXES_VERBOSE = False

# -- Accounts (issue 12): Django's own auth; playing never needs an account -------------------
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "lobby"
LOGOUT_REDIRECT_URL = "lobby"
# Password-reset mail: printed to the console in development (as plain text, its link on one
# line: yukon_site.mail), sent by SMTP in production.
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
_EMAIL_BACKEND = env_str("EMAIL_BACKEND", "yukon_site.mail.EmailBackend" if DEBUG else _SMTP)
MAILERS = {
    "default": {
        "BACKEND": _EMAIL_BACKEND,
        **({"OPTIONS": _EMAIL_OPTIONS} if _EMAIL_BACKEND == _SMTP else {}),
    }
}
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "webmaster@localhost")

# -- Operations (issue 21): probes, metrics and the solver worker's lease (the `ops` app) -----
# ops answers /healthz, /readyz and /metrics ahead of every other middleware (ops/probes.py,
# first in MIDDLEWARE) and times every other request. Its `db_worker` command takes the place
# of django-tasks-db's (ops comes before it in INSTALLED_APPS).

# /metrics (Prometheus) answers only `Authorization: Bearer <METRICS_TOKEN>`; unset: off (404).
METRICS_TOKEN = env_str("METRICS_TOKEN", "")
if METRICS_TOKEN and len(METRICS_TOKEN.encode()) < KEY_MIN_BYTES:
    raise ImproperlyConfigured(
        f"METRICS_TOKEN is {len(METRICS_TOKEN.encode())} bytes long; it needs at least "
        f"{KEY_MIN_BYTES} bytes of random text, {KEY_HOWTO}"
    )


# Where each db_worker serves its own metrics (checks, move-to-verdict latency): plain HTTP
# with no token, for the scraper's network only. Unset: not served.
WORKER_METRICS_BIND = env_address("WORKER_METRICS_BIND")


# -- Live (issue 40): events pushed to open pages, the `live` app ------------------------------
# live.publish(topic, event, data) reaches every open stream of the topic (/live/<topic>/,
# server-sent events) on any web host. Through Redis pub/sub when LIVE_URL names a Redis
# (redis://, rediss://, unix://; by default the REDIS_URL above, which the compose file sets);
# with no Redis, through a table of recent events in the site's own database that each stream
# polls (`./dev run`: SQLite, the site and its worker as separate processes).
LIVE_URL = env_str("LIVE_URL", REDIS_URL)
if LIVE_URL and not LIVE_URL.startswith(REDIS_SCHEMES):
    raise ImproperlyConfigured(
        "LIVE_URL must start with redis://, rediss:// or unix:// (or be empty: the database)"
    )
# Redis channels are named LIVE_PREFIX + topic, so a shared Redis keeps sites apart.
LIVE_PREFIX = env_str("LIVE_PREFIX", "yukon:live:")
# A comment line every so often keeps proxies from closing a quiet stream.
LIVE_HEARTBEAT_SECONDS = 15.0
# The table's streams look for new rows this often; rows older than LIVE_KEEP_SECONDS go.
LIVE_POLL_SECONDS = 0.25
LIVE_KEEP_SECONDS = 120
