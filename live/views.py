"""GET /live/<topic>/: the topic's events as server-sent events (text/event-stream).

An async view returning an async stream: under an ASGI server (uvicorn: the compose file's
`live` service, and `./dev run`) an open stream holds no thread, only its subscription. The
stream opens with a `retry:` hint once it is subscribed, sends each event as it comes, a
comment line as a heartbeat every LIVE_HEARTBEAT_SECONDS, and ends if its broker fails (the
browser comes back after `retry`). The topic is the only key: whoever publishes makes it
unguessable, so the stream asks no login.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator

from django.conf import settings
from django.http import StreamingHttpResponse
from django.views.decorators.http import require_GET

from live import broker, table
from live.events import encode
from live.sending import backend_name

log = logging.getLogger(__name__)

RETRY_MS = 2000  # how long a browser waits before it reconnects a broken stream
RETRY = f"retry: {RETRY_MS}\n\n".encode()
OPENED = f"retry: {RETRY_MS}\n: live\n\n".encode()
HEARTBEAT = b": ping\n\n"


@require_GET
async def stream(request, topic: str) -> StreamingHttpResponse:
    return StreamingHttpResponse(
        events(topic, request.headers.get("Last-Event-ID")),
        content_type="text/event-stream",
        headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"},
    )


async def events(topic: str, last_id: str | None) -> AsyncIterator[bytes]:
    heartbeat = settings.LIVE_HEARTBEAT_SECONDS
    if backend_name() == "redis":
        listening = broker.listen(topic, heartbeat)
    else:
        listening = table.listen(topic, heartbeat, last_id)
    opened = False
    try:
        async for event in listening:
            if event is not None:
                yield encode(event)
            elif opened:
                yield HEARTBEAT
            else:
                opened = True  # subscribed: whatever is published from now on comes here
                yield OPENED
    except Exception:
        log.exception("live: the stream of %s broke", topic)
        if not opened:  # the browser comes back after `retry`, as it would have after one
            yield RETRY
    finally:
        await listening.aclose()
