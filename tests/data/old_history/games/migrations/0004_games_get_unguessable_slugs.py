# Public addresses stop carrying row ids (issue 11): every game gets a random slug for its own
# page, and every finished game a second one for its replay. Existing rows are backfilled
# before the columns become unique.

import secrets

from django.db import migrations, models

import games.models


ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def new_slug():
    # As games.models.new_slug, copied: a migration must not change when the model does.
    return "".join(secrets.choice(ALPHABET) for _ in range(20))


def backfill(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    for game in Game.objects.only("pk", "result").iterator():
        game.slug = new_slug()
        game.replay_slug = new_slug() if game.result else None
        game.save(update_fields=["slug", "replay_slug"])


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0003_dealverdict_leaves_for_the_pool'),
    ]

    operations = [
        migrations.AddField(
            model_name='game',
            name='slug',
            field=models.CharField(editable=False, max_length=22, null=True),
        ),
        migrations.AddField(
            model_name='game',
            name='replay_slug',
            field=models.CharField(blank=True, max_length=22, null=True),
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
        migrations.AlterField(
            model_name='game',
            name='slug',
            field=models.CharField(default=games.models.new_slug, editable=False, max_length=22, unique=True),
        ),
        migrations.AlterField(
            model_name='game',
            name='replay_slug',
            field=models.CharField(blank=True, max_length=22, null=True, unique=True),
        ),
    ]
