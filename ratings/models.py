"""Players' and deals' ratings in each rated pool, and the rated games they move with."""

from django.db import models

from games.models import Deal, Game

POOLS = [("yukon", "Yukon"), ("klondike-1", "Klondike draw 1"), ("klondike-3", "Klondike draw 3")]


class Rating(models.Model):
    """A rating as the library's model keeps it: a mean and its deviation (the uncertainty)."""

    pool = models.CharField(max_length=16, choices=POOLS)
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class PlayerRating(Rating):
    player = models.CharField(max_length=32)  # an account: `user:<pk>` (visitors.players)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "pool"], name="player_rating_one_per_pool")
        ]
        indexes = [models.Index(fields=["pool", "-mu"], name="player_rating_board")]

    def __str__(self) -> str:
        return f"{self.player} {self.pool}: {self.mu:.0f} ± {self.sigma:.0f}"


class DealRating(Rating):
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="ratings")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["deal", "pool"], name="deal_rating_one_per_pool")
        ]
        indexes = [models.Index(fields=["pool", "mu"], name="deal_rating_level")]

    def __str__(self) -> str:
        return f"{self.deal} {self.pool}: {self.mu:.0f} ± {self.sigma:.0f}"


class Status(models.TextChoices):
    PLAYING = "playing", "Playing"
    WON = "won", "Won"
    LOST = "lost", "Lost"
    UNRATED = "unrated", "Unrated"


class RatedGame(models.Model):
    """A game dealt by "Play rated": the stored result every rating is recomputed from
    (`recompute_ratings`), with the ratings it moved, before and after, for the pages."""

    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="rated")
    player = models.CharField(max_length=32)
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="rated_games")
    pool = models.CharField(max_length=16, choices=POOLS)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    # Why it was lost (resigned, proven lost, abandoned) or unrated (the assist forged).
    why = models.CharField(max_length=80, blank=True)
    player_before = models.FloatField(null=True, blank=True)
    player_after = models.FloatField(null=True, blank=True)
    player_sigma = models.FloatField(null=True, blank=True)  # the deviation after
    deal_before = models.FloatField(null=True, blank=True)
    deal_after = models.FloatField(null=True, blank=True)
    created = models.DateTimeField(auto_now_add=True)
    ended = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            # One rated game being played per player and pool: "Play rated" again returns to it.
            models.UniqueConstraint(
                fields=["player", "pool"], condition=models.Q(status="playing"),
                name="rated_one_playing_per_pool",
            ),
        ]  # fmt: skip
        indexes = [models.Index(fields=["player", "pool", "ended"], name="rated_history")]

    def __str__(self) -> str:
        return f"{self.player} {self.deal} ({self.pool}): {self.status}"

    @property
    def change(self) -> float | None:
        if self.player_before is None or self.player_after is None:
            return None
        return self.player_after - self.player_before
