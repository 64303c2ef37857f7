from django.core.management.base import BaseCommand

from ratings.services.recompute import recompute


class Command(BaseCommand):
    help = "Work out every player's and deal's rating again from the stored rated results."

    def handle(self, *args, **options) -> None:
        count = recompute()
        self.stdout.write(f"Recomputed the ratings from {count} rated results.")
