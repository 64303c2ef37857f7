"""Filling the winnable-deal pool: solve a game number in one mode and store the verdict."""

from __future__ import annotations

from collections.abc import Iterator

from django.db import IntegrityError, transaction
from django.db.models import Max

from games.deals import deal_for, deal_position
from games.engine.deal import MAX_NUMBER
from solver.search import solve
from solver.search.verdict import Verdict

from . import grade as grading
from .models import DealVerdict
from .par import PAR_BUDGET_SECONDS, shorten

FRESH_BUDGET_SECONDS = 2.0  # per deal: most winnable deals are proven in well under that


def fresh_numbers(variant: str, draw: int | None, passes: int | None) -> Iterator[int]:
    """Game numbers not yet solved in this mode, upward from the highest one that is: every
    filler (generate_deals, the worker's top-ups) continues where the others stopped."""
    solved = DealVerdict.objects.filter(deal__variant=variant, draw=draw, passes=passes)
    number = solved.aggregate(top=Max("deal__number"))["top"] or 0
    while number < MAX_NUMBER:
        window = range(number + 1, min(number + 1000, MAX_NUMBER) + 1)
        done = set(solved.filter(deal__number__in=window).values_list("deal__number", flat=True))
        yield from (n for n in window if n not in done)
        number = window[-1]


def solve_and_store(
    variant: str,
    number: int,
    draw: int | None,
    passes: int | None,
    budget_seconds: float | None,
    budget_nodes: int | None = None,
) -> DealVerdict:
    """The stored verdict for this deal and mode, solving it first if it has none (within
    CPU seconds, or a count of nodes where the same verdict must come on any machine)."""
    deal = deal_for(variant, number)
    mode = {"draw": draw if variant == "klondike" else None, "passes": passes}
    known = DealVerdict.objects.filter(deal=deal, **mode).first()
    if known:
        return known
    start = deal_position(deal, draw, passes)
    result = solve(start, budget_seconds=budget_seconds, budget_nodes=budget_nodes)
    par, graded = [], {}
    if result.verdict == Verdict.WIN:
        par = shorten(start, list(result.moves))
        graded = _graded(start, par, result.nodes, variant, **mode)
    try:
        with transaction.atomic():
            return DealVerdict.objects.create(
                deal=deal, verdict=result.verdict, moves=list(result.moves), nodes=result.nodes,
                seconds=result.seconds, par_moves=par, **graded, **mode,
            )  # fmt: skip
    except IntegrityError:  # solved by someone else meanwhile
        return DealVerdict.objects.get(deal=deal, **mode)


def work_out_par(verdict: DealVerdict, budget_seconds: float = PAR_BUDGET_SECONDS) -> int | None:
    """Par for a win proven before par was kept (or kept with a smaller budget): stored, and
    returned."""
    if verdict.verdict != Verdict.WIN:
        return None
    start = deal_position(verdict.deal, verdict.draw, verdict.passes)
    verdict.par_moves = shorten(start, verdict.par_moves or list(verdict.moves), budget_seconds)
    verdict.save(update_fields=["par_moves"])
    return verdict.par


def work_out_grade(verdict: DealVerdict) -> str | None:
    """The grade of a win proven before grades were kept (par first, if it has none): stored,
    and returned."""
    if verdict.verdict != Verdict.WIN:
        return None
    if not verdict.par_moves:
        work_out_par(verdict)
    start = deal_position(verdict.deal, verdict.draw, verdict.passes)
    graded = _graded(start, verdict.par_moves, verdict.nodes, verdict.deal.variant,
                     verdict.draw, verdict.passes)  # fmt: skip
    DealVerdict.objects.filter(pk=verdict.pk).update(**graded)
    verdict.narrowness, verdict.grade = graded["narrowness"], graded["grade"]
    return verdict.grade


def _graded(start, line: list[str], nodes: int, variant: str, draw, passes) -> dict:
    """A win's narrowness and grade, as DealVerdict keeps them."""
    measures = grading.measure(start, line, nodes)
    return {"narrowness": measures.narrowness,
            "grade": grading.grade(measures, variant, draw, passes)}  # fmt: skip
