"""One account per look of a username: every user saved gets its name's two skeletons stored
(accounts.models.UsernameLook), each unique, so that the sign-up form can refuse a look-alike of
any existing account, whoever made it (the admin and createsuperuser too)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.db.models.signals import post_save
from django.dispatch import receiver

from .models import UsernameLook
from .skeleton import skeleton_key, typed_key


def taken(username: str) -> bool:
    """Does an account already have a name that looks like this one?"""
    looks = Q(key=skeleton_key(username)) | Q(typed=typed_key(username))
    return UsernameLook.objects.filter(looks).exists()


def claim(user) -> bool:
    """Store the look of the user's name; False (and the look left unclaimed) when another
    account has it already."""
    name = user.get_username()
    looks = {"key": skeleton_key(name), "typed": typed_key(name)}
    try:
        with transaction.atomic():
            UsernameLook.objects.update_or_create(user=user, defaults=looks)
        return True
    except IntegrityError:
        UsernameLook.objects.update_or_create(user=user, defaults={"key": None, "typed": None})
        return False


@receiver(post_save, sender=get_user_model(), dispatch_uid="accounts.lookalikes.saved")
def remember_the_look(sender, instance, raw=False, update_fields=None, **kwargs) -> None:
    if raw or (update_fields is not None and "username" not in update_fields):
        return  # loading fixtures, or a save that leaves the name alone (last_login)
    claim(instance)
