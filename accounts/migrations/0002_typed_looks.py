"""Usernames compared by Unicode's confusables list, in two looks (accounts.skeleton): the look
in capitals replaces the old key, and the look as typed is new. Every user's looks are made
again, the oldest account first: a later account whose name looks like an older one's keeps
working, with its looks unclaimed."""

from django.conf import settings
from django.db import migrations, models

from accounts.skeleton import skeleton_key, typed_key


def looks_made_again(apps, schema_editor):
    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameLook = apps.get_model("accounts", "UsernameLook")
    UsernameLook.objects.update(key=None, typed=None)
    claimed = {"key": set(), "typed": set()}
    for pk, username in User.objects.order_by("pk").values_list("pk", "username").iterator():
        looks = {"key": skeleton_key(username), "typed": typed_key(username)}
        free = all(look not in claimed[field] for field, look in looks.items())
        if free:
            for field, look in looks.items():
                claimed[field].add(look)
        UsernameLook.objects.update_or_create(
            user_id=pk, defaults=looks if free else {"key": None, "typed": None}
        )


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_username_looks"),
    ]

    operations = [
        migrations.AddField(
            model_name="usernamelook",
            name="typed",
            field=models.CharField(blank=True, max_length=64, null=True, unique=True),
        ),
        migrations.RunPython(looks_made_again, migrations.RunPython.noop),
    ]
