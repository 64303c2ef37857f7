"""The web app's icons (static/icons/) are what tools/app_icons.py draws, at the sizes the
manifest names (play.views.install)."""

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "tools" / "app_icons.py"


def drawer():
    spec = importlib.util.spec_from_file_location("app_icons", TOOL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_committed_icons_are_the_tools_drawing():
    tool = drawer()
    for name, (size, share, rounded) in tool.ICONS.items():
        committed = (tool.OUT / name).read_bytes()
        assert committed == tool.icon(size, share, rounded), f"run tools/app_icons.py ({name})"


def test_the_manifest_names_every_drawn_icon():
    from play.views.install import ICONS

    assert {path.removeprefix("icons/") for path, _, _ in ICONS} == set(drawer().ICONS)
