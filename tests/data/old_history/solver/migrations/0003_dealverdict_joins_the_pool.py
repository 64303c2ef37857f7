# DealVerdict moves from the games app to the solver's winnable pool (solver.pool.models).
# Only Django's idea of where the model lives changes: it keeps its table, games_dealverdict,
# with its rows, constraints and index, so nothing is copied or rebuilt. games 0003 removes it
# from the games app's state in the same way.

import django.db.models.deletion
import django.db.models.functions.comparison
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0002_games_and_records'),
        ('solver', '0002_position_polled'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='DealVerdict',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('draw', models.PositiveSmallIntegerField(blank=True, choices=[(1, '1'), (3, '3')], null=True)),
                        ('passes', models.PositiveSmallIntegerField(blank=True, null=True)),
                        ('verdict', models.CharField(choices=[('win', 'Winnable'), ('loss', 'Not winnable'), ('unknown', 'Unknown (search budget ran out)')], max_length=8)),
                        ('moves', models.JSONField(blank=True, default=list)),
                        ('nodes', models.PositiveBigIntegerField(default=0)),
                        ('seconds', models.FloatField(default=0.0)),
                        ('created', models.DateTimeField(auto_now_add=True)),
                        ('deal', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='verdicts', to='games.deal')),
                    ],
                    options={
                        'db_table': 'games_dealverdict',
                        'indexes': [models.Index(condition=models.Q(('verdict', 'win')), fields=['draw', 'passes', 'deal'], name='verdict_win_pool')],
                        'constraints': [models.UniqueConstraint(models.F('deal'), django.db.models.functions.comparison.Coalesce('draw', 0), django.db.models.functions.comparison.Coalesce('passes', 0), name='verdict_one_per_mode'), models.CheckConstraint(condition=models.Q(('draw__isnull', True), ('draw__in', [1, 3]), _connector='OR'), name='verdict_draw_1_or_3'), models.CheckConstraint(condition=models.Q(('passes__isnull', True), ('passes__gte', 1), _connector='OR'), name='verdict_passes_positive'), models.CheckConstraint(condition=models.Q(('verdict__in', ['win', 'loss', 'unknown'])), name='verdict_outcome_known')],
                    },
                ),
            ],
            database_operations=[],
        ),
    ]
