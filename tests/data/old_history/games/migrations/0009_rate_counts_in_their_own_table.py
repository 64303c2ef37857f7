# Rate limits count in a table of their own, one atomic upsert a request (games.limits),
# instead of Django's database cache (a read, then per key a count of the table, a read and
# a write, in a transaction): the cache table goes.

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0008_merge_clock_and_slugs'),
    ]

    operations = [
        migrations.CreateModel(
            name='RateCount',
            fields=[
                ('key', models.CharField(max_length=200, primary_key=True, serialize=False)),
                ('count', models.PositiveIntegerField(default=0)),
                ('expires', models.BigIntegerField(db_index=True)),
            ],
        ),
        migrations.RunSQL("DROP TABLE IF EXISTS yukon_cache", migrations.RunSQL.noop),
    ]
