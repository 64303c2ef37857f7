"""ASGI entry point: the compose file's `live` service (uvicorn, the event streams at /live/,
which hold no thread while open) and `./dev run` (the whole site, static files included in
development, as runserver serves them)."""

import os

from django.conf import settings
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")

application = get_asgi_application()
if settings.DEBUG:
    application = ASGIStaticFilesHandler(application)
