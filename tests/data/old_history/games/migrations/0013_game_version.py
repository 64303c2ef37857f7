"""A game's version: one more at every save, so a save can land only on the version it was read
at (games.rows.save_at). The ply it was guarded by returns to a value it had after an undo and
a move (ABA). Existing games start at 0, as new ones do."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0012_game_updates_in_place")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="version",
            field=models.PositiveBigIntegerField(db_default=0, default=0),
        ),
    ]
