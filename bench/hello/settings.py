"""The site's settings, unchanged, with the bench URLconf (the site plus `/hello/`); STATIC_ROOT
may point elsewhere (BENCH_STATIC_ROOT) so the bench's collectstatic never writes in the tree."""

import os

from yukon_site.settings import *  # noqa: F403

ROOT_URLCONF = "bench.hello.urls"
STATIC_ROOT = os.environ.get("BENCH_STATIC_ROOT") or STATIC_ROOT  # noqa: F405
if os.environ.get("BENCH_LIMITS") == "high":  # players who never pause: counted, never refused
    RATE_LIMITS = {kind: (10**9, 10**9, s) for kind, (_, _, s) in RATE_LIMITS.items()}  # noqa: F405
