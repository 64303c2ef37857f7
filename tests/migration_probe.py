"""Run by tests/test_migrations_squashed.py in a process of its own, against a scratch database
(DATABASE_URL) and the settings it names (DJANGO_SETTINGS_MODULE):

    python -m tests.migration_probe fill    a row in every table of the site's own models
    python -m tests.migration_probe state   as JSON: every row of every table, every table's
                                            columns, constraints and indexes, and the games
                                            and solver migrations recorded as applied

The rows are written with today's models, which is right for a database migrated by the old
history too: its last state is today's models (makemigrations found nothing to add)."""

import datetime
import json
import os
import sys

import django

# Apps that came after the squash: the old history never made their tables, so the probe
# leaves them out of what it compares.
LATER = ("live_", "races_", "ratings_")

CARDS = "".join(rank + suit for suit in "SHDC" for rank in "A23456789TJQK")


def fill() -> dict:
    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from daily.models import Attempt, DailyDeal, ReplayView
    from games.models import Checkpoint, Deal, Game, Record
    from solver.deadends.models import CheckRequest, PositionVerdict, WinningLine, WorkerLease
    from solver.pool.models import DealVerdict, TopUp
    from visitors.models import RateCount

    now = timezone.now()
    get_user_model().objects.create(username="alice", password="!")  # its look too (accounts)
    deal = Deal.objects.create(variant="yukon", number=7, cards=CARDS)
    klondike = Deal.objects.create(variant="klondike", number=8, cards=CARDS)
    DealVerdict.objects.create(deal=deal, verdict="win", moves=["7S-t2"], grade="easy")
    DealVerdict.objects.create(deal=klondike, draw=3, passes=2, verdict="loss", narrowness=0.5)
    game = Game.objects.create(player="p1", deal=deal, actions=["7S-t2"], ply=1)
    Game.objects.create(player="p1", deal=klondike, draw=3, result="won", replay_slug="r" * 20)
    Checkpoint.objects.create(game=game, index=1, position={"variant": "yukon"}, moves=1)
    Record.objects.create(player="p1", variant="yukon", number=7, best_moves=90, best_seconds=300)
    line = WinningLine.objects.create(moves="7S-t2 f", created=now)
    PositionVerdict.objects.create(key="k" * 64, verdict="win", move="7S-t2", line=line)
    CheckRequest.objects.create(
        game=game, player="p1", key="k" * 64, position={}, at="a" * 64, requested=now
    )
    WorkerLease.objects.create(worker="w1", renewed=now)
    TopUp.objects.create(variant="yukon", queued=now)
    RateCount.objects.create(key="rate:action:p1", count=3, expires=2_000_000_000)
    DailyDeal.objects.create(day=datetime.date(2020, 1, 1), variant="yukon", deal=deal)
    ReplayView.objects.create(player="p2", deal=deal)
    Attempt.objects.create(player="p1", deal=deal, first_game=game, first_started=now)
    return {}


def tables() -> list[str]:
    from django.db import connection

    names = set(connection.introspection.table_names()) - {"django_migrations"}
    return sorted(name for name in names if not name.startswith(LATER))


def rows() -> dict:
    from django.db import connection

    found = {}
    with connection.cursor() as cursor:
        for table in tables():
            cursor.execute(f"SELECT * FROM {connection.ops.quote_name(table)}")
            found[table] = sorted(json.dumps(row, default=str) for row in cursor.fetchall())
    return found


def schema() -> dict:
    """Columns and constraints as Django's introspection reads them, and the indexes' and
    constraints' definitions as the database states them. SQLite's unnamed constraints (a
    column's own CHECK) are numbered in column order, which differs when the columns came in
    another order: they are keyed by their columns instead."""
    from django.db import connection

    described = {}
    with connection.cursor() as cursor:
        introspection = connection.introspection
        for table in tables():
            columns = {
                info.name: json.dumps(info._asdict(), sort_keys=True, default=str)
                for info in introspection.get_table_description(cursor, table)
            }
            constraints = {}
            for name, about in introspection.get_constraints(cursor, table).items():
                if name.startswith("__unnamed_constraint_"):
                    name = f"unnamed {about['columns']} check={about['check']}"
                constraints[name] = json.dumps(about, sort_keys=True, default=str)
            described[table] = {"columns": columns, "constraints": constraints}
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public'"
            )
            described["indexes"] = sorted(earlier(cursor.fetchall()))
            cursor.execute(
                "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid) "
                "FROM pg_constraint WHERE connamespace = 'public'::regnamespace"
            )
            described["constraint definitions"] = sorted(earlier(cursor.fetchall()))
            cursor.execute(
                "SELECT relname, reloptions FROM pg_class WHERE reloptions IS NOT NULL "
                "AND relnamespace = 'public'::regnamespace"
            )
            described["storage"] = sorted(cursor.fetchall())
        else:
            cursor.execute("SELECT tbl_name, name, sql FROM sqlite_master WHERE type = 'index'")
            described["indexes"] = sorted(earlier(cursor.fetchall()), key=str)
    return described


def earlier(found: list) -> list:
    """Rows whose first field names a table, but for the later apps' tables."""
    return [row for row in found if not row[0].startswith(LATER)]


def applied() -> list[str]:
    from django.db.migrations.recorder import MigrationRecorder

    recorded = MigrationRecorder.Migration.objects.filter(app__in=["games", "solver"])
    return sorted(f"{app}.{name}" for app, name in recorded.values_list("app", "name"))


def state() -> dict:
    return {"rows": rows(), "schema": schema(), "applied": applied()}


if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "yukon_site.settings")
    django.setup()
    print(json.dumps({"fill": fill, "state": state}[sys.argv[1]](), default=str))
