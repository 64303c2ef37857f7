"""A check counts the workers that died holding it, so that one which takes every worker down
is given up (queue.MAX_DEATHS) while a queue woken again after a failed task takes up the rest.
Its default is the database's too, so the release before, still running while a deploy
migrates, can still ask for checks."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("solver", "0015_one_verdict_vocabulary")]

    operations = [
        migrations.AddField(
            model_name="checkrequest",
            name="deaths",
            field=models.PositiveSmallIntegerField(db_default=0, default=0),
        ),
    ]
