"""What accounts keep beside Django's own User: the look of each username (accounts.skeleton)."""

from django.conf import settings
from django.db import models


class UsernameLook(models.Model):
    """The two looks of a user's name (accounts.skeleton), each unique: one account per look.
    Written for every user saved (sign-up, the admin, createsuperuser: accounts.lookalikes); None
    for an account made before names were compared by their look whose look another account
    already had, which keeps working as it is."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="look"
    )
    key = models.CharField(max_length=64, unique=True, null=True, blank=True)  # in capitals
    typed = models.CharField(max_length=64, unique=True, null=True, blank=True)  # as typed

    def __str__(self) -> str:
        return f"{self.user}: {self.key or 'shared look'}"
