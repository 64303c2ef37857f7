"""A deal's grade as the pages show it: one small badge (templates/play/grade.html)."""

from django import template

from solver.pool.models import Grade

register = template.Library()


@register.inclusion_tag("play/grade.html")
def grade_badge(grade: str | None, named: bool = True) -> dict:
    """`{% grade_badge verdict.grade %}`: Easy, Medium, Hard or Expert; nothing for a deal
    with no grade (not proven, or not graded yet). A screen reader hears "Difficulty: Easy",
    unless `named=False` where the word stands beside it already (a "Difficulty" label)."""
    label = Grade(grade).label if grade in Grade.values else ""
    return {"grade": grade, "label": label, "named": named}
