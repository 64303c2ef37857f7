"""The search core imports no Django (tests/engine/test_purity.py checks imports too)."""

from __future__ import annotations

import re
from pathlib import Path

SEARCH = Path(__file__).resolve().parents[2] / "solver" / "search"


def test_no_search_module_imports_django():
    files = sorted(SEARCH.rglob("*.py"))
    assert len(files) >= 8
    for path in files:
        source = path.read_text()
        assert not re.search(r"^\s*(import django|from django)", source, re.M), path.name
