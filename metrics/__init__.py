"""The site's Prometheus metrics (prometheus_client). Updated where things happen, in every
app (so they sit here, in the bottom app, importing nothing of the project); exposed by
ops.probes (web) and the ops app's db_worker (the solver worker). Under gunicorn every
worker process writes its values to files in PROMETHEUS_MULTIPROC_DIR (set by
gunicorn.conf.py) and a scrape adds them up, so the counts are the site's, whichever process
answered.

Names start with `yukon_`; every label takes a handful of values at most.
"""

from __future__ import annotations

from prometheus_client import Counter, Histogram

REQUEST_SECONDS = Histogram(
    "yukon_request_seconds",
    "Time from a request's arrival at the site's middleware to its response, per view.",
    ["view", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
ACTIONS = Counter(
    "yukon_actions",
    "Actions stored on games (move, undo, redo, restart, finish, resign); rate() of "
    'action="move" is moves per second.',
    ["action"],
)
RATE_LIMITED = Counter(
    "yukon_rate_limited",
    "Requests refused by the rate limits (HTTP 429), by kind (action, hint, new_game).",
    ["kind"],
)
LOGIN_REFUSALS = Counter(
    "yukon_login_refusals",
    'Logins refused: "failed" (wrong credentials, or refused while locked out) and '
    '"locked_out" (an address reaching the failure limit, django-axes).',
    ["reason"],
)
VERDICT_SECONDS = Histogram(
    "yukon_check_verdict_seconds",
    "Move to verdict: from a player's request for a position's check to its stored verdict, "
    "per waiting game (observed by the solver worker).",
    ["verdict"],
    buckets=(0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 7.5, 10.0, 15.0, 30.0, 60.0),
)
CHECKS = Counter(
    "yukon_checks",
    "Dead-end checks the solver worker ran, by outcome (win, loss, unknown, deeper, idle; "
    "carried: settled with no search, by the position its move came from, decided meanwhile).",
    ["outcome"],
)
SEARCH_SECONDS = Counter(
    "yukon_check_search_seconds",
    "CPU seconds the solver worker's dead-end checks spent searching, by check (quick, deep; "
    "look_back: an earlier position of a lost line; recheck: a winnable one, for a way on; "
    "after: a finished game's) and outcome (win, loss, unknown): where the search goes, and "
    "how much of it ends undecided.",
    ["check", "outcome"],
)
TASKS_RECOVERED = Counter(
    "yukon_tasks_recovered",
    "Tasks taken back from a worker whose lease ran out (requeued, or failed the second time).",
    ["how"],
)

LIVE_PUBLISHED = Counter(
    "yukon_live_published",
    "Events published to the live streams (live.publish), by backend (redis, table).",
    ["backend"],
)
LIVE_PUBLISH_FAILURES = Counter(
    "yukon_live_publish_failures",
    "Events that could not be published (the broker or database unreachable), by backend; "
    "the action that published them is stored all the same.",
    ["backend"],
)


def count_failed_login(sender, credentials=None, request=None, **kwargs) -> None:
    LOGIN_REFUSALS.labels(reason="failed").inc()


def count_lockout(sender, request=None, username=None, ip_address=None, **kwargs) -> None:
    LOGIN_REFUSALS.labels(reason="locked_out").inc()
