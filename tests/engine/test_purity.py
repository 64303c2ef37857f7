"""The rules engine and the solver's search core are pure Python: no Django, directly or not.

lint-imports' `pure-cores` contract (pyproject.toml) checks every import statement, direct or
through another module; these tests check what it cannot: that the contract still names the
cores and every package of the project, and that importing the cores really loads no Django.
"""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINTER = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
PURE_CONTRACT = next(c for c in LINTER["contracts"] if c["id"] == "pure-cores")
PURE = {name: ROOT.joinpath(*name.split(".")) for name in PURE_CONTRACT["source_modules"]}
# The project's own packages: all Django apps but for the pure cores inside them.
FIRST_PARTY = tuple(LINTER["root_packages"])


def pure_files() -> list[tuple[str, Path]]:
    return [
        (package, path)
        for package, folder in PURE.items()
        if folder.is_dir()
        for path in sorted(folder.rglob("*.py"))
    ]


def test_the_pure_cores_are_there():
    """Every pure package holds its modules, and every top-level package of the project is
    known to the checker (a new app left out of pyproject.toml would go unchecked)."""
    for package in PURE:
        assert len([p for p in pure_files() if p[0] == package]) >= 8, package
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages - {"tests", "bench"} == set(FIRST_PARTY)


def test_importing_every_pure_module_loads_no_django():
    """What the contract checks, the hard way: a fresh interpreter imports them all."""
    modules = [
        ".".join([package, *path.relative_to(PURE[package]).with_suffix("").parts])
        for package, path in pure_files()
    ]
    modules = [m.removesuffix(".__init__") for m in modules]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        "leaked = sorted(m for m in sys.modules if m == 'django' or m.startswith('django.'))\n"
        "assert not leaked, leaked[:5]\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr[-2000:]
