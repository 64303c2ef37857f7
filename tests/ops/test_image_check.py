"""The CI step that stands in for `docker build` (.ci/image_check.py): its reading of
.dockerignore follows Docker's rules, and the tree it copies holds every app the settings
install and none of what the image must not hold. (The step itself, building and starting
the copy, runs in .ci/run.)"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("image_check", ROOT / ".ci" / "image_check.py")
image_check = importlib.util.module_from_spec(spec)
spec.loader.exec_module(image_check)


def left_out(patterns: str, path: str) -> bool:
    return image_check.ignored(path, image_check.read_patterns(patterns))


def test_dockerignore_patterns_follow_dockers_rules():
    assert left_out("tests", "tests/web/test_x.py"), "a folder leaves out what it holds"
    assert not left_out("tests", "games/tests.py"), "anchored at the context's root"
    assert left_out("**/__pycache__", "games/engine/__pycache__/x.pyc")
    assert left_out("**/*.so", "solver/search/_native.cpython-312.so")
    assert left_out("*.egg-info", "x.egg-info/PKG-INFO")
    assert not left_out("*.egg-info", "games/x.egg-info"), "* stays within one element"
    assert left_out("/bench/", "bench/players.py"), "leading and trailing slashes are cleaned"
    assert not left_out("docs\n!docs/keep.md", "docs/keep.md"), "! takes a path back"
    assert left_out("!docs/keep.md\ndocs", "docs/keep.md"), "the last match wins"
    assert left_out("# a comment\n\ndb.sqlite3*", "db.sqlite3-wal")


def test_the_build_context_holds_every_app_and_no_tests_or_local_files():
    patterns = image_check.read_patterns((ROOT / ".dockerignore").read_text())
    files = image_check.build_context(ROOT, patterns)
    tops = {name.split("/")[0] for name in files}
    ours = {app.split(".")[0] for app in settings.INSTALLED_APPS if (ROOT / app).is_dir()}
    assert ours <= tops, f"apps missing from the image: {ours - tops}"
    assert {"manage.py", "pyproject.toml", "README.md", "gunicorn.conf.py"} <= set(files)
    assert {"templates", "static"} <= tops
    assert not tops & {"tests", "bench", ".git", ".venv", "node_modules", ".ci", "staticfiles"}
    expected = ours | {"yukon_site", "templates", "static", "manage.py", "pyproject.toml"}
    assert tops <= expected | {"README.md", "gunicorn.conf.py"}, (
        "nothing else: no caches, no local files"
    )
    assert not [f for f in files if f.endswith((".so", ".pyc", ".sqlite3"))]


def test_run_lines_keep_the_sites_steps_and_leave_the_machines_to_the_image():
    kept, skipped = image_check.site_steps(
        "apt-get update && apt-get install -y gcc && pip install --no-cache-dir -e . "
        "&& key() { python -c 'print(1 && 2)'; } && useradd app && rm -rf /var/lib/apt/lists/*"
    )
    assert kept == ["pip install -e .", "key() { python -c 'print(1 && 2)'; }"]
    assert skipped[0] == "apt-get update" and "useradd app" in skipped


def test_the_dockerfile_is_read_as_docker_reads_it():
    steps = image_check.instructions((ROOT / "Dockerfile").read_text())
    names = [name for name, _ in steps]
    assert names[0] == "FROM" and ("COPY", ". .") in steps and names[-1] == "CMD"
    assert any(name == "RUN" and "collectstatic" in args for name, args in steps)
