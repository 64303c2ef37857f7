"""The site's settings, unchanged but for STATIC_ROOT: the sites the tests start (cluster.py)
share one collection of the static files, made once a run outside the tree."""

import os

from yukon_site.settings import *  # noqa: F403

STATIC_ROOT = os.environ.get("TEST_STATIC_ROOT") or STATIC_ROOT  # noqa: F405
