"""A stored winning line shrinks to its first move: every later position on it has its own
row (proofs.store_line), so the full list in each row repeated the line over and over, and
the position JSON was never read. A winning line of L moves took O(L²) bytes; now O(L)."""

from django.db import migrations, models

CHUNK = 1000


def keep_first_moves(apps, schema_editor):
    PositionVerdict = apps.get_model("solver", "PositionVerdict")
    wins = PositionVerdict.objects.filter(verdict="win").only("pk", "moves").order_by("pk")
    last = 0
    while rows := list(wins.filter(pk__gt=last)[:CHUNK]):
        for row in rows:
            row.move = row.moves[0] if row.moves else ""
        PositionVerdict.objects.bulk_update(rows, ["move"])
        last = rows[-1].pk


class Migration(migrations.Migration):
    dependencies = [
        ("solver", "0006_merge_par_and_top_ups"),
    ]

    operations = [
        migrations.AddField(
            model_name="positionverdict",
            name="move",
            field=models.CharField(blank=True, max_length=8),
        ),
        migrations.RunPython(keep_first_moves, migrations.RunPython.noop),
        migrations.RemoveField(model_name="positionverdict", name="moves"),
        migrations.RemoveField(model_name="positionverdict", name="position"),
    ]
