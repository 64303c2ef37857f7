"""Make sure the site can deal proven-winnable games: used by `./dev run` at start (and then
`choose_daily`, the daily app's, names the day's deals from what the pool holds)."""

from __future__ import annotations

import sys
import time

from django.core.management.base import BaseCommand

from solver.pool.fill import FRESH_BUDGET_SECONDS, fresh_numbers, solve_and_store
from solver.pool.models import DealVerdict
from solver.pool.tasks import request_top_up, work_out_grades, work_out_pars
from solver.search.verdict import Verdict

# Every mode the site deals: Yukon; Klondike draw 1 and 3, unlimited and with Vegas's limit.
MODES = [("yukon", None, None), ("klondike", 1, None), ("klondike", 3, None),
         ("klondike", 1, 1), ("klondike", 3, 3)]  # fmt: skip


class Command(BaseCommand):
    help = (
        "Solve a first batch of Yukon deals now if the winnable pool is empty (a few seconds, "
        "with a progress line), and have the worker keep every mode's pool filled (one pending "
        "top-up per mode, each queueing the next until the pool holds its target)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--first", type=int, default=3, help="winnable Yukon deals to have")
        parser.add_argument("--seconds", type=float, default=10.0, help="at most this long")

    def handle(self, *args, first: int, seconds: float, **options):
        wins = DealVerdict.objects.filter(deal__variant="yukon", draw=None, verdict=Verdict.WIN)
        have = wins.count()
        tried = 0
        deadline = time.monotonic() + seconds
        for number in fresh_numbers("yukon", None, None):
            if have >= first or time.monotonic() > deadline:
                break
            verdict = solve_and_store("yukon", number, None, None, FRESH_BUDGET_SECONDS)
            tried += 1
            have += verdict.verdict == Verdict.WIN
            bar = "#" * have + "." * max(0, first - have)
            sys.stderr.write(f"\rWinnable Yukon deals [{bar}] {have}/{first}, {tried} tried")
        if tried:
            sys.stderr.write("\n")
        for variant, draw, passes in MODES:  # each keeps itself going until its pool is full
            request_top_up(variant, draw, passes)
        work_out_pars.enqueue()  # par for wins proven before par was kept
        work_out_grades.enqueue()  # and grades for wins proven before grades were kept
        self.stdout.write(f"Winnable pool: {wins.count()} Yukon deals; the worker adds more.")
