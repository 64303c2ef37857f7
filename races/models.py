"""A race and its players. What the strip shows of a player (cards home, moves, state) is
kept on their Racer row as their game changes (races.progress), so that the strip reads one
small table and never a game's cards."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models

from games.engine.modes import Mode
from games.models import Deal, Game, Variant, new_slug

MAX_RACERS = 8
MIN_RACERS = 2
COUNTDOWN = timedelta(seconds=5)  # from the host's start to the deal
DEFAULT_MINUTES = 10
MAX_MINUTES = 60
# Undo is allowed in a race, and costs time: each one adds this to a winner's time.
UNDO_PENALTY_SECONDS = 10


class Stage(models.TextChoices):
    WAITING = "waiting", "Waiting for players"
    COUNTDOWN = "countdown", "Starting"
    RACING = "racing", "Racing"
    OVER = "over", "Over"


class Race(models.Model):
    """A race on one deal, reached by its secret link alone (no row id in any address)."""

    secret = models.CharField(max_length=22, unique=True, default=new_slug, editable=False)
    host = models.CharField(max_length=32)  # the creator's player identity
    variant = models.CharField(max_length=16, choices=Variant.choices)
    draw = models.PositiveSmallIntegerField(null=True, blank=True)
    scoring = models.CharField(max_length=8, default="none")
    passes = models.PositiveSmallIntegerField(null=True, blank=True)
    grade = models.CharField(max_length=8, blank=True, default="")  # "" any grade
    minutes = models.PositiveSmallIntegerField(
        default=DEFAULT_MINUTES, validators=[MinValueValidator(1), MaxValueValidator(MAX_MINUTES)]
    )
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(null=True, blank=True)  # the host's start
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, null=True, blank=True)
    ended = models.DateTimeField(null=True, blank=True)  # everyone done, or the time up

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(minutes__gte=1, minutes__lte=MAX_MINUTES),
                name="race_minutes_in_range",
            ),
        ]

    def __str__(self) -> str:
        return f"Race {self.secret} ({self.variant})"

    @property
    def mode(self) -> Mode:
        return Mode(self.variant, self.draw, self.scoring)

    @property
    def dealt(self) -> datetime | None:
        """When the cards are dealt: the countdown after the start."""
        return self.started + COUNTDOWN if self.started else None

    @property
    def deadline(self) -> datetime | None:
        return self.dealt + timedelta(minutes=self.minutes) if self.started else None

    def stage(self, now: datetime) -> Stage:
        if self.ended is not None or (self.started and now >= self.deadline):
            return Stage.OVER
        if self.started is None:
            return Stage.WAITING
        return Stage.COUNTDOWN if now < self.dealt else Stage.RACING


class State(models.TextChoices):
    """A racer's state, as the strip shows it. LOST: the time ran out before they finished."""

    PLAYING = "playing", "Playing"
    WON = "won", "Won"
    RESIGNED = "resigned", "Resigned"
    LOST = "lost", "Out of time"


class Racer(models.Model):
    race = models.ForeignKey(Race, on_delete=models.CASCADE, related_name="racers")
    # 1..MAX_RACERS, one a race: two joins at once cannot both take the last seat, on any
    # database (a row lock alone would not hold on SQLite).
    seat = models.PositiveSmallIntegerField(
        validators=[MinValueValidator(1), MaxValueValidator(MAX_RACERS)]
    )
    player = models.CharField(max_length=32)
    name = models.CharField(max_length=32)
    is_guest = models.BooleanField(default=False)  # a visitor, under a name of their choosing
    joined = models.DateTimeField(auto_now_add=True)
    game = models.OneToOneField(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="racer"
    )
    state = models.CharField(max_length=8, choices=State.choices, default=State.PLAYING)
    home = models.PositiveSmallIntegerField(default=0)  # cards on the foundations
    moves = models.PositiveIntegerField(default=0)
    undos = models.PositiveIntegerField(default=0)
    # A winner's race time: from the deal to the win, plus UNDO_PENALTY_SECONDS an undo.
    seconds = models.PositiveIntegerField(null=True, blank=True)
    place = models.PositiveSmallIntegerField(null=True, blank=True)  # set when the race ends

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["race", "seat"], name="racer_one_per_seat"),
            models.UniqueConstraint(fields=["race", "player"], name="racer_joins_once"),
            models.CheckConstraint(
                condition=models.Q(seat__gte=1, seat__lte=MAX_RACERS), name="racer_seat_in_range"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.race}"

    @property
    def time(self) -> str:
        """A winner's race time as m:ss, or "" for the others."""
        if self.seconds is None:
            return ""
        minutes, seconds = divmod(self.seconds, 60)
        return f"{minutes}:{seconds:02d}"
