# DealVerdict now belongs to the solver app (solver 0003 takes it over, table and all): here
# it leaves the games app's state only. The table stays where it is, rows untouched.
#
# It used to depend on solver 0003 as well, which made the games app depend on an app above
# it. Nothing needs that order: neither side touches the database, and between the two the
# table simply has no model. A database that applied both keeps them applied.

from django.db import migrations


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_games_and_records'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name='DealVerdict')],
            database_operations=[],
        ),
    ]
