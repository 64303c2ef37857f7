"""Sign up: a username and a password; an email address only for resetting a lost password.
Log in, a player's and the admin's: a username longer than any account's is refused as the
form is read, before a password is checked or a failure stored."""

from __future__ import annotations

from django import forms
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.contrib.auth.models import User
from django.core.validators import MaxLengthValidator

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


class UsernameLengthMixin:
    """Django's login form gives the username field a max_length without its validator, so
    a name of any length went on to authenticate (a password hash for nothing) and to the
    login throttle's table, which cannot store one over 255 characters (a 500)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length))


class LoginForm(UsernameLengthMixin, AuthenticationForm):
    """A player's login (/accounts/login/)."""


class AdminLoginForm(UsernameLengthMixin, AdminAuthenticationForm):
    """The admin's login (/admin/login/)."""
