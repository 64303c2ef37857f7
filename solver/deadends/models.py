"""What the solver has proven about positions met in play (the dead-end checks).

Positions are identified by content, so the same position in two games is solved once. A
verdict is a fact about a position, never about a game: a late or repeated check can only
add what is proven, it cannot overwrite a newer answer for some game's current ply.
"""

import hashlib
import json

from django.db import models

from games.engine.positions import Position


class Check(models.TextChoices):
    PENDING = "pending", "Being checked"
    WIN = "win", "Winnable"
    LOSS = "loss", "Lost"
    UNKNOWN = "unknown", "Not decided"


class PositionVerdict(models.Model):
    key = models.CharField(max_length=64, unique=True)  # sha256 of the Position JSON
    position = models.JSONField()  # server-side only: the worker solves from it
    verdict = models.CharField(max_length=8, choices=Check.choices, default=Check.PENDING)
    moves = models.JSONField(default=list, blank=True)  # a win's line from this position
    nodes = models.PositiveBigIntegerField(default=0)
    seconds = models.FloatField(default=0.0)
    requested = models.DateTimeField()  # when a check was last put on the queue
    polled = models.DateTimeField(null=True, blank=True)  # when a page last asked about it
    decided = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(verdict__in=Check.values), name="position_verdict_known"
            )
        ]

    def __str__(self) -> str:
        return f"{self.key[:12]}: {self.verdict}"


def position_key(position: Position) -> str:
    """A PositionVerdict's key: the sha256 of the position's JSON, so equal positions share it."""
    text = json.dumps(position.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()
