"""The load test's verdict latency: for each move a player made, how long until the verdict of
the position it reached was known, and whether it was known while the player still stood there.

Players note each move as they make it (`Seen`: the game, its actions as the player mirrors
them, when it was sent and answered, the banner's state in the answer, when the player left
the position). After the run, `key_positions` replays each game's actions from its stored
deal to key the positions (solver.deadends.models.position_key), and the PositionVerdict rows
(only `key`, `verdict` and `decided` are read) say when each was decided.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from datetime import datetime

from bench.site import pct

# A check that was running when the player left ends within its budget (QUICK_BUDGET, 1 CPU
# s; the wall time is longer when the cores are busy): a verdict decided up to this long after
# the player left counts as late. One decided later came from another check (looking back
# from a loss, another player's), begun after the player had gone: the player's own check was
# dropped, and a dropped check is not counted (as in bench/verdict_latency.py).
LATE_SECONDS = 3.0
DECIDED = ("win", "loss")


@dataclass
class Seen:
    """One move answered: where it led, as the player saw it."""

    kind: str  # the kind of player: random, strayer
    variant: str
    game: str  # the game's own address, /game/<slug>/
    actions: tuple[str, ...]  # the game's actions after the move (moves, `@k` jumps)
    sent: float  # wall-clock seconds (time.time), comparable with `decided`
    answered: float
    state: str | None  # the banner's state in the answer: pending, win, loss, unknown
    left: float | None = None  # when the player's next move, undo, jump or new game was sent
    key: str | None = None  # the position's, filled in after the run


def fate(seen: Seen, row: tuple[str, datetime | None] | None, end: float) -> tuple[str, float]:
    """What became of the move's verdict, and its latency in seconds (NaN when not decided):
    "at once" (known in the move's answer), "decided" (while the player stood there), "late"
    (within LATE_SECONDS after they left), "unknown" (a check that could not decide, while
    they stood there), "dropped" (never decided for them: not counted), "open" (still
    undecided where a player stood at the run's `end`: not counted). `row`: the position's
    (verdict, decided) or None."""
    if seen.state in DECIDED:
        return "at once", seen.answered - seen.sent
    left = end if seen.left is None else seen.left
    verdict, decided = row or (None, None)
    at = max(decided.timestamp(), seen.sent) if decided is not None else None
    if verdict in DECIDED and at is not None:
        if at <= left:
            return "decided", at - seen.sent
        if seen.left is not None and at - left <= LATE_SECONDS:
            return "late", float("nan")
    if verdict == "unknown" and at is not None and at <= left:
        return "unknown", float("nan")
    return ("open" if seen.left is None else "dropped"), float("nan")


def summarize(fates: list[tuple[str, float]]) -> dict:
    """Counts by fate, the share decided of those counted, and latency percentiles (s) of all
    decided moves and of those that waited for a search."""
    counts = Counter(f for f, _ in fates)
    counted = counts["at once"] + counts["decided"] + counts["late"] + counts["unknown"]
    decided = [s for f, s in fates if f in ("at once", "decided")]
    searched = [s for f, s in fates if f == "decided"]
    return {
        "counts": counts, "counted": counted,
        "share": (counts["at once"] + counts["decided"]) / counted if counted else float("nan"),
        "p50": pct(decided, 0.5), "p95": pct(decided, 0.95), "max": pct(decided, 1),
        "searched p95": pct(searched, 0.95),
    }  # fmt: skip


def key_positions(log: list[Seen]) -> int:
    """Sets each move's `key` by replaying its game's actions from the stored deal; returns
    how many games were not found. Needs Django set up on the site's database."""
    from games.deals import deal_position
    from games.engine import history
    from games.models import Game
    from games.steps import scoring_of
    from solver.deadends.models import position_key

    by_game: dict[str, list[Seen]] = {}
    for seen in log:
        by_game.setdefault(seen.game, []).append(seen)
    slugs = {path: path.strip("/").rsplit("/", 1)[-1] for path in by_game}
    games = {g.slug: g for g in Game.objects.select_related("deal").filter(slug__in=slugs.values())}
    missing = 0
    for path, seens in by_game.items():
        game = games.get(slugs[path])
        if game is None:
            missing += 1
            continue
        mode = scoring_of(game)
        steps = [history.start(deal_position(game.deal, game.draw, game.passes), mode)]
        done: list[str] = []
        for seen in sorted(seens, key=lambda s: s.sent):
            same = shared(done, seen.actions)
            del steps[same + 1 :]
            for action in seen.actions[same:]:
                parsed = history.parse_action(action)
                steps.append(steps[parsed] if isinstance(parsed, int) else
                             history.advance(steps[-1], parsed, mode))  # fmt: skip
            done = list(seen.actions)
            seen.key = position_key(steps[-1].position)
    return missing


def shared(a, b) -> int:
    """How many actions two lists of a game's actions begin with in common: the replay goes
    on from there (an undo and a new move change only the end)."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def verdict_rows(keys: set[str]) -> dict[str, tuple[str, datetime | None]]:
    """The PositionVerdict rows of `keys`: key → (verdict, decided). Needs Django set up."""
    from solver.deadends.models import PositionVerdict

    rows, keys = {}, sorted(keys)
    for i in range(0, len(keys), 1000):
        found = PositionVerdict.objects.filter(key__in=keys[i : i + 1000])
        rows |= {k: (v, d) for k, v, d in found.values_list("key", "verdict", "decided")}
    return rows
