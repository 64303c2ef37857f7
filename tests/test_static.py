"""The static files as shipped (yukon_site.storage): collectstatic gives each JavaScript module
a content-hashed name and rewrites the relative imports of the modules to those names, so the
table's entry module loads the modules of its own release, each of which is there, and nothing
else in them changes."""

import json
import posixpath
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.test import override_settings

SOURCE = Path(settings.BASE_DIR) / "static"
# The module named by each static import or re-export (`import { say } from "./announce.js"`,
# `import "./menu.js"`), read off the lines that start with one.
IMPORTED = re.compile(
    r"""^(?:import|export)\b[^;"'(]*?\bfrom\s*["']([^"']+)["']|^import\s*["']([^"']+)["']""",
    re.MULTILINE,
)
HASH = re.compile(r"\.[0-9a-f]{12}(?=\.js)")  # the hash in a module's shipped name


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """collectstatic of the project's own static files with the shipped storage: the folder
    and its manifest (original name → hashed name)."""
    root = tmp_path_factory.mktemp("static")
    storage = {"BACKEND": "yukon_site.storage.StaticStorage"}
    with override_settings(
        STATIC_ROOT=root,
        STORAGES={**settings.STORAGES, "staticfiles": storage},
        STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"],
    ):
        call_command("collectstatic", "--noinput", verbosity=0)
    return root, json.loads((root / "staticfiles.json").read_text())["paths"]


def imports(path: Path, name: str) -> list[str]:
    """The static paths that the module `name` (at `path`) imports, resolved from its folder."""
    folder = posixpath.dirname(name)
    urls = [a or b for a, b in IMPORTED.findall(path.read_text())]
    return [posixpath.normpath(posixpath.join(folder, url)) for url in urls]


def test_every_import_of_a_shipped_module_names_a_hashed_module_that_is_there(shipped):
    root, manifest = shipped
    hashed = set(manifest.values())
    modules = [name for name in manifest if name.endswith(".js")]
    assert "js/table.js" in modules and "js/table/actions.js" in modules
    checked = 0
    for name in modules:
        for target in imports(root / manifest[name], manifest[name]):
            assert target in hashed, f"{manifest[name]} imports {target}, not a hashed name"
            assert (root / target).is_file(), f"{manifest[name]} imports {target}: missing"
            checked += 1
    assert checked >= 10


def test_the_table_loads_all_its_modules_and_the_shared_share_module(shipped):
    root, manifest = shipped
    original = {hashed: name for name, hashed in manifest.items()}
    reached, todo = set(), [manifest["js/table.js"]]
    while todo:
        name = todo.pop()
        if name not in reached:
            reached.add(name)
            todo.extend(imports(root / name, name))
    own = {f"js/table/{p.name}" for p in (SOURCE / "js" / "table").glob("*.js")}
    assert {original[name] for name in reached} == {"js/table.js", "js/share.js", *own}


def test_only_the_import_names_change(shipped):
    root, manifest = shipped
    for name, hashed in manifest.items():
        if not name.endswith(".js"):
            continue
        # Django writes a bare import without its space (`import"./x.js"`): spaces aside, the
        # shipped module is its source with hashed names.
        source = re.sub(r"\s+", "", (SOURCE / name).read_text())
        unhashed = HASH.sub("", re.sub(r"\s+", "", (root / hashed).read_text()))
        assert unhashed == source, f"{hashed} is not {name} with hashed names"
