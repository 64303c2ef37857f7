"""Screenshots for a reviewer: each page and state the accessibility sweep visits, at the
issue's two sizes (1280×800, 360×740) and in both colour schemes, saved as
`<folder>/<state>-<size>-<scheme>.jpg`, only when asked for with `SCREENSHOTS=<folder>` (e.g.
`SCREENSHOTS=artifacts/screenshots`, git-ignored): a run takes none by default, CI's
included. Taken in the same pass as axe, on the page as it stands, with no navigation; JPEG,
because Chromium encodes a 1280×800 PNG in about half a second on a busy machine and a JPEG
in a few hundredths."""

from __future__ import annotations

import os
import re
import time
from pathlib import Path

from playwright.sync_api import Page

ROOT = Path(__file__).resolve().parents[2]
_SETTING = os.environ.get("SCREENSHOTS", "")
FOLDER = None if _SETTING in ("", "0") else ROOT / _SETTING  # an absolute folder stays so
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 360, "height": 740}}
SCHEMES = ("light", "dark")
_IS_DARK = "matchMedia('(prefers-color-scheme: dark)').matches"
_STARTED = time.time()


def taken() -> int:
    """How many screenshots this run has saved (by any of its processes)."""
    if FOLDER is None or not FOLDER.is_dir():
        return 0
    return sum(1 for shot in FOLDER.glob("*.jpg") if shot.stat().st_mtime >= _STARTED)


def size_of(page: Page) -> str:
    return "phone" if page.viewport_size["width"] < 600 else "desktop"


def scheme_of(page: Page) -> str:
    return "dark" if page.evaluate(_IS_DARK) else "light"


def path_for(state: str, size: str, scheme: str) -> Path:
    slug = re.sub(r"[^a-z0-9]+", "-", state.lower()).strip("-")
    return FOLDER / f"{slug}-{size}-{scheme}.jpg"


def in_scheme(page: Page, scheme: str) -> None:
    """Show the page in `scheme` from now on (its styles follow at once)."""
    page.emulate_media(color_scheme=scheme)


def shoot(page: Page, state: str, sizes: tuple[str, ...] = (), schemes=SCHEMES) -> None:
    """Screenshots of the page in each scheme at each size (by default the size class the
    page is at now, set to the issue's exact size for the shot); the page is left as it was."""
    if FOLDER is None:
        return
    FOLDER.mkdir(parents=True, exist_ok=True)
    was_size, was_scheme = page.viewport_size, scheme_of(page)
    for size in sizes or (size_of(page),):
        if page.viewport_size != SIZES[size]:
            page.set_viewport_size(SIZES[size])
        for scheme in schemes:  # "forced": the page is in forced colours, named so
            if scheme in SCHEMES and scheme != scheme_of(page):
                in_scheme(page, scheme)
            page.screenshot(path=path_for(state, size, scheme), type="jpeg", quality=85)
    if page.viewport_size != was_size:
        page.set_viewport_size(was_size)
    if scheme_of(page) != was_scheme:
        in_scheme(page, was_scheme)
