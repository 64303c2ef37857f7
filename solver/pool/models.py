"""The solver's verdict on each deal, per game mode: the winnable pool is its wins."""

from django.db import models
from django.db.models.functions import Coalesce

from games.models import Deal
from solver.search.verdict import CHOICES, VALUES, Verdict


class Grade(models.TextChoices):
    """A proven deal's difficulty, from what the solver measured proving it
    (solver/pool/grade.py), easiest first."""

    EASY = "easy", "Easy"
    MEDIUM = "medium", "Medium"
    HARD = "hard", "Hard"
    EXPERT = "expert", "Expert"


class DealVerdict(models.Model):
    """The solver's answer for one deal in one game mode.

    Mode: Yukon has draw=None, passes=None. Klondike has draw 1 or 3 and passes=None for
    unlimited redeals, or the pass limit (Vegas: 1 in draw 1, 3 in draw 3).
    """

    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="verdicts")
    draw = models.PositiveSmallIntegerField(null=True, blank=True, choices=[(1, "1"), (3, "3")])
    passes = models.PositiveSmallIntegerField(null=True, blank=True)
    verdict = models.CharField(max_length=8, choices=CHOICES)
    # A win's solution as move strings (DESIGN §3), replayable through the engine; [] otherwise.
    moves = models.JSONField(default=list, blank=True)
    nodes = models.PositiveBigIntegerField(default=0)
    seconds = models.FloatField(default=0.0)
    # Par: the shortest winning line found for a win (solver/pool/par.py); [] until worked out.
    par_moves = models.JSONField(default=list, blank=True)
    # A win's difficulty (solver/pool/grade.py): the share of the legal moves along its line
    # that do not keep it winnable, and the grade from it, par and nodes; None and "" until graded.
    narrowness = models.FloatField(null=True, blank=True)
    grade = models.CharField(max_length=8, choices=Grade.choices, blank=True, default="")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # NULL means "Yukon" / "unlimited" here, so it must compare equal: coalesce
            # (a plain unique on nullable columns would let duplicates through on both DBs).
            models.UniqueConstraint(
                "deal", Coalesce("draw", 0), Coalesce("passes", 0), name="verdict_one_per_mode"
            ),
            models.CheckConstraint(
                condition=models.Q(draw__isnull=True) | models.Q(draw__in=[1, 3]),
                name="verdict_draw_1_or_3",
            ),
            models.CheckConstraint(
                condition=models.Q(passes__isnull=True) | models.Q(passes__gte=1),
                name="verdict_passes_positive",
            ),
            models.CheckConstraint(
                condition=models.Q(verdict__in=VALUES), name="verdict_outcome_known"
            ),
        ]
        indexes = [
            # The winnable-deal pool: "a win in this mode, deal id from a random point on".
            models.Index(
                fields=["draw", "passes", "deal"],
                condition=models.Q(verdict="win"),
                name="verdict_win_pool",
            ),
            # The pool by grade: "a win in this mode and grade, from a random point on".
            models.Index(
                fields=["draw", "passes", "grade", "deal"],
                condition=models.Q(verdict="win"),
                name="verdict_win_grade_pool",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal} {self.mode_label}: {self.verdict}"

    @property
    def mode_label(self) -> str:
        if self.draw is None:
            return "yukon"
        limit = "unlimited" if self.passes is None else f"{self.passes} passes"
        return f"draw {self.draw}, {limit}"

    @property
    def par(self) -> int | None:
        """Par in the player's counting (one per move, as the line is one move per entry)."""
        return len(self.par_moves) if self.verdict == Verdict.WIN and self.par_moves else None

    @property
    def solution_length(self) -> int | None:
        return len(self.moves) if self.verdict == Verdict.WIN else None


class TopUp(models.Model):
    """A top-up of one mode's pool, queued or running: at most one per mode, however many
    players ask for new games while the pool is short."""

    variant = models.CharField(max_length=16)
    draw = models.PositiveSmallIntegerField(null=True, blank=True)
    passes = models.PositiveSmallIntegerField(null=True, blank=True)
    queued = models.DateTimeField()  # when its task was last put on the queue

    class Meta:
        constraints = [
            models.UniqueConstraint(
                "variant", Coalesce("draw", 0), Coalesce("passes", 0), name="top_up_one_per_mode"
            ),
        ]

    def __str__(self) -> str:
        return f"top-up {self.variant} {self.draw} {self.passes}"


def proven_win(deal_id: int, draw: int | None, passes: int | None) -> DealVerdict | None:
    """The pool's win on a deal in a mode (what par and the grade are read from), or None."""
    return DealVerdict.objects.filter(
        deal=deal_id, draw=draw, passes=passes, verdict=Verdict.WIN
    ).first()


def wins_for_records(records) -> dict[tuple, DealVerdict]:
    """{(variant, number, draw, passes): the pool's win} for the records shown, in one read."""
    numbers = {record.number for record in records}
    verdicts = DealVerdict.objects.filter(
        deal__number__in=numbers, verdict=Verdict.WIN
    ).select_related("deal")
    return {(v.deal.variant, v.deal.number, v.draw, v.passes): v for v in verdicts}
