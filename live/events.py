"""An event on its way to the open pages of a topic, and its server-sent-events form.

A topic is what a stream's address names (/live/<topic>/): letters, digits, - and _, at
most 80 of them; whoever publishes makes it unguessable (a race puts its secret slug in it).
An event's name is the SSE `event:` field, which the page's listeners are named after.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property

TOPIC = r"[A-Za-z0-9_-]{1,80}"
EVENT = r"[A-Za-z0-9_.:-]{1,80}"
LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Event:
    event: str
    data: str
    id: str | None = None  # given by the database's table, so a reconnect can pick up

    @cached_property
    def wire(self) -> bytes:
        """The event as streams send it (encode), worked out once: a process hands the same
        Event to every stream of its topic (live.broker's hub)."""
        return encode(self)


def check_names(topic: str, event: str) -> None:
    """Raises ValueError for a topic or event name a stream could not carry."""
    if not re.fullmatch(TOPIC, topic):
        raise ValueError(f"a live topic is 1 to 80 letters, digits, - or _, not {topic!r}")
    if not re.fullmatch(EVENT, event):
        raise ValueError(f"a live event's name is 1 to 80 letters, digits, _.:-, not {event!r}")


def encode(message: Event) -> bytes:
    """The event as the stream sends it: `id:` if it has one, `event:`, then one `data:` line
    per line of its data (a browser joins them again with newlines), and a blank line."""
    lines = [f"id: {message.id}"] if message.id is not None else []
    lines.append(f"event: {message.event}")
    lines.extend(f"data: {line}" for line in LINE_BREAK.split(message.data))
    return ("\n".join(lines) + "\n\n").encode()
