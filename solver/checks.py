"""Dead-end checks: ask for a position's verdict, and store what a check proves.

The page asks (`request`) after every action; a worker runs `tasks.check_position`. A check
lost with its worker (killed mid-search) is asked for again once it has been pending for
longer than any check can take, so nothing is lost.
"""

from __future__ import annotations

import hashlib
import json
from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import apply

from .models import Check, PositionVerdict

# Each check is bounded in CPU time and in nodes; the nodes bound the transposition table, and
# so the memory, of a hard position. A quick check answers most positions within the page's
# patience; what it leaves undecided goes back on the queue, behind every quick check, for a
# deeper one. Neither can starve the queue.
QUICK_BUDGET = {"budget_seconds": 1.0, "budget_nodes": 100_000}
DEEP_BUDGET = {"budget_seconds": 5.0, "budget_nodes": 500_000}
DEEP_PRIORITY = -10
RETRY_AFTER = timedelta(seconds=30)
# A page polls a pending position at least every 4 s; a check nobody has asked about for
# longer is for a position its player has left, and is dropped rather than searched.
STALE_AFTER = timedelta(seconds=6)


def position_key(position: Position) -> str:
    text = json.dumps(position.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def request(position: Position, before: Position | None = None) -> PositionVerdict:
    """The position's verdict row, with a check queued unless one is known or on its way.

    `before` is the position a move was just made from: a move from a lost position reaches
    a lost one (were it winnable, so was the position before it), which needs no search.

    This runs after every move: one query when the position is known, two when it is new.
    A row just inserted is returned as built, without its id: read it again by `key` to see
    what a check stored."""
    from .tasks import check_position

    key = position_key(position)
    keys = [key] if before is None else [key, position_key(before)]
    # Only what the banner needs: a proven win's line can be long, and is read by hints alone.
    rows = PositionVerdict.objects.filter(key__in=keys).only(
        "key", "verdict", "requested", "polled"
    )
    found = {row.key: row for row in rows}
    row = found.get(key)
    now = timezone.now()
    if before is not None and getattr(found.get(keys[1]), "verdict", None) == Check.LOSS:
        if row is None or row.verdict in (Check.PENDING, Check.UNKNOWN):
            return _store_inherited_loss(position, key, now)
    if row is None:
        row = PositionVerdict(key=key, position=position.to_json(), requested=now, polled=now)
        PositionVerdict.objects.bulk_create([row], ignore_conflicts=True)
    elif row.verdict != Check.PENDING:
        return row
    elif row.requested > now - RETRY_AFTER:
        if row.polled is None or row.polled < now - STALE_AFTER / 3:
            PositionVerdict.objects.filter(pk=row.pk).update(polled=now)  # still wanted
        return row
    elif not PositionVerdict.objects.filter(pk=row.pk, requested=row.requested).update(
        requested=now, polled=now
    ):
        return row  # pending too long (its worker died): someone else just re-queued it
    transaction.on_commit(lambda: check_position.enqueue(key))
    return row


def _store_inherited_loss(position: Position, key: str, now) -> PositionVerdict:
    lost = PositionVerdict(
        key=key, position=position.to_json(), verdict=Check.LOSS,
        requested=now, polled=now, decided=now,
    )  # fmt: skip
    PositionVerdict.objects.bulk_create([lost], ignore_conflicts=True)
    PositionVerdict.objects.filter(key=key, verdict__in=[Check.PENDING, Check.UNKNOWN]).update(
        verdict=Check.LOSS, moves=[], decided=now
    )
    return lost


def is_stale(row: PositionVerdict) -> bool:
    return row.polled is not None and row.polled < timezone.now() - STALE_AFTER


def verdicts(positions: list[Position]) -> list[str | None]:
    """The verdict of each position ("win", "loss", "unknown", "pending"), None if never asked."""
    keys = [position_key(position) for position in positions]
    found = dict(PositionVerdict.objects.filter(key__in=set(keys)).values_list("key", "verdict"))
    return [found.get(key) for key in keys]


def store(key: str, verdict: str, moves: list[str], nodes: int, seconds: float) -> None:
    """Record a check's result. What is proven stands: a win or loss is never replaced."""
    with transaction.atomic():
        row = PositionVerdict.objects.select_for_update().get(key=key)
        if row.verdict in (Check.WIN, Check.LOSS):
            return
        row.verdict, row.moves, row.nodes, row.seconds = verdict, moves, nodes, seconds
        row.decided = timezone.now()
        row.save(update_fields=["verdict", "moves", "nodes", "seconds", "decided"])
        if verdict == Check.WIN:
            store_line(Position.from_json(row.position), moves)


def store_line(position: Position, moves: list[str], include_start: bool = False) -> None:
    """Every position on a winning line is winnable by the rest of the line: store them all,
    so a player who follows the line is answered without a search."""
    now = timezone.now()
    rows = []
    if include_start:
        rows.append(
            PositionVerdict(
                key=position_key(position),
                position=position.to_json(),
                verdict=Check.WIN,
                moves=moves,
                requested=now,
                decided=now,
            )  # fmt: skip
        )
    for i, text in enumerate(moves[:-1]):
        position = apply(position, Move.parse(text))
        rows.append(
            PositionVerdict(
                key=position_key(position),
                position=position.to_json(),
                verdict=Check.WIN,
                moves=moves[i + 1 :],
                requested=now,
                decided=now,
            )  # fmt: skip
        )
    PositionVerdict.objects.bulk_create(rows, ignore_conflicts=True)
    lines = {row.key: row.moves for row in rows}
    undecided = PositionVerdict.objects.filter(
        key__in=lines, verdict__in=[Check.PENDING, Check.UNKNOWN]
    ).values_list("pk", "key")
    for pk, key in undecided:
        PositionVerdict.objects.filter(pk=pk).update(
            verdict=Check.WIN, moves=lines[key], decided=now
        )
