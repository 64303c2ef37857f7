"""A winning line is stored once, as a WinningLine, and a position's verdict points into it:
a check's win had stored a row for every position on its line (0.4 KB each, nearly all of the
database's growth), most never reached by any game. Rows stored before keep working as they
were (each next position on their line has its own row)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("solver", "0009_deal_grades"),
    ]

    operations = [
        migrations.CreateModel(
            name="WinningLine",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("moves", models.TextField()),
                ("created", models.DateTimeField()),
            ],
        ),
        migrations.AddField(
            model_name="positionverdict",
            name="line",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to="solver.winningline",
            ),
        ),
        migrations.AddField(
            model_name="positionverdict",
            name="step",
            field=models.PositiveIntegerField(default=0),
        ),
    ]
