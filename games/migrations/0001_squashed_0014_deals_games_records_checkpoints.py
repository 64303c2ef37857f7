"""The games app's history, 0001 to 0014, in one migration: deals, games, records and checkpoints
as they stand after 0014.

A database that applied the replaced migrations has this one marked applied without running it;
a fresh database runs only this. What the replaced migrations did only to rows that existed
before them is left out (0004's clock and final moves, 0004's slug backfill, 0005's
one-unfinished-game cleanup), as is 0007's cache table, which 0009 dropped again.

Two tables are created here for the database only, as the replaced migrations left them: their
models live in other apps now, which take them over state only and rename them after themselves.
games_dealverdict (0001; solver's squashed 0001 takes it over, as its 0003 and 0017 did) and
games_ratecount (0009; visitors 0001 takes it over). The games app's state never holds either,
as after the replaced 0003 and 0014."""

import django.core.validators
import django.db.models.deletion
import django.db.models.functions.comparison
import django.db.models.functions.text
import django.db.models.lookups
import django.utils.timezone
from django.db import migrations, models

import games.models

FILLFACTOR = 70


def set_fillfactor(apps, schema_editor, value=FILLFACTOR):
    """As 0012: a move rewrites its game's row in place on PostgreSQL (a HOT update) when the
    table keeps room on each page for the row's next version."""
    if schema_editor.connection.vendor == "postgresql":
        table = schema_editor.quote_name(apps.get_model("games", "Game")._meta.db_table)
        schema_editor.execute(f"ALTER TABLE {table} SET (fillfactor = {value})")


def reset_fillfactor(apps, schema_editor):
    set_fillfactor(apps, schema_editor, value=100)


