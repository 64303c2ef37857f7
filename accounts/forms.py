"""Sign up: a username and a password; an email address only for resetting a lost password."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User

from . import lookalikes

LOOKS_TAKEN = "That username looks just like one already taken: please choose another."


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {
            "email": "Optional. Only used to send you a link if you forget your password.",
        }

    def clean_username(self) -> str:
        """Refused when taken in any case (Django's own check) or by a look-alike: the same
        letters from another alphabet, fullwidth forms (accounts.skeleton)."""
        username = super().clean_username()
        if username and lookalikes.taken(username):
            raise forms.ValidationError(LOOKS_TAKEN, code="look_alike")
        return username
