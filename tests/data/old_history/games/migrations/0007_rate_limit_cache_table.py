# The cache table that rate limits count in (settings.CACHES, games.limits): created by
# `migrate` like every other table, so no deployment step can forget it.

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0006_checkpoints_for_long_games'),
    ]

    operations = [
        migrations.RunPython(create_cache_table, migrations.RunPython.noop),
    ]
