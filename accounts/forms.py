"""Sign up: a username and a password; an email address only for resetting a lost password."""

from __future__ import annotations

from django.contrib.auth.forms import UserCreationForm
from django.contrib.auth.models import User


class SignupForm(UserCreationForm):
    class Meta(UserCreationForm.Meta):
        model = User
        fields = ("username", "email")
        help_texts = {
            "email": "Optional. Only used to send you a link if you forget your password.",
        }
