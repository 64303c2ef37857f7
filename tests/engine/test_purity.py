"""games/engine/ and the solver's search core are pure Python: no Django, directly or not."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PURE = {"games.engine": ROOT / "games" / "engine", "solver.search": ROOT / "solver" / "search"}
# Everything else in these two apps is Django: models, views, tasks, commands.
IMPURE_FIRST_PARTY = ("games", "solver", "yukon_site")


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


def test_the_engine_is_there():
    assert len([p for p in pure_files() if p[0] == "games.engine"]) >= 10


@pytest.mark.parametrize(
    ("package", "path"),
    pure_files(),
    ids=lambda v: str(v.relative_to(ROOT)) if isinstance(v, Path) else v,
)
def test_imports_nothing_from_django_or_the_django_apps(package, path):
    for module in imported_modules(package, path):
        top = module.split(".")[0]
        assert top != "django", f"{path.relative_to(ROOT)} imports {module}"
        if top in IMPURE_FIRST_PARTY:
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
