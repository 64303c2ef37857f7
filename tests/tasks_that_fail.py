"""A background task that always fails, for the test that a failed task leaves its traceback
on the worker's stderr (tests/test_logging.py). Importable by a real db_worker process."""

from django.tasks import task

MESSAGE = "a task that fails on purpose"


@task()
def fail_on_purpose() -> None:
    raise RuntimeError(MESSAGE)
