"""The rate limits' counts in the site's own database (visitors.limits), used when no Redis
is set."""

from django.db import models


class RateCount(models.Model):
    """One rate limit's count of requests in one window of time (visitors.limits): keyed by
    kind, player or address, and window; gone once its window has passed."""

    key = models.CharField(max_length=200, primary_key=True)
    count = models.PositiveIntegerField(default=0)
    expires = models.BigIntegerField(db_index=True)  # the window's end, in Unix seconds

    def __str__(self) -> str:
        return f"{self.key}: {self.count}"
