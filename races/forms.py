"""The inputs of the race pages: a new race's settings, and the name a guest joins under."""

from __future__ import annotations

from django import forms

from games.engine.modes import Mode
from solver.pool.models import Grade

from .models import DEFAULT_MINUTES, MAX_MINUTES

MODES = {
    "yukon": Mode.yukon(),
    "klondike-1": Mode("klondike", 1, "standard"),
    "klondike-3": Mode("klondike", 3, "standard"),
}


class NewRaceForm(forms.Form):
    mode = forms.ChoiceField(
        choices=[("yukon", "Yukon"), ("klondike-1", "Klondike, draw 1"),
                 ("klondike-3", "Klondike, draw 3")],
        initial="yukon", label="Game",
    )  # fmt: skip
    grade = forms.ChoiceField(
        label="Difficulty", choices=[("", "Any"), *Grade.choices], required=False
    )
    minutes = forms.IntegerField(
        min_value=1, max_value=MAX_MINUTES, initial=DEFAULT_MINUTES, label="Time limit (minutes)"
    )
    # The lengths offered as buttons on /races/; the field takes any whole number in range.
    minute_choices = [(m, str(m)) for m in (3, 5, 10, 20, 30)]
    name = forms.CharField(
        max_length=20, required=False, label="Your name in the race",
        help_text="Players with an account race under their username.",
    )  # fmt: skip

    @property
    def chosen_mode(self) -> Mode:
        return MODES[self.cleaned_data["mode"]]


class JoinForm(forms.Form):
    name = forms.CharField(max_length=20, required=False, label="Your name in the race")
