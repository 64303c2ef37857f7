"""alice and bob, signed in, and a winnable pool of hand-made and shuffled deals."""

from __future__ import annotations

import pytest

from games import deals
from games.models import Deal
from solver.pool.models import DealVerdict
from tests.web.deals import easy_yukon
from tests.web.personas import Persona

# Shuffled deals far from every number other tests use, standing in for the pool's wins.
FIRST = 1_900_000_000


def signed_up(name: str) -> Persona:
    persona = Persona(name)
    persona.sign_up()
    assert persona.user_id is not None
    return persona


@pytest.fixture
def alice(db) -> Persona:
    return signed_up("alice")


@pytest.fixture
def bob(db) -> Persona:
    return signed_up("bob")


def pool_deal(variant: str, number: int, grade: str, draw: int | None = None, **win) -> Deal:
    """A deal stored as a proven win of this grade in the pool of its mode."""
    deal = deals.deal_for(variant, number)
    DealVerdict.objects.create(deal=deal, draw=draw, verdict="win", grade=grade, **win)
    return deal


@pytest.fixture
def won_deal(db) -> tuple[Deal, list[str]]:
    """The only Yukon deal of the pool: one won by its line, then Auto-finish."""
    deal, line = easy_yukon()
    DealVerdict.objects.create(deal=deal, verdict="win", grade="easy", moves=line)
    return deal, line
