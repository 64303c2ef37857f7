"""publish(): an event to every open stream of a topic, once the caller's transaction commits.

What is published follows something already stored (a race's move), so a publish that
fails is logged and counted (yukon_live_publish_failures) and never raises into its caller:
the stored move stands, and a page that missed the event catches up when it next reads the
state (the races' polling fallback).
"""

from __future__ import annotations

import logging
from functools import partial

from django.conf import settings
from django.db import transaction

import metrics
from live import broker, table
from live.events import check_names

log = logging.getLogger(__name__)


def backend_name() -> str:
    return "redis" if settings.LIVE_URL else "table"


def publish(topic: str, event: str, data: str) -> None:
    """Sends `event` with `data` to every subscriber of `topic`, on any web host, when the
    current transaction commits (at once outside one; never if it rolls back). Raises
    ValueError only for a topic or event name no stream could carry."""
    check_names(topic, event)
    transaction.on_commit(partial(_send, topic, event, data))


def _send(topic: str, event: str, data: str) -> None:
    name = backend_name()
    try:
        (broker if name == "redis" else table).publish(topic, event, data)
    except Exception:
        log.exception("live: could not publish %s on %s through %s", event, topic, name)
        metrics.LIVE_PUBLISH_FAILURES.labels(backend=name).inc()
    else:
        metrics.LIVE_PUBLISHED.labels(backend=name).inc()
