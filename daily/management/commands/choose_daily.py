"""Fix today's and tomorrow's daily deals ahead of time (run at start and then daily, e.g. by
cron; `./dev run` and the compose file's web service run it after `ensure_pool`)."""

from __future__ import annotations

import datetime as dt

from django.core.management.base import BaseCommand

from daily.services.dailies import fix_days, today


class Command(BaseCommand):
    help = "Store today's and tomorrow's daily deals (Yukon; Klondike draw 1 and 3) if not stored."

    def handle(self, *args, **options):
        day = today()
        for chosen in fix_days([day, day + dt.timedelta(days=1)]):
            self.stdout.write(f"Daily deal: {chosen}")