class Migration(migrations.Migration):
    replaces = [
        ("games", "0001_initial"),
        ("games", "0002_games_and_records"),
        ("games", "0003_dealverdict_leaves_for_the_pool"),
        ("games", "0004_game_clock_restarts_and_final_moves"),
        ("games", "0004_game_updated_for_retention"),
        ("games", "0004_games_get_unguessable_slugs"),
        ("games", "0005_one_unfinished_game_per_mode"),
        ("games", "0006_checkpoints_for_long_games"),
        ("games", "0007_rate_limit_cache_table"),
        ("games", "0008_merge_clock_and_slugs"),
        ("games", "0009_merge_slugs_and_retention"),
        ("games", "0009_rate_counts_in_their_own_table"),
        ("games", "0010_merge_rate_counts_and_retention"),
        ("games", "0011_game_review"),
        ("games", "0012_game_updates_in_place"),
        ("games", "0013_game_version"),
        ("games", "0014_ratecount_leaves_for_visitors"),
    ]

    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="Deal",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("variant", models.CharField(choices=[("yukon", "Yukon"), ("klondike", "Klondike")], max_length=16)),
                ("number", models.PositiveIntegerField(validators=[django.core.validators.MinValueValidator(1), django.core.validators.MaxValueValidator(2147483647)])),
                ("cards", models.CharField(max_length=104, validators=[django.core.validators.RegexValidator("\\A(?:[A2-9TJQK][SHDC]){52}\\Z", "Must be 52 card codes such as 7S, TD, AH, concatenated.")])),
                ("created", models.DateTimeField(auto_now_add=True)),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("variant", "number"), name="deal_variant_number"),
                    models.CheckConstraint(condition=models.Q(("number__gte", 1), ("number__lte", 2147483647)), name="deal_number_range"),
                    models.CheckConstraint(condition=models.Q(("variant__in", ["yukon", "klondike"])), name="deal_variant_known"),
                    models.CheckConstraint(condition=django.db.models.lookups.Exact(django.db.models.functions.text.Length("cards"), 104), name="deal_52_cards"),
                ],
            },
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[],
            database_operations=[
                migrations.CreateModel(
                    name="DealVerdict",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("draw", models.PositiveSmallIntegerField(blank=True, choices=[(1, "1"), (3, "3")], null=True)),
                        ("passes", models.PositiveSmallIntegerField(blank=True, null=True)),
                        ("verdict", models.CharField(choices=[("win", "Winnable"), ("loss", "Not winnable"), ("unknown", "Unknown (search budget ran out)")], max_length=8)),
                        ("moves", models.JSONField(blank=True, default=list)),
                        ("nodes", models.PositiveBigIntegerField(default=0)),
                        ("seconds", models.FloatField(default=0.0)),
                        ("created", models.DateTimeField(auto_now_add=True)),
                        ("deal", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="verdicts", to="games.deal")),
                    ],
                    options={
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
        ),
        migrations.CreateModel(
            name="Record",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("player", models.CharField(max_length=32)),
                ("variant", models.CharField(choices=[("yukon", "Yukon"), ("klondike", "Klondike")], max_length=16)),
                ("number", models.PositiveIntegerField()),
                ("draw", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("passes", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("best_moves", models.PositiveIntegerField()),
                ("best_seconds", models.PositiveIntegerField()),
                ("wins", models.PositiveIntegerField(default=1)),
                ("updated", models.DateTimeField(auto_now=True)),
            ],
            options={
                "ordering": ["-updated"],
                "constraints": [
                    models.UniqueConstraint(models.F("player"), models.F("variant"), models.F("number"), django.db.models.functions.comparison.Coalesce("draw", 0), django.db.models.functions.comparison.Coalesce("passes", 0), name="record_one_per_mode"),
                ],
            },
        ),
        migrations.CreateModel(
            name="Game",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("player", models.CharField(max_length=32)),
                ("slug", models.CharField(default=games.models.new_slug, editable=False, max_length=22)),
                ("replay_slug", models.CharField(blank=True, max_length=22, null=True)),
                ("deal", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="games", to="games.deal")),
                ("draw", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("scoring", models.CharField(choices=[("standard", "Standard"), ("vegas", "Vegas"), ("none", "None")], default="none", max_length=8)),
                ("passes", models.PositiveSmallIntegerField(blank=True, null=True)),
                ("actions", models.JSONField(blank=True, default=list)),
                ("redo", models.JSONField(blank=True, default=list)),
                ("ply", models.PositiveIntegerField(default=0)),
                ("version", models.PositiveBigIntegerField(db_default=0, default=0)),
                ("state", models.JSONField(blank=True, null=True)),
                ("undos", models.PositiveIntegerField(default=0)),
                ("hints", models.PositiveIntegerField(default=0)),
                ("result", models.CharField(blank=True, choices=[("won", "Won"), ("resigned", "Resigned")], max_length=8)),
                ("new_record", models.BooleanField(default=False)),
                ("moves", models.PositiveIntegerField(blank=True, null=True)),
                ("review", models.JSONField(blank=True, null=True)),
                ("created", models.DateTimeField(auto_now_add=True)),
                ("started", models.DateTimeField(default=django.utils.timezone.now)),
                ("updated", models.DateTimeField(auto_now=True)),
                ("finished", models.DateTimeField(blank=True, null=True)),
            ],
            options={
                "indexes": [models.Index(fields=["player", "deal", "result"], name="game_owner_deal")],
                "constraints": [
                    models.UniqueConstraint(models.F("player"), models.F("deal"), django.db.models.functions.comparison.Coalesce("draw", 0), models.F("scoring"), django.db.models.functions.comparison.Coalesce("passes", 0), condition=models.Q(("result", "")), name="game_one_unfinished_per_mode"),
                ],
            },
        ),
        # Unique in a step of their own, as in 0004: the constraints get the names they have in a
        # database that applied it (PostgreSQL names a column's own UNIQUE otherwise).
        migrations.AlterField(
            model_name="game",
            name="slug",
            field=models.CharField(default=games.models.new_slug, editable=False, max_length=22, unique=True),
        ),
        migrations.AlterField(
            model_name="game",
            name="replay_slug",
            field=models.CharField(blank=True, max_length=22, null=True, unique=True),
        ),
        migrations.RunPython(set_fillfactor, reset_fillfactor),
        migrations.CreateModel(
            name="Checkpoint",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("index", models.PositiveIntegerField()),
                ("position", models.JSONField()),
                ("moves", models.PositiveIntegerField()),
                ("score", models.IntegerField(null=True)),
                ("game", models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name="checkpoints", to="games.game")),
            ],
            options={
                "constraints": [models.UniqueConstraint(fields=("game", "index"), name="checkpoint_one_per_step")],
            },
        ),
        migrations.SeparateDatabaseAndState(
            state_operations=[],
            database_operations=[
                migrations.CreateModel(
                    name="RateCount",
                    fields=[
                        ("key", models.CharField(max_length=200, primary_key=True, serialize=False)),
                        ("count", models.PositiveIntegerField(default=0)),
                        ("expires", models.BigIntegerField(db_index=True)),
                    ],
                ),
            ],
        ),
    ]
