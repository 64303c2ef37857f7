"""Deals by game number, players' games on them, and players' records (DESIGN §4-5).

A Deal row is the source of truth once a number has been dealt: changing DEAL_KEY later never
changes a stored deal. The solver's verdicts on deals live with the winnable pool
(solver.pool.models).
"""

import secrets

from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models.functions import Coalesce, Length
from django.db.models.lookups import Exact
from django.utils import timezone

from .engine.deal import MAX_NUMBER, MIN_NUMBER
from .engine.modes import Mode
from .engine.positions import VARIANTS

# 52 two-character card codes (rank A23456789TJQK + suit SHDC), concatenated.
cards_validator = RegexValidator(
    r"\A(?:[A2-9TJQK][SHDC]){52}\Z", "Must be 52 card codes such as 7S, TD, AH, concatenated."
)


Variant = models.TextChoices("Variant", [(name.upper(), (name, name.title())) for name in VARIANTS])


class Deal(models.Model):
    variant = models.CharField(max_length=16, choices=Variant.choices)
    number = models.PositiveIntegerField(
        validators=[MinValueValidator(MIN_NUMBER), MaxValueValidator(MAX_NUMBER)]
    )
    # Dealt order: the deal position's columns t1..t7, each bottom to top (face-down cards
    # first), then the Klondike stock in the order it is turned.
    cards = models.CharField(max_length=104, validators=[cards_validator])
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["variant", "number"], name="deal_variant_number"),
            models.CheckConstraint(
                condition=models.Q(number__gte=MIN_NUMBER, number__lte=MAX_NUMBER),
                name="deal_number_range",
            ),
            models.CheckConstraint(
                condition=models.Q(variant__in=Variant.values), name="deal_variant_known"
            ),
            models.CheckConstraint(condition=Exact(Length("cards"), 104), name="deal_52_cards"),
        ]

    def __str__(self) -> str:
        return f"{self.get_variant_display()} #{self.number}"

    @property
    def card_codes(self) -> list[str]:
        """The 52 card codes in dealt order."""
        return [self.cards[i : i + 2] for i in range(0, len(self.cards), 2)]


class Scoring(models.TextChoices):
    STANDARD = "standard", "Standard"
    VEGAS = "vegas", "Vegas"
    NONE = "none", "None"


class Result(models.TextChoices):
    WON = "won", "Won"
    RESIGNED = "resigned", "Resigned"


SLUG_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def new_slug() -> str:
    """An unguessable public id: 20 characters, about 103 random bits. Lower case, so that
    no slug ever reads like a card code (`QH`) in a page."""
    return "".join(secrets.choice(SLUG_ALPHABET) for _ in range(20))


# A cap on a game's actions, far above any real game: a won Klondike takes 100 to 200 moves,
# and even cycling a draw-1 stock 100 times (25 actions a pass) stays under 2,600. It bounds
# a game's row (about 8 bytes an action) and its checkpoints against a client that posts for ever.
MAX_ACTIONS = 5000


