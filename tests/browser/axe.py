"""axe-core in the page: the WCAG 2.0 / 2.1 / 2.2 A and AA rules, run on whatever the page
shows right now. axe-core is pinned in package.json (`./dev test` installs it with npm)."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from playwright.sync_api import Page

from . import screenshots

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]

# label-content-name-mismatch (WCAG 2.5.3, label in name) is marked experimental in axe, so
# a tag run leaves it out: asked for by name.
_RUN = """async (tags) => {
  const result = await axe.run(document, {
    runOnly: { type: "tag", values: tags },
    rules: { "label-content-name-mismatch": { enabled: true } },
    resultTypes: ["violations"],
  });
  return result.violations.map((v) => ({
    id: v.id,
    help: v.help,
    nodes: v.nodes.slice(0, 4).map((n) => `${n.target.join(" ")}: ${n.failureSummary}`),
    count: v.nodes.length,
  }));
}"""


@functools.cache
def _source() -> str:
    """axe-core's script, read once a run (half a megabyte, loaded into many pages)."""
    if not AXE.exists():
        raise AssertionError(f"{AXE} is missing: run `npm ci` (./dev test does it)")
    return AXE.read_text(encoding="utf-8") + "\n;0"


def _load(page: Page) -> None:
    """axe into the page unless it is there (by the DevTools protocol, so a
    Content-Security-Policy without inline scripts does not stop it)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_source())


def violations(page: Page) -> list[dict]:
    """axe's violations on the page as it stands."""
    _load(page)
    return page.evaluate(_RUN, TAGS)


def assert_clean(page: Page, state: str, dark: bool = False, shot: bool = True) -> None:
    """axe finds nothing on the page as it stands; with `dark`, nor in the dark scheme
    (the page is shown dark for it, then as it was). Screenshots of the state in both
    schemes are saved for a reviewer (tests/browser/screenshots.py) unless `shot` is off."""
    _clean(page, state)
    if dark:
        was = screenshots.scheme_of(page)
        screenshots.in_scheme(page, "dark")
        _clean(page, f"{state} in the dark scheme")
        screenshots.in_scheme(page, was)
    if shot:  # named by the state, less the width the test adds ("… at phone")
        screenshots.shoot(page, re.sub(r" at (desktop|phone)$", "", state))


def _clean(page: Page, state: str) -> None:
    found = violations(page)
    assert not found, f"axe on {state}: " + "\n".join(
        f"{v['id']} ×{v['count']} ({v['help']}): {v['nodes']}" for v in found
    )


_ONE_RULE = """async (rule) => {
  const result = await axe.run(document, {
    runOnly: { type: "rule", values: [rule] },
    rules: { [rule]: { enabled: true } },
  });
  const nodes = (kind) => result[kind].flatMap((r) => r.nodes.map((n) => n.target.join(" ")));
  return { passes: nodes("passes"), violations: nodes("violations"),
           incomplete: nodes("incomplete") };
}"""


def rule_results(page: Page, rule: str) -> dict[str, list[str]]:
    """One rule's verdicts on the page: the elements it passed, failed and could not decide."""
    _load(page)
    return page.evaluate(_ONE_RULE, rule)
