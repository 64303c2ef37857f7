"""alice and bob: two players with their own browsers (see personas.py)."""

from __future__ import annotations

import pytest

from .personas import Persona


@pytest.fixture
def alice(db) -> Persona:
    return Persona("alice")


@pytest.fixture
def bob(db) -> Persona:
    return Persona("bob")
