# Checkpoints: undo, redo, jumps and replay steps replay a bounded number of actions from the
# nearest stored step instead of the whole game (issue 11 part 6). Games older than this have
# none and are replayed from their deal, as before, until they reach new checkpoints.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0005_one_unfinished_game_per_mode'),
    ]

    operations = [
        migrations.CreateModel(
            name='Checkpoint',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('index', models.PositiveIntegerField()),
                ('position', models.JSONField()),
                ('moves', models.PositiveIntegerField()),
                ('score', models.IntegerField(null=True)),
                ('game', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='checkpoints', to='games.game')),
            ],
            options={
                'constraints': [models.UniqueConstraint(fields=('game', 'index'), name='checkpoint_one_per_step')],
            },
        ),
    ]
