"""The solver app's history, 0001 to 0017, in one migration: positions' verdicts and their
winning lines, the dead-end checks' requests and workers, the pool's top-ups and deals' verdicts,
as they stand after 0017.

A database that applied the replaced migrations has this one marked applied without running it;
a fresh database runs only this. What the replaced migrations did only to rows that existed
before them is left out (0004 dropped pending positions and measured wins, 0007 kept a win's
first move only).

DealVerdict is taken over as 0003 did, from the table games' migrations made
(games_dealverdict, state only), brought to its present columns and renamed after this app as
0017 did, so its table, indexes and constraints have the same names on a fresh database as on
one that applied the old history."""

import django.db.models.deletion
import django.db.models.functions.comparison
from django.db import migrations, models

VERDICTS = [
    ("win", "Winnable"),
    ("loss", "Not winnable"),
    ("unknown", "Not decided (the search ran out of budget)"),
]


class Migration(migrations.Migration):
    replaces = [
        ("solver", "0001_position_verdicts"),
        ("solver", "0002_position_polled"),
        ("solver", "0003_dealverdict_joins_the_pool"),
        ("solver", "0004_checks_wanted_newest_first"),
        ("solver", "0004_dealverdict_par"),
        ("solver", "0005_one_top_up_per_mode"),
        ("solver", "0006_merge_par_and_top_ups"),
        ("solver", "0007_position_verdict_first_move_only"),
        ("solver", "0008_worker_lease"),
        ("solver", "0009_deal_grades"),
        ("solver", "0010_winning_lines"),
        ("solver", "0011_check_request_recheck"),
        ("solver", "0012_worker_lease_draining"),
        ("solver", "0013_check_request_quick_only"),
        ("solver", "0014_check_request_came_from"),
        ("solver", "0015_one_verdict_vocabulary"),
        ("solver", "0016_check_request_deaths"),
        ("solver", "0017_dealverdict_table_after_its_app"),
    ]

    initial = True

    dependencies = [("games", "0001_squashed_0014_deals_games_records_checkpoints")]

    operations = [
        migrations.CreateModel(
            name="WinningLine",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("moves", models.TextField()),
                ("created", models.DateTimeField()),
            ],
        ),
        migrations.CreateModel(
            name="PositionVerdict",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("key", models.CharField(max_length=64, unique=True)),
                ("verdict", models.CharField(choices=VERDICTS, max_length=8)),
                ("nodes", models.PositiveBigIntegerField(default=0)),
                ("seconds", models.FloatField(default=0.0)),
                ("decided", models.DateTimeField(blank=True, null=True)),
                ("length", models.PositiveIntegerField(default=0)),
                ("move", models.CharField(blank=True, max_length=8)),
                ("line", models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name="+", to="solver.winningline")),
                ("step", models.PositiveIntegerField(default=0)),
            ],
            options={
                "constraints": [models.CheckConstraint(condition=models.Q(("verdict__in", ["win", "loss", "unknown"])), name="position_verdict_known")],
            },
        ),
        migrations.CreateModel(
            name="CheckRequest",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("player", models.CharField(max_length=32)),
                ("key", models.CharField(max_length=64)),
                ("position", models.JSONField()),
                ("at", models.CharField(max_length=64)),
                ("deep", models.BooleanField(default=False)),
                ("requested", models.DateTimeField()),
                ("started", models.DateTimeField(blank=True, null=True)),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="+", to="games.game")),
                ("worker", models.CharField(blank=True, default="", max_length=64)),
                ("recheck", models.BooleanField(default=False)),
                ("quick_only", models.BooleanField(db_default=False, default=False)),
                ("came_from", models.CharField(blank=True, db_default="", default="", max_length=64)),
                ("deaths", models.PositiveSmallIntegerField(db_default=0, default=0)),
            ],
            options={
                "indexes": [
                    models.Index(fields=["deep", "-requested"], name="check_request_newest"),
                    models.Index(fields=["player", "-requested"], name="check_request_player"),
                    models.Index(fields=["key"], name="check_request_key"),
                ],
                "constraints": [models.UniqueConstraint(fields=("game", "key"), name="check_request_once_per_game")],
            },
        ),
        migrations.CreateModel(
            name="WorkerLease",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("worker", models.CharField(max_length=64, unique=True)),
                ("renewed", models.DateTimeField()),
                ("draining", models.BooleanField(default=False)),
            ],
        ),
        migrations.CreateModel(
            name="TopUp",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("variant", models.CharField(max_length=16)),
                ("draw", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("passes", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("queued", models.DateTimeField()),
            ],
            options={
                "constraints": [models.UniqueConstraint(models.F("variant"), django.db.models.functions.comparison.Coalesce("draw", 0), django.db.models.functions.comparison.Coalesce("passes", 0), name="top_up_one_per_mode")],
            },
        ),
        # DealVerdict: taken over on games' table as it was made (0003), state only ...
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="DealVerdict",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("draw", models.PositiveSmallIntegerField(blank=True, choices=[(1, "1"), (3, "3")], null=True)),
                        ("passes", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("verdict", models.CharField(choices=VERDICTS, max_length=8)),
                        ("moves", models.JSONField(blank=True, default=list)),
                        ("nodes", models.PositiveBigIntegerField(default=0)),
                        ("seconds", models.FloatField(default=0.0)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("deal", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="verdicts", to="games.deal")),
                    ],
                    options={
                        "db_table": "games_dealverdict",
                        "indexes": [models.Index(condition=models.Q(("verdict", "win")), fields=["draw", "passes", "deal"], name="verdict_win_pool")],
                        "constraints": [
                            models.UniqueConstraint(models.F("deal"), django.db.models.functions.comparison.Coalesce("draw", 0), django.db.models.functions.comparison.Coalesce("passes", 0), name="verdict_one_per_mode"),
                            models.CheckConstraint(condition=models.Q(("draw__isnull", True), ("draw__in", [1, 3]), _connector="OR"), name="verdict_draw_1_or_3"),
                            models.CheckConstraint(condition=models.Q(("passes__isnull", True), ("passes__gte", 1), _connector="OR"), name="verdict_passes_positive"),
                            models.CheckConstraint(condition=models.Q(("verdict__in", ["win", "loss", "unknown"])), name="verdict_outcome_known"),
                        ],
                    },
                ),
            ],
            database_operations=[],
        ),
        # ... its par line (0004), grade and narrowness (0009) ...
        migrations.AddField(
            model_name="dealverdict",
            name="par_moves",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.AddField(
            model_name="dealverdict",
            name="grade",
            field=models.CharField(blank=True, choices=[("easy", "Easy"), ("medium", "Medium"), ("hard", "Hard"), ("expert", "Expert")], default="", max_length=8),
        ),
        migrations.AddField(
            model_name="dealverdict",
            name="narrowness",
            field=models.FloatField(blank=True, null=True),
        ),
        migrations.AddIndex(
            model_name="dealverdict",
            index=models.Index(condition=models.Q(("verdict", "win")), fields=["draw", "passes", "grade", "deal"], name="verdict_win_grade_pool"),
        ),
        # ... and its table renamed after this app, in place (0017).
        migrations.AlterModelTable(name="dealverdict", table=None),
    ]
