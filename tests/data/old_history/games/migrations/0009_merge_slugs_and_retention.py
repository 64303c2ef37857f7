# Joins the two lines of games migrations: the slugs, limits and clock (0008) and
# retention's last-action time (0004_game_updated_for_retention). Nothing to do: they touch
# different fields.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_game_updated_for_retention'),
        ('games', '0008_merge_clock_and_slugs'),
    ]

    operations = [
    ]
