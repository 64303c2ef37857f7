"""RateCount joins the visitors app from games, rows kept: the model is taken over as it is
(state only, on the games app's table, which games' migrations made), then its table is
renamed after its new app."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    # The table is made by games' migrations (their squashed 0001, as 0009 did before); a higher
    # app may depend on a lower one.
    dependencies = [("games", "0001_squashed_0014_deals_games_records_checkpoints")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="RateCount",
                    fields=[
                        ("key", models.CharField(max_length=200, primary_key=True, serialize=False)),
                        ("count", models.PositiveIntegerField(default=0)),
                        ("expires", models.BigIntegerField(db_index=True)),
                    ],
                    options={"db_table": "games_ratecount"},
                ),
            ],
            database_operations=[],
        ),
        migrations.AlterModelTable(name="ratecount", table=None),
    ]
