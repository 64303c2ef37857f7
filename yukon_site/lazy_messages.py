"""Django's messages framework, its storage made only when something uses it.

Only the admin adds messages; the game's pages never show one. Django's MessageMiddleware
builds a cookie storage and a session storage on every request all the same, and looks at
both again on the way out: about a tenth of a millisecond a move. Here the storage is made
the first time a message is added or read, and a request that never touched it skips the
way out too. The admin's system check asks for MessageMiddleware: this is one.
"""

from __future__ import annotations

from django.contrib.messages.middleware import MessageMiddleware
from django.contrib.messages.storage import default_storage
from django.utils.functional import SimpleLazyObject, empty


class LazyMessageMiddleware(MessageMiddleware):
    def process_request(self, request):
        request._messages = SimpleLazyObject(lambda: default_storage(request))

    def process_response(self, request, response):
        storage = getattr(request, "_messages", None)
        if isinstance(storage, SimpleLazyObject) and storage._wrapped is empty:
            return response  # no message added or read: nothing to store
        return super().process_response(request, response)
