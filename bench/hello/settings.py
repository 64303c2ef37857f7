"""The site's settings, unchanged, with the bench URLconf (the site plus `/hello/`); STATIC_ROOT
may point elsewhere (BENCH_STATIC_ROOT) so the bench's collectstatic never writes in the tree."""

import os

from yukon_site.settings import *  # noqa: F403

ROOT_URLCONF = "bench.hello.urls"

if os.environ.get("BENCH_STATIC_ROOT"):
    STATIC_ROOT = os.environ["BENCH_STATIC_ROOT"]

# Every bench player comes from one address (127.0.0.1): the site's per-address rate limits
# would refuse the load being measured. The limits still count every request (their cache
# reads and writes are part of a move's cost); they only never refuse here.
RATE_LIMITS = {kind: (10**9, 10**9, seconds) for kind, (_, _, seconds) in RATE_LIMITS.items()}  # noqa: F405
