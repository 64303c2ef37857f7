"""The daily deals as chosen, the deals each player has started, and the replays each player
has watched."""

from django.db import models
from django.db.models.functions import Coalesce

from games.models import Deal, Game


class DailyDeal(models.Model):
    """The deal everyone plays on one UTC day in one mode: Yukon (draw None) or Klondike draw
    1 or 3 with Standard scoring. Written ahead of time (`choose_daily`); until a day has its
    row, the same deterministic rule names it without writing (daily.services.dailies)."""

    day = models.DateField()
    variant = models.CharField(max_length=16)
    draw = models.PositiveSmallIntegerField(null=True, blank=True)
    deal = models.ForeignKey(Deal, on_delete=models.PROTECT, related_name="dailies")
    chosen = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                "day", "variant", Coalesce("draw", 0), name="daily_one_per_day_and_mode"
            ),
        ]

    def __str__(self) -> str:
        mode = "" if self.draw is None else f" draw {self.draw}"
        return f"{self.day} {self.variant}{mode}: #{self.deal.number}"


class ReplayView(models.Model):
    """A player asked to watch a replay of another player's game on this deal, or the
    solver's winning line of a game on it (play.coach): from then on they are no longer on a
    first attempt at it (daily.services.ranking)."""

    player = models.CharField(max_length=32)
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="replay_views")
    first_seen = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "deal"], name="replay_view_once"),
        ]

    def __str__(self) -> str:
        return f"{self.player} watched {self.deal}"


class Attempt(models.Model):
    """A player started a game on this deal, in some mode: when they first did, with which
    game, and when they first started another game on it. A first attempt (the leaderboard's,
    daily.services.attempts) is that first game, won before any other was started. Written
    when a game starts (its first action), handed from a visitor to their account at login,
    and kept when the games themselves go (an abandoned game is deleted, its start is not)."""

    player = models.CharField(max_length=32)
    deal = models.ForeignKey(Deal, on_delete=models.CASCADE, related_name="attempts")
    first_game = models.ForeignKey(
        Game, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    first_started = models.DateTimeField()
    again = models.DateTimeField(null=True, blank=True)  # another game on the deal first started

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "deal"], name="attempt_one_per_deal"),
        ]

    def __str__(self) -> str:
        return f"{self.player} started {self.deal}"
