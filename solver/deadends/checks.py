"""Asking for a dead-end check: the position's verdict, with a check queued unless one is
known or on its way.

The page asks (`request`) after every action; a worker runs `tasks.check_position`. A check
lost with its worker (killed mid-search) is asked for again once it has been pending for
longer than any check can take, so nothing is lost.
"""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone

from games.engine.positions import Position

from .models import Check, PositionVerdict, position_key
from .tasks import STALE_AFTER, check_position

RETRY_AFTER = timedelta(seconds=30)


def request(position: Position, before: Position | None = None) -> PositionVerdict:
    """The position's verdict row, with a check queued unless one is known or on its way.

    `before` is the position a move was just made from: a move from a lost position reaches
    a lost one (were it winnable, so was the position before it), which needs no search.

    This runs after every move: one query when the position is known, two when it is new.
    A row just inserted is returned as built, without its id: read it again by `key` to see
    what a check stored."""
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


def verdicts(positions: list[Position]) -> list[str | None]:
    """The verdict of each position ("win", "loss", "unknown", "pending"), None if never asked."""
    keys = [position_key(position) for position in positions]
    found = dict(PositionVerdict.objects.filter(key__in=set(keys)).values_list("key", "verdict"))
    return [found.get(key) for key in keys]
