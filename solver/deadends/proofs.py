"""Storing what a check proves: a verdict stands once proven, and a winning line proves
every position on it."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import apply

from .models import Check, PositionVerdict, position_key


def store(key: str, verdict: str, moves: list[str], nodes: int, seconds: float) -> None:
    """Store a check's result. What is proven stands: a win or loss is never replaced."""
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
