"""Every input the game pages take goes through a form: the engine's errors become form
errors, and anything forged is refused before it reaches a game."""

from __future__ import annotations

from django import forms

from .engine.deal import DealError, check_number
from .engine.moves import MalformedMove, Move
from .models import Scoring

ACTIONS = ("move", "undo", "redo", "restart", "finish", "resign", "ask-resign", "hint", "jump")


class ActionForm(forms.Form):
    """A POST on a game: the action, the ply it was made on, and for a move the card and
    target (or the whole move as text, e.g. `9S-t5` or `d`)."""

    action = forms.ChoiceField(choices=[(a, a) for a in ACTIONS], required=False)
    ply = forms.IntegerField(min_value=0, max_value=10**6)
    move = forms.CharField(max_length=8, required=False)
    card = forms.CharField(max_length=2, required=False)
    to = forms.CharField(max_length=2, required=False)
    step = forms.IntegerField(min_value=0, max_value=10**6, required=False)  # for a jump

    def clean(self) -> dict:
        data = super().clean()
        action = data.get("action") or "move"
        data["action"] = action
        if action == "jump" and data.get("step") is None:
            raise forms.ValidationError("A jump needs the step to go back to")
        if action != "move":
            return data
        text = data.get("move") or ""
        if not text and data.get("to"):
            text = f"{data.get('card')}-{data['to']}" if data.get("card") else data["to"]
        if not text:
            raise forms.ValidationError("Pick a card, then the place it goes")
        try:
            data["parsed_move"] = Move.parse(text)
        except (MalformedMove, ValueError) as error:
            raise forms.ValidationError(str(error)) from None
        return data


class PollForm(forms.Form):
    """The dead-end banner's poll: the ply it asks about and how many polls came before."""

    ply = forms.IntegerField(min_value=0, max_value=10**6)
    poll = forms.IntegerField(min_value=0, max_value=1000, required=False)

    def clean_poll(self) -> int:
        return self.cleaned_data.get("poll") or 0

    @property
    def delay_ms(self) -> int:
        """Polls slow down from 0.8 s to 4 s while a position waits for its check
        (solver.checks.STALE_AFTER counts on a poll at least that often)."""
        return min(4000, int(800 * 1.5 ** self.cleaned_data["poll"]))


class ModeForm(forms.Form):
    """Klondike's draw and scoring (GET query), with the defaults of the Klondike page."""

    draw = forms.TypedChoiceField(choices=[("1", "Draw 1"), ("3", "Draw 3")], coerce=int,
                                  required=False, empty_value=1)  # fmt: skip
    scoring = forms.ChoiceField(choices=Scoring.choices, required=False)

    def clean_scoring(self) -> str:
        return self.cleaned_data.get("scoring") or Scoring.STANDARD


def game_number(text: str) -> int | None:
    """The number in a URL, or None when it names no deal."""
    try:
        return check_number(text)
    except DealError:
        return None


class ReplayForm(forms.Form):
    """The replay's `?step=`: a whole number, or nothing for the final position. The view
    clamps it to the game's steps, so any integer names a position."""

    step = forms.IntegerField(required=False)
