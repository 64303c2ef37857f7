"""`manage.py generate_deals`: solve fresh game numbers in parallel and store each verdict.

    python manage.py generate_deals --variant yukon --count 1000 --workers 2
    python manage.py generate_deals --variant klondike --draw 3 --count 200 --budget-seconds 5

Numbers are taken in order from just above the highest number already solved in this mode,
skipping any solved since, so a second run continues where the first stopped. Workers only
search (pure solver.search, no database); this process deals, stores each result the moment
it arrives (Deal row, then its DealVerdict) and draws a progress bar on stderr. Ctrl+C stops
the workers; everything stored before it stays stored.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time

from django.core.management.base import BaseCommand, CommandError
from django.db import IntegrityError, transaction

from games.deals import deal_for, deal_position
from games.management import options as cli
from solver.pool.fill import fresh_numbers
from solver.pool.models import DealVerdict
from solver.pool.tasks import work_out_grades
from solver.search.batch import ignore_sigint, solve_job
from solver.search.verdict import Verdict

BAR_WIDTH = 24


class Command(BaseCommand):
    help = "Solve fresh game numbers with several worker processes and store the verdicts."

    def add_arguments(self, parser):
        cli.add_mode(parser)
        parser.add_argument("--count", help="how many fresh numbers to solve")
        parser.add_argument("--workers", help="worker processes (default: CPU count)")
        cli.add_budget(parser, "per deal")

    def handle(self, *args, **options):
        variant = cli.variant(options["variant"])
        draw = passes = None
        if variant == "klondike":
            draw = cli.whole(options["draw"] or "1", "--draw", {1, 3})
            passes = cli.whole(options["passes"], "--passes") if options["passes"] else None
        elif options["draw"] or options["passes"]:
            raise CommandError("--draw and --passes are for Klondike only", returncode=2)
        if options["count"] is None:
            raise CommandError("--count is missing: how many numbers to solve", returncode=2)
        count = cli.whole(options["count"], "--count")
        workers = cli.whole(options["workers"] or str(os.cpu_count() or 1), "--workers")
        budget = cli.budget(options["budget_seconds"])
        run = _Run(variant, draw, passes, count, budget)
        interrupted = False
        try:
            run.go(workers)
        except KeyboardInterrupt:
            interrupted = True
        run.progress(final=True)
        if run.wins:  # the worker works out their par and grade (solver/pool/grade.py)
            work_out_grades.enqueue()
        if interrupted:
            sys.stderr.write("Interrupted: every result counted above is stored.\n")
        self.stdout.write(
            f"{run.tried} deals solved: {run.wins} winnable, {run.losses} lost, "
            f"{run.tried - run.wins - run.losses} unknown"
        )
        if interrupted:
            raise SystemExit(130)  # the shell's convention for "stopped by Ctrl+C"


class _Run:
    def __init__(self, variant, draw, passes, count, budget) -> None:
        self.variant, self.draw, self.passes = variant, draw, passes
        self.count = count
        self.budget = budget
        self.tried = self.wins = self.losses = 0
        self.started = time.monotonic()

    def jobs(self):
        for number in fresh_numbers(self.variant, self.draw, self.passes):
            deal = deal_for(self.variant, number)
            position = deal_position(deal, self.draw, self.passes)
            yield number, deal, position.to_json()

    def go(self, workers: int) -> None:
        jobs = self.jobs()
        pending = {}
        self.progress()
        if workers == 1:
            for _ in range(self.count):
                number, deal, position = next(jobs)
                self.store(deal, solve_job((position, self.budget)))
            return
        # Fresh interpreters that import only the pure search: no database connection of
        # ours is ever shared with a worker.
        context = multiprocessing.get_context("spawn")
        with context.Pool(workers, initializer=ignore_sigint) as pool:
            try:
                submitted = 0
                while submitted < min(self.count, workers * 2):
                    number, deal, position = next(jobs)
                    pending[number] = (
                        deal,
                        pool.apply_async(solve_job, ((position, self.budget),)),
                    )
                    submitted += 1
                while pending:
                    done = [n for n, (_, job) in pending.items() if job.ready()]
                    if not done:
                        time.sleep(0.02)
                        continue
                    for n in done:
                        deal, job = pending.pop(n)
                        self.store(deal, job.get())
                        if submitted < self.count:
                            number, deal, position = next(jobs)
                            job = pool.apply_async(solve_job, ((position, self.budget),))
                            pending[number] = (deal, job)
                            submitted += 1
            except KeyboardInterrupt:
                pool.terminate()
                raise

    def store(self, deal, result: dict) -> None:
        try:
            with transaction.atomic():
                DealVerdict.objects.create(
                    deal=deal, draw=self.draw, passes=self.passes, verdict=result["verdict"],
                    moves=result["moves"], nodes=result["nodes"], seconds=result["seconds"],
                )  # fmt: skip
        except IntegrityError:
            return  # solved meanwhile by someone else (the web's pool top-up): keep theirs
        self.tried += 1
        self.wins += result["verdict"] == Verdict.WIN
        self.losses += result["verdict"] == Verdict.LOSS
        self.progress()

    def progress(self, final: bool = False) -> None:
        elapsed = time.monotonic() - self.started
        rate = self.tried / elapsed if elapsed > 0 else 0.0
        left = self.count - self.tried
        eta = _clock(left / rate) if rate > 0 and left > 0 else "--:--"
        filled = BAR_WIDTH * self.tried // self.count
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        sys.stderr.write(
            f"\r[{bar}] {self.tried}/{self.count} tried, {self.wins} winnable, "
            f"{rate:.2f} deals/s, ETA {eta} "
        )
        if final:
            sys.stderr.write("\n")
        sys.stderr.flush()


def _clock(seconds: float) -> str:
    minutes, seconds = divmod(int(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
