"""What the solver has proven about positions met in play (the dead-end checks), and the
checks players are waiting for.

Positions are identified by content, so the same position in two games is solved once. A
verdict is a fact about a position, never about a game: a late or repeated check can only
add what is proven, it cannot overwrite a newer answer for some game's current ply. A
PositionVerdict row exists only once something is decided; what is still wanted is a
CheckRequest. A winning line is stored once (WinningLine), and the positions on it that
games have reached point into it.
"""

import hashlib
import json

from django.db import models

from games.engine.positions import Position
from games.models import Game
from solver.search.verdict import CHOICES, VALUES

# A check's state while its position waits for a verdict (a CheckRequest stands for it):
# beside the verdicts (search.verdict.Verdict) in what the checks answer, never stored as one.
PENDING = "pending"


class WinningLine(models.Model):
    """A winning line a check (or the pool) found, stored once: its moves from its start, in
    their text form, one space between each. Only the positions games reach on it get a
    PositionVerdict row (its start when stored, each next one as a player follows it), each
    pointing here with how far along the line it is."""

    moves = models.TextField()
    created = models.DateTimeField()

    def __str__(self) -> str:
        return f"line {self.pk} ({len(self.moves.split())} moves)"


class PositionVerdict(models.Model):
    key = models.CharField(max_length=64, unique=True)  # sha256 of the Position JSON
    verdict = models.CharField(max_length=8, choices=CHOICES)
    # A win's line from here: its first move and its length, on the row itself, so a hint
    # is one indexed read; and the stored line it is on, `step` moves from the line's start,
    # for what comes after. A line deleted leaves its rows standing (SET_NULL): each is still
    # a proven win with its first move, only no longer the rest. Rows stored before lines
    # were kept have none: the position their move reaches has a row of its own.
    move = models.CharField(max_length=8, blank=True)
    length = models.PositiveIntegerField(default=0)  # moves to the win: only ever shortened
    line = models.ForeignKey(
        WinningLine, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    step = models.PositiveIntegerField(default=0)  # the line's moves from its start to here
    nodes = models.PositiveBigIntegerField(default=0)
    seconds = models.FloatField(default=0.0)
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(verdict__in=VALUES), name="position_verdict_known"
            )
        ]

    def __str__(self) -> str:
        return f"{self.key[:12]}: {self.verdict}"


class CheckRequest(models.Model):
    """A game's wish to know a position's verdict, made when its player reached the position
    (or, on a lost line, an earlier one). It is wanted while the game still stands where it
    stood when it asked (`at`); the worker searches the newest wanted request first and drops
    the others unsearched."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    player = models.CharField(max_length=32)  # the game's: bounds what one player has queued
    key = models.CharField(max_length=64)  # the position to check
    position = models.JSONField()
    at = models.CharField(max_length=64)  # the key of the game's position when it asked
    deep = models.BooleanField(default=False)  # a quick check left it undecided
    # Its player moved here from a position the checks left undecided: a quick check is all
    # it gets, never a deep one (tasks.DEEP_BUDGET says why). Its default is the database's
    # too, so the release before, still running while a deploy migrates, can still ask.
    quick_only = models.BooleanField(default=False, db_default=False)
    # The key of the position its player's move came from, when the move path could carry
    # nothing from it yet (blank for any other ask, and when it was a win already): decided
    # by the time a worker claims this request, it settles this one with no search
    # (tasks._carried). Its default is the database's too, as quick_only's.
    came_from = models.CharField(max_length=64, blank=True, default="", db_default="")
    # Searched though the position has a verdict stored: its only known line goes back the
    # way the player came, and a hint waits for one onward (checks.recheck); or a quick
    # check alone left it undecided, and a player is back there (tasks.deepen).
    recheck = models.BooleanField(default=False)
    requested = models.DateTimeField()
    started = models.DateTimeField(null=True, blank=True)  # claimed by a worker
    # The worker that claimed it (its db_worker id; blank for a search run in-process): the
    # claim lasts while that worker's lease does (see `lease`).
    worker = models.CharField(max_length=64, blank=True, default="")
    # Workers that died holding it: counted as the next claim takes it over. A check that
    # has taken down queue.MAX_DEATHS workers is given up, stored undecided, so that it
    # cannot take every worker down in turn.
    deaths = models.PositiveSmallIntegerField(default=0, db_default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "key"], name="check_request_once_per_game")
        ]
        indexes = [
            models.Index(fields=["deep", "-requested"], name="check_request_newest"),
            models.Index(fields=["player", "-requested"], name="check_request_player"),
            models.Index(fields=["key"], name="check_request_key"),
        ]

    def __str__(self) -> str:
        return f"{self.key[:12]} for game {self.game_id}"


class WorkerLease(models.Model):
    """A running db_worker's word that it is alive, renewed every second by a thread of its
    own (`lease`). What a worker whose lease ran out had claimed, a check or a task, is taken
    back by the workers still alive."""

    worker = models.CharField(max_length=64, unique=True)  # the db_worker's worker id
    renewed = models.DateTimeField()
    # The worker is draining the check queue and will look at it again before it stops, so a
    # new request needs no wake-up of its own (tasks.drain; what the lease keeps, for as long
    # as the lease lasts).
    draining = models.BooleanField(default=False)

    def __str__(self) -> str:
        return f"{self.worker} (renewed {self.renewed:%H:%M:%S})"


def position_key(position: Position) -> str:
    """A PositionVerdict's key: the sha256 of the position's JSON, so equal positions share it."""
    text = json.dumps(position.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
