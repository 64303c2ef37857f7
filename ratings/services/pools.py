"""Which modes are rated, each a pool of its own: Yukon, and Klondike draw 1 and draw 3
with no pass limit (Standard scoring). Vegas's pass-limited modes are not rated: their deals
are far narrower (README "Grades"), so a result there says less about the player, and a
fourth and fifth pool would split the few rated games a deal gets."""

from __future__ import annotations

from games.engine.modes import Mode
from games.models import Game

MODES = {
    "yukon": Mode.yukon(),
    "klondike-1": Mode("klondike", 1, "standard"),
    "klondike-3": Mode("klondike", 3, "standard"),
}
LABELS = {"yukon": "Yukon", "klondike-1": "Klondike draw 1", "klondike-3": "Klondike draw 3"}


def pool_of(variant: str, draw: int | None) -> str:
    """The pool a variant and draw are rated in (a Klondike draw other than 1 or 3: draw 1)."""
    return "yukon" if variant == "yukon" else f"klondike-{3 if draw == 3 else 1}"


def pools_of(variant: str) -> list[str]:
    return [pool for pool in MODES if pool.startswith(variant)]


def game_pool(game: Game) -> str | None:
    """The pool a game's mode is rated in, or None (Vegas, None scoring)."""
    for pool, mode in MODES.items():
        if game.mode == mode:
            return pool
    return None
