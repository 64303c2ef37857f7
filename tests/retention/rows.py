"""Rows for the retention tests, each with explicit timestamps: games on Yukon deal 6 under
the test key, and the position verdicts their lines meet."""

from __future__ import annotations

from datetime import datetime

from games import deals
from games.engine.deal import deal
from games.engine.moves import Move
from games.engine.positions import Position
from games.engine.rules import apply
from games.models import Deal, Game
from games.steps import steps
from solver.deadends.models import PositionVerdict, WinningLine, position_key
from solver.search.verdict import Verdict

# Yukon deal 6 under the test key (tests/deadends): 7S-t7 keeps it winnable, KC-t1 after it
# walks into a proven dead end.
NUMBER = 6


def yukon_deal() -> Deal:
    found = Deal.objects.filter(variant="yukon", number=NUMBER).first()
    if found:
        return found
    position = deal("yukon", NUMBER, b"test-key")
    cards = "".join(card.code for card in deals.dealt_order(position))
    return Deal.objects.create(variant="yukon", number=NUMBER, cards=cards)


def game(player: str, actions: list[str], updated: datetime, result: str = "") -> Game:
    """A game at the end of `actions`, last acted on at `updated` (and started then too)."""
    row = Game.objects.create(
        player=player, deal=yukon_deal(), actions=actions, ply=len(actions), result=result,
        finished=updated if result else None,
    )  # fmt: skip
    Game.objects.filter(pk=row.pk).update(created=updated, updated=updated)
    row.refresh_from_db()
    return row


def positions(row: Game) -> list[Position]:
    """The positions on the game's current line, from its deal."""
    return [step.position for step in steps(row)]


def verdict(
    position: Position, at: datetime, state: str = Verdict.LOSS, moves: list[str] | None = None
) -> PositionVerdict:
    """A verdict on `position`, decided at `at`; a win stores its line as proofs.store_line
    does: once, as a WinningLine (stored at `at` too), with the row at its start."""
    moves = moves or []
    won = WinningLine.objects.create(moves=" ".join(moves), created=at) if moves else None
    return PositionVerdict.objects.create(
        key=position_key(position), verdict=state, move=moves[0] if moves else "",
        length=len(moves), line=won, decided=at,
    )  # fmt: skip


def lost_line(at: datetime) -> WinningLine:
    """A winning line no verdict points into (its rows swept), stored at `at`."""
    return WinningLine.objects.create(moves="7S-t7", created=at)


def line(position: Position, moves: list[str]) -> list[Position]:
    """The positions a line of moves passes through after `position`."""
    found = []
    for text in moves:
        position = apply(position, Move.parse(text))
        found.append(position)
    return found


def kept(position: Position) -> bool:
    return PositionVerdict.objects.filter(key=position_key(position)).exists()
