"""Every rating worked out again from the stored results alone (the rated games won and lost,
in the order they ended): after a change of formula nothing is lost."""

from __future__ import annotations

from django.db import transaction

from ..models import DealRating, PlayerRating, RatedGame, Status
from .outcomes import apply


def recompute() -> int:
    """Drop every stored rating and replay every rated result; returns how many."""
    with transaction.atomic():
        PlayerRating.objects.all().delete()
        DealRating.objects.all().delete()
        results = RatedGame.objects.filter(status__in=[Status.WON, Status.LOST])
        count = 0
        for rated in results.order_by("ended", "pk").iterator():
            apply(rated, rated.status == Status.WON)
            count += 1
    return count
