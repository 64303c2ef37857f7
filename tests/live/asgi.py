"""A stream opened on the site's own ASGI application in this process, read as it comes:
the bytes the ASGI server would write to the browser, chunk by chunk."""

from __future__ import annotations

import asyncio

from yukon_site.asgi import application

WAIT = 10  # seconds before a chunk that never comes fails the test


class Stream:
    def __init__(self, path: str, headers: dict[str, str] | None = None) -> None:
        self.path, self.headers = path, headers or {}
        self.messages: asyncio.Queue = asyncio.Queue()
        self.gone = asyncio.Event()
        self.asked = False
        self.ended = False

    async def receive(self) -> dict:
        if not self.asked:  # the request's (empty) body first, then the browser leaving
            self.asked = True
            return {"type": "http.request", "body": b"", "more_body": False}
        await self.gone.wait()
        return {"type": "http.disconnect"}

    async def open(self) -> tuple[int, dict[str, str]]:
        """Sends the request; returns the status and headers once they come."""
        scope = {
            "type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "GET",
            "scheme": "http", "path": self.path, "raw_path": self.path.encode(),
            "query_string": b"", "root_path": "", "client": ("127.0.0.1", 40000),
            "server": ("127.0.0.1", 80),
            "headers": [(b"host", b"127.0.0.1")]
            + [(k.lower().encode(), v.encode()) for k, v in self.headers.items()],
        }  # fmt: skip
        self.task = asyncio.create_task(application(scope, self.receive, self.messages.put))
        start = await asyncio.wait_for(self.messages.get(), WAIT)
        assert start["type"] == "http.response.start", start
        return start["status"], {k.decode().lower(): v.decode() for k, v in start["headers"]}

    async def chunk(self) -> bytes:
        """The next piece of the body (`ended` says whether it was the last)."""
        message = await asyncio.wait_for(self.messages.get(), WAIT)
        assert message["type"] == "http.response.body", message
        self.ended = not message.get("more_body", False)
        return message.get("body", b"")

    async def close(self) -> None:
        """The browser goes away; the site must let go of the stream."""
        self.gone.set()
        await asyncio.wait_for(self.task, WAIT)
