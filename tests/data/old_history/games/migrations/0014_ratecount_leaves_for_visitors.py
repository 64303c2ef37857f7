"""RateCount leaves for the visitors app (visitors.models), its rows with it: the games app
stops knowing the model, and its table is left alone here (visitors' 0001 takes it over and
renames it)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("games", "0013_game_version")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="RateCount")],
            database_operations=[],
        ),
    ]
