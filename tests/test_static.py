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


def collect(source: Path, root: Path) -> dict[str, str]:
    """collectstatic of the files in `source` into `root` with the shipped storage; its
    manifest (original name → hashed name)."""
    storage = {"BACKEND": "yukon_site.storage.StaticStorage"}
    with override_settings(
        STATIC_ROOT=root,
        STATICFILES_DIRS=[source],
        STORAGES={**settings.STORAGES, "staticfiles": storage},
        STATICFILES_FINDERS=["django.contrib.staticfiles.finders.FileSystemFinder"],
    ):
        call_command("collectstatic", "--noinput", verbosity=0)
    return json.loads((root / "staticfiles.json").read_text())["paths"]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory) -> tuple[Path, dict[str, str]]:
    """The project's own static files as shipped: the folder and its manifest."""
    root = tmp_path_factory.mktemp("static")
    return root, collect(SOURCE, root)


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


def test_a_shipped_module_is_its_source_with_hashed_names(shipped):
    root, manifest = shipped
    for name, hashed in manifest.items():
        if name.endswith(".js"):
            source = (SOURCE / name).read_text()
            assert HASH.sub("", (root / hashed).read_text()) == source, name


def test_the_word_import_in_a_comment_hides_no_import(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "b.js").write_text("export const b = 1;\n")
    (tmp_path / "src" / "a.js").write_text(
        "// The others import too, and this comment must not hide the line below.\n"
        'import { b } from "./b.js";\n'
        "export function f() {\n"
        "  return import.meta.url + b;\n"
        "}\n"
    )
    manifest = collect(tmp_path / "src", tmp_path / "out")
    shipped = (tmp_path / "out" / manifest["a.js"]).read_text()
    assert f'import {{ b }} from "./{manifest["b.js"]}";' in shipped, shipped
