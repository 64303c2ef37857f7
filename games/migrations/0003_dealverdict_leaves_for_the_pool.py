# DealVerdict now belongs to the solver app (solver 0003 takes it over, table and all): here
# it leaves the games app's state only. The table stays where it is, rows untouched.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_games_and_records'),
        ('solver', '0003_dealverdict_joins_the_pool'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='DealVerdict')],
            database_operations=[],
        ),
    ]
