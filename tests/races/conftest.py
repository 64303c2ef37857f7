"""Races on a pool of hand-made deals, with a clock the tests move (races.clock), played by
personas through the real pages (tests/web/personas.py)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from races import clock as race_clock
from solver.pool.models import DealVerdict
from tests.web.deals import easy_yukon
from tests.web.personas import Persona


class Clock:
    """A clock that stands still until a test moves it."""

    def __init__(self) -> None:
        self.now = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += timedelta(seconds=seconds)


@pytest.fixture
def clock():
    fixed = Clock()
    race_clock.set_source(fixed)
    yield fixed
    race_clock.set_source(race_clock.timezone.now)


@pytest.fixture
def pool(db):
    """The pool holds one proven Yukon deal, won by `line` then the four kings home."""
    deal, line = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict="win", moves=line)
    return deal, [*line, "KS-f", "KH-f", "KD-f", "KC-f"]


@pytest.fixture
def alice(db) -> Persona:
    return Persona("alice")


@pytest.fixture
def bob(db) -> Persona:
    return Persona("bob")


@pytest.fixture
def carol(db) -> Persona:
    return Persona("carol")
