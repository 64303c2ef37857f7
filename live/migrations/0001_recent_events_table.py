"""The recent events' table, read by the streams when no Redis carries the events."""

from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = []

    operations = [
        migrations.CreateModel(
            name="LiveEvent",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("topic", models.CharField(max_length=80)),
                ("event", models.CharField(max_length=80)),
                ("data", models.TextField()),
                ("created", models.DateTimeField(db_index=True)),
            ],
            options={
                "indexes": [models.Index(fields=["topic", "id"], name="live_event_topic_after_id")],
            },
        ),
    ]
