"""`manage.py cleanup`: the worker's periodic sweep, run now, for operators."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError

from retention import storage
from retention.schedule import schedule_next
from retention.sweep import sweep

LABELS = {
    "finished_tasks": "finished task rows deleted",
    "requeued_tasks": "orphaned running tasks queued again",
    "failed_tasks": "orphaned running tasks marked failed",
    "abandoned_games": "abandoned unfinished games deleted",
    "forgotten_starts": "starts of visitors with no game left, deleted",
    "unplayed_deals": "deals nothing refers to any more, deleted",
    "verdicts": "position verdicts no game being played needs, deleted",
    "lines": "winning lines no position verdict points into, deleted",
    "sessions": "expired sessions deleted",
}


class Command(BaseCommand):
    help = (
        "Delete what the retention rules say has had its time (finished task rows, abandoned "
        "games, visitors' forgotten starts, unplayed deals, position verdicts no game needs, "
        "expired sessions) and queue orphaned tasks "
        "again. The worker does this by itself every RETENTION_EVERY_MINUTES."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--dry-run", action="store_true", help="say what would go, change nothing"
        )
        parser.add_argument(
            "--schedule",
            action="store_true",
            help="only make sure the worker has its next cleanup queued (sweeps nothing)",
        )
        parser.add_argument(
            "--storage",
            action="store_true",
            help="only print each table's rows and bytes on disk (changes nothing)",
        )

    def handle(self, *args, dry_run: bool, schedule: bool, storage: bool, **options):
        if schedule:
            waiting = schedule_next()
            self.stdout.write(f"Next cleanup queued for {waiting.run_after:%Y-%m-%d %H:%M:%S %Z}.")
            return
        if storage:
            self._print_storage()
            return
        swept = sweep(dry_run=dry_run)
        if dry_run:
            self.stdout.write("Dry run: nothing changed. A cleanup now would count:")
        for field, count in swept.as_dict().items():
            self.stdout.write(f"{count:>9}  {LABELS[field]}")

    def _print_storage(self):
        try:
            rows = storage.tables()
        except storage.Unavailable as e:
            raise CommandError(str(e)) from None
        width = max([len("total"), *(len(table.name) for table in rows)])
        self.stdout.write(f"{'table':<{width}}  {'rows':>9}  {'bytes':>12}")
        for table in rows:
            self.stdout.write(f"{table.name:<{width}}  {table.rows:>9}  {table.bytes:>12}")
        self.stdout.write(
            f"{'total':<{width}}  {sum(t.rows for t in rows):>9}  {sum(t.bytes for t in rows):>12}"
        )
