"""The web tests' players, for the operator's tests too."""

from __future__ import annotations

import pytest

from ..web.personas import Persona


@pytest.fixture
def alice(db) -> Persona:
    return Persona("alice")
