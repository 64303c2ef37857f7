"""The site's settings with one page more (tests/live/urls.py): a page that listens to a
topic with htmx's SSE extension, as a race's page will."""

from yukon_site.settings import *  # noqa: F403

ROOT_URLCONF = "tests.live.urls"
