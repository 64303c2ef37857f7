"""DealVerdict's table is named after its app: games_dealverdict becomes solver_dealverdict,
renamed in place, every row kept (the model joined the pool in 0003, on games' table)."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("solver", "0016_check_request_deaths")]

    operations = [
        migrations.AlterModelTable(name="dealverdict", table=None),
    ]
