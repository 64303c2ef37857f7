# A game is now created by its first action, and two first actions at once (a double click,
# two tabs) must find one game, not make two: at most one unfinished game per player, deal and
# mode. Where older code left several, the newest stays in play and the older ones are marked
# resigned (their moves are kept, and they get a replay slug like any finished game).

import secrets

import django.db.models.functions.comparison
from django.db import migrations, models
from django.utils import timezone


ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789"


def new_slug():
    # As games.models.new_slug, copied: a migration must not change when the model does.
    return "".join(secrets.choice(ALPHABET) for _ in range(20))


def keep_the_newest(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    seen = set()
    playing = Game.objects.filter(result="").order_by("-pk")
    for game in playing.only("pk", "player", "deal_id", "draw", "scoring", "passes").iterator():
        mode = (game.player, game.deal_id, game.draw or 0, game.scoring, game.passes or 0)
        if mode in seen:
            Game.objects.filter(pk=game.pk).update(
                result="resigned", finished=timezone.now(), replay_slug=new_slug()
            )
        seen.add(mode)


class Migration(migrations.Migration):

    dependencies = [
        ('games', '0004_games_get_unguessable_slugs'),
    ]

    operations = [
        migrations.RunPython(keep_the_newest, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='game',
            constraint=models.UniqueConstraint(models.F('player'), models.F('deal'), django.db.models.functions.comparison.Coalesce('draw', 0), models.F('scoring'), django.db.models.functions.comparison.Coalesce('passes', 0), condition=models.Q(('result', '')), name='game_one_unfinished_per_mode'),
        ),
    ]
