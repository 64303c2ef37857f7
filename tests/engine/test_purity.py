"""The rules engine and the solver's search core are pure Python: no Django, directly or not.

Which packages are pure, and which packages are the project's own, is read from
pyproject.toml (the `pure-cores` import contract and the import linter's root packages), so
this test follows the layout wherever the apps move.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

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


def imported_modules(package: str, path: Path) -> list[str]:
    """Every module a file imports, relative imports resolved against its package."""
    folder = PURE[package]
    parts = package.split(".") + list(path.relative_to(folder).parent.parts)
    found = []
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join(base + ([node.module] if node.module else []))
            found.append(module)
            if not node.module:  # from . import x: x is a module of the package
                found += [f"{module}.{alias.name}" for alias in node.names]
    return found


def test_the_pure_cores_are_there():
    """Every pure package holds its modules, and every top-level package of the project is
    known to the checker (a new app left out of pyproject.toml would go unchecked)."""
    for package in PURE:
        assert len([p for p in pure_files() if p[0] == package]) >= 8, package
    packages = {p.parent.name for p in ROOT.glob("*/__init__.py")}
    assert packages - {"tests", "bench"} == set(FIRST_PARTY)


@pytest.mark.parametrize(
    ("package", "path"),
    pure_files(),
    ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else v,
)
def test_imports_nothing_from_django_or_the_django_apps(package, path):
    for module in imported_modules(package, path):
        top = module.split(".")[0]
        assert top != "django", f"{path.relative_to(ROOT)} imports {module}"
        if top in FIRST_PARTY:
            assert any(module == p or module.startswith(p + ".") for p in PURE), (
                f"{path.relative_to(ROOT)} imports {module}, which is not pure"
            )


def test_importing_every_pure_module_loads_no_django():
    """The same, checked the hard way: a fresh interpreter imports them all."""
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


def test_the_checker_sees_relative_imports():
    source = ROOT / "games" / "engine" / "rules" / "core.py"
    assert "games.engine.positions" in imported_modules("games.engine", source)
    assert "games.engine.rules.yukon" in imported_modules("games.engine", source)