class Game(models.Model):
    """One player's game on one deal. Its truth is the deal plus `actions` (DESIGN §5);
    `state` only caches the replay of those actions at `ply` and is rebuilt when it does not
    match.

    Public addresses never carry the row id: the game's own page is `/game/<slug>/` (seen by
    its player alone), and a finished game's replay is `/replay/<replay_slug>/`, a second
    secret given out only on the finished game's result card and in its player's records."""

    player = models.CharField(max_length=32)
    slug = models.CharField(max_length=22, unique=True, default=new_slug, editable=False)
    replay_slug = models.CharField(max_length=22, unique=True, null=True, blank=True)
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="games")
    draw = models.PositiveSmallIntegerField(null=True, blank=True)  # Klondike: 1 or 3
    scoring = models.CharField(max_length=8, choices=Scoring.choices, default=Scoring.NONE)
    passes = models.PositiveSmallIntegerField(null=True, blank=True)  # Vegas pass limit
    # Moves and jumps (`@k`) from the deal, see games.engine.history; `redo` holds the
    # actions undone since the last new one, the next to redo last.
    actions = models.JSONField(default=list, blank=True)
    redo = models.JSONField(default=list, blank=True)
    ply = models.PositiveIntegerField(default=0)  # len(actions): a move is made "on" a ply
    # One more at every save, never back: a save lands only on the version it was read at
    # (games.rows.save_at), where the ply returns to a value it had after an undo and a move.
    version = models.PositiveBigIntegerField(default=0, db_default=0)
    state = models.JSONField(null=True, blank=True)
    undos = models.PositiveIntegerField(default=0)
    hints = models.PositiveIntegerField(default=0)
    result = models.CharField(max_length=8, choices=Result.choices, blank=True)  # "" = playing
    new_record = models.BooleanField(default=False)  # the win beat the player's best
    # The move count when the game ended (won or resigned), kept for statistics and ranking.
    moves = models.PositiveIntegerField(null=True, blank=True)
    # A resigned game's review, stored when it ended (play.review): the verdicts it
    # reads are only kept while games being played need them. {"lost_at": step or None,
    # "winnable_at": step or None}; {} when nothing was proven; None: not stored (older games).
    review = models.JSONField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    started = models.DateTimeField(default=timezone.now)  # the clock's start: Restart resets it
    # The player's last action (or hint): an unfinished game left alone long enough is
    # abandoned, and goes (retention).
    updated = models.DateTimeField(auto_now=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        # No index holds a column a move changes (`updated` included), so PostgreSQL can
        # write a move in place (a HOT update, in the free space the table's fillfactor
        # leaves on each page: migration 0012): no new index entries, and the old version
        # is reclaimed on its page instead of growing the table by a row a move. The
        # retention sweep, which finds abandoned games by `updated`, reads the table
        # through once a run instead.
        indexes = [
            models.Index(fields=["player", "deal", "result"], name="game_owner_deal"),
        ]
        constraints = [
            # One game being played per player, deal and mode: the first action creates it,
            # and two first actions at once (a double click, two tabs) must not make two.
            models.UniqueConstraint(
                "player", "deal", Coalesce("draw", 0), "scoring", Coalesce("passes", 0),
                condition=models.Q(result=""), name="game_one_unfinished_per_mode",
            ),
        ]  # fmt: skip

    def __str__(self) -> str:
        return f"{self.deal} game {self.slug}"

    @property
    def variant(self) -> str:
        return self.deal.variant

    @property
    def number(self) -> int:
        return self.deal.number

    @property
    def mode(self) -> Mode:
        return Mode(self.variant, self.draw, self.scoring)


class Checkpoint(models.Model):
    """A step of a game's history kept so that undo, redo, jumps and replays start close to
    the step they want (games.steps): one every CHECKPOINT_EVERY steps, and one after every
    jump. Derived data: written in the transaction that saves the actions leading to it, and
    dropped when an undo takes those actions back."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="checkpoints")
    index = models.PositiveIntegerField()  # the step: the position after `index` actions
    position = models.JSONField()
    moves = models.PositiveIntegerField()
    score = models.IntegerField(null=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="checkpoint_one_per_step")
        ]

    def __str__(self) -> str:
        return f"{self.game} step {self.index}"


class Record(models.Model):
    """A player's bests on one game number in one mode (draw and pass limit): the fewest
    moves and the shortest time, each the best of any win (not necessarily the same win)."""

    player = models.CharField(max_length=32)
    variant = models.CharField(max_length=16, choices=Variant.choices)
    number = models.PositiveIntegerField()
    draw = models.PositiveSmallIntegerField(null=True, blank=True)
    passes = models.PositiveSmallIntegerField(null=True, blank=True)
    best_moves = models.PositiveIntegerField()
    best_seconds = models.PositiveIntegerField()
    wins = models.PositiveIntegerField(default=1)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                "player",
                "variant",
                "number",
                Coalesce("draw", 0),
                Coalesce("passes", 0),
                name="record_one_per_mode",
            ),
        ]
        ordering = ["-updated"]

    def __str__(self) -> str:
        return f"{self.player} {self.variant} #{self.number}: {self.best_moves} moves"

    @property
    def mode(self) -> Mode:
        """A mode this record counts in: a record keeps the passes, not the scoring, so a
        pass limit is Vegas and no limit is Standard (None scoring plays the same)."""
        if self.variant != "klondike":
            return Mode.yukon()
        return Mode(self.variant, self.draw, "vegas" if self.passes else "standard")
