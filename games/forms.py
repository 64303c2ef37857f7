"""The inputs that name a deal, shared by the game pages and the daily pages: a game number in
an address, and a mode in its query. (The game pages' own forms are play.forms.)"""

from __future__ import annotations

from django import forms
from django.http import QueryDict

from .engine.deal import DealError, check_number
from .engine.modes import Mode
from .models import Scoring


class FallbackChoiceField(forms.TypedChoiceField):
    """A choice where a missing or unknown value means the default rather than an error: a
    mode in an address is a preference, and a link with a bad one still deals a game."""

    def __init__(self, *, default, **kwargs) -> None:
        super().__init__(required=False, empty_value=default, **kwargs)
        self.default = default

    def clean(self, value):
        try:
            return super().clean(value)
        except forms.ValidationError:
            return self.default


class ModeForm(forms.Form):
    """Klondike's draw and scoring (GET query), with the defaults of the Klondike page. It
    refuses nothing: each field that is missing or unknown is its default."""

    draw = FallbackChoiceField(choices=[("1", "Draw 1"), ("3", "Draw 3")], coerce=int, default=1)
    scoring = FallbackChoiceField(choices=Scoring.choices, default=Scoring.STANDARD)


def mode_in(variant: str, query: QueryDict) -> Mode:
    """The mode a deal's or a new game's address asks for: Yukon's one, or Klondike's draw
    and scoring, each its default where the query asks for none or for one there is not."""
    if variant != "klondike":
        return Mode.yukon()
    form = ModeForm(query)
    form.full_clean()  # never adds an error: every field falls back to its default
    return Mode(variant, form.cleaned_data["draw"], form.cleaned_data["scoring"])


def game_number(text: str) -> int | None:
    """The number in a URL, or None when it names no deal."""
    try:
        return check_number(text)
    except DealError:
        return None
