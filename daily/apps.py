from django.apps import AppConfig
from django.db.models.signals import post_save


class DailyConfig(AppConfig):
    name = "daily"
    verbose_name = "Daily deal and leaderboards"

    def ready(self) -> None:
        # A new site's first proven deal becomes its daily deal (daily.services.dailies).
        from solver.pool.models import DealVerdict

        from .services.dailies import fix_on_first_win

        post_save.connect(fix_on_first_win, sender=DealVerdict, dispatch_uid="daily-first-win")
