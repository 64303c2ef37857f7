"""Fixtures shared by the whole suite. Area-specific fixtures live next to their tests."""

import pytest
from django.core.cache import cache


@pytest.fixture(autouse=True)
def _empty_cache():
    """Each test starts with an empty cache: what the site keeps there (a deal's grade, a
    winning line) is keyed by row ids, which a rolled-back test may hand out again."""
    cache.clear()
    yield
    cache.clear()
