"""Retention: what the site stops keeping, and when, so that the database stops growing.

    sweep      the cleanup itself, one function per kind of row (the rules are there)
    needed     which position verdicts the games still being played need
    schedule   `cleanup`, the worker's periodic task, which queues its own next run
    storage    what each table holds on disk (`manage.py cleanup --storage`)

`manage.py cleanup` runs a sweep now (`--dry-run` says what it would delete), `--schedule`
makes sure the worker has its next one queued (`./dev run` and the compose file's worker do).
The ages are settings (README, "Settings"): RETENTION_*.
"""
