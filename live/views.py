"""GET /live/<topic>/: the topic's events as server-sent events (text/event-stream).

An async view returning an async stream: under an ASGI server (uvicorn: the compose file's
`live` service, and `./dev run`) an open stream takes no worker from the web's pool, only its
subscription (and an idle thread of Django's ASGI handler, which runs the site's synchronous
middleware in one). The response starts once the stream is subscribed, so a browser's `open`
event means whatever is published from then on reaches it; it opens with a `retry:` hint,
sends each event as it comes, a comment line as a heartbeat every LIVE_HEARTBEAT_SECONDS, and
ends if its broker fails (the browser comes back after `retry`). A broker that cannot be
reached gets a 503 with Retry-After. The topic is the only key: whoever publishes makes it
unguessable, so the stream asks no login. Served by a WSGI server instead (gunicorn), the view
answers 503 at once rather than hold a thread for ever."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, StreamingHttpResponse
from django.views.decorators.http import require_GET

from live import broker, table
from live.sending import OUTAGES, backend_name

log = logging.getLogger(__name__)

RETRY_MS = 2000  # how long a browser waits before it reconnects a broken stream
OPENED = f"retry: {RETRY_MS}\n: live\n\n".encode()
HEARTBEAT = b": ping\n\n"
UNAVAILABLE = "Live events are unavailable for a moment: try again shortly.\n"
WSGI_REFUSAL = (
    "Live streams are served by the site's ASGI application (uvicorn): route /live/ to it.\n"
)


@require_GET
async def stream(request, topic: str) -> HttpResponse:
    if not isinstance(request, ASGIRequest):
        # Under WSGI (gunicorn, Django's test client) Django would gather the endless stream
        # into memory and hold the thread for ever: refused, so the page falls back to polling.
        return HttpResponse(WSGI_REFUSAL, status=503, content_type="text/plain")
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    if backend_name() == "redis":
        listening = broker.listen(topic, heartbeat)
    else:
        listening = table.listen(topic, heartbeat, request.headers.get("Last-Event-ID"))
    try:
        await anext(listening)  # subscribed: whatever is published from now on comes here
    except OUTAGES:
        log.exception("live: could not subscribe to %s", topic)
        await listening.aclose()
        return HttpResponse(UNAVAILABLE, status=503, content_type="text/plain",
                            headers={"Retry-After": str(RETRY_MS // 1000)})  # fmt: skip
    return StreamingHttpResponse(
        events(topic, listening),
        content_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


async def events(topic: str, listening: AsyncIterator) -> AsyncIterator[bytes]:
    try:
        yield OPENED
        async for event in listening:
            yield HEARTBEAT if event is None else event.wire
    except OUTAGES:
        log.exception("live: the stream of %s broke", topic)
    finally:
        await listening.aclose()
