"""Events pushed to open pages: `publish(topic, event, data)` on any host reaches every
stream open at /live/<topic>/ (server-sent events), on every web host. README "Live"."""

from live.sending import publish

__all__ = ["publish"]
