"""A harmless background task for the retention tests: the real worker runs it by path."""

from django.tasks import task


@task()
def echo(text: str) -> str:
    return text
