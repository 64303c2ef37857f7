"""The game pages' own inputs, each through a form: the engine's errors become form errors, and
anything forged is refused before it reaches a game. (The inputs that name a deal, shared
with the daily pages, are games.forms.)"""

from __future__ import annotations

from django import forms
from django.http import QueryDict
from django.urls import reverse
from django.utils.crypto import constant_time_compare, salted_hmac
from django.utils.http import url_has_allowed_host_and_scheme, urlencode

from games.engine.cards import Card, CardError
from games.engine.moves import MalformedMove, Move
from games.engine.positions import Position
from games.engine.rules import movable_cards
from solver.pool.models import Grade

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
    # A resign (or the question before it) that goes on to the game's winning line.
    then = forms.ChoiceField(choices=[("line", "line")], required=False)

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


class _SharedFields(dict):
    """A form's fields shared by all its instances, which change none of them (no field is
    added, dropped or altered per request, and the form is never drawn): Django copies every
    field for each instance (copy.deepcopy, about 0.1 ms a move for ActionForm)."""

    def __deepcopy__(self, memo) -> dict:
        return dict(self)


ActionForm.base_fields = _SharedFields(ActionForm.base_fields)


class PollForm(forms.Form):
    """The dead-end banner's poll: the ply it asks about and how many polls came before."""

    ply = forms.IntegerField(min_value=0, max_value=10**6)
    poll = forms.IntegerField(min_value=0, max_value=1000, required=False)

    def clean_poll(self) -> int:
        return self.cleaned_data.get("poll") or 0

    @property
    def delay_ms(self) -> int:
        """Polls slow down from 0.8 s to 4 s while a position waits for its check."""
        return min(4000, int(800 * 1.5 ** self.cleaned_data["poll"]))


HINT_SALT = "games.hint"


def hint_token(slug: str, version: int) -> str:
    """Proof that a hint was asked for (and counted) by a POST on the game at `version` (its
    position then: every action makes a new version). Lower case hex, like a game's slug,
    so that it never reads like a card code (`QH`) in a page."""
    return salted_hmac(HINT_SALT, f"{slug}:{version}", algorithm="sha256").hexdigest()


def hint_poll_url(game) -> str:
    """Where the page polls for a hint asked at the game's current version."""
    query = {"ply": game.ply, "v": game.version, "asked": hint_token(game.slug, game.version)}
    return reverse("game_hint", args=[game.slug]) + "?" + urlencode(query)


class HintPollForm(PollForm):
    """The poll of a hint being looked for: the banner's poll, plus the game's version the
    hint was asked at and proof it was asked for by a POST (which counted it), so no GET
    shows an uncounted hint, nor the hint of a position reached since (an undo and another
    move on the same ply)."""

    v = forms.IntegerField(min_value=0)
    asked = forms.CharField(max_length=100)

    def __init__(self, data: QueryDict, game) -> None:
        super().__init__(data)
        self.game = game

    def clean(self) -> dict:
        data = super().clean()
        version, asked = data.get("v"), data.get("asked") or ""
        if version != self.game.version or not constant_time_compare(
            asked, hint_token(self.game.slug, version)
        ):
            raise forms.ValidationError("No hint was asked for here")
        return data


class NewGameForm(forms.Form):
    """A new game's `?wait=1`: the player chose to wait for a proven-winnable deal."""

    wait = forms.BooleanField(required=False)


class DifficultyForm(forms.Form):
    """A new game's `?grade=`: any proven deal (empty, the default), or one of a grade. Unlike
    a mode, a grade that is not one is refused, with a message: a deal of another difficulty
    than the one asked for would be a wrong answer, not a default."""

    grade = forms.ChoiceField(
        label="Difficulty",
        choices=[("", "Any"), *Grade.choices],
        required=False,
        error_messages={"invalid_choice": "There is no difficulty called %(value)s: "
                        "choose Any, Easy, Medium, Hard or Expert."},
    )  # fmt: skip

    def clean_grade(self) -> str | None:
        return self.cleaned_data["grade"] or None

    @property
    def query(self) -> str:
        """What a new game's address adds for this grade ("&grade=hard"), or nothing."""
        grade = self.cleaned_data.get("grade") if self.is_valid() else None
        return f"grade={grade}" if grade else ""


class SelectForm(forms.Form):
    """The no-JavaScript page's `?select=`: the card picked up, if it is a card that may be
    picked up in `position`."""

    select = forms.CharField(max_length=2, required=False)

    def __init__(self, data: QueryDict, position: Position) -> None:
        super().__init__(data)
        self.position = position

    def clean_select(self) -> Card | None:
        code = self.cleaned_data["select"]
        if not code:
            return None
        try:
            card = Card.parse(code)
        except CardError as error:
            raise forms.ValidationError(str(error)) from None
        if card not in {each for each, _ in movable_cards(self.position)}:
            raise forms.ValidationError(f"{card.label} cannot be picked up here")
        return card


# The table's looks a player chooses in its menu: the first of each is the default.
BACKS = [("blue", "Blue"), ("red", "Red"), ("night", "Night")]
FELTS = [("green", "Green"), ("blue", "Blue"), ("wine", "Wine")]


class PreferencesForm(forms.Form):
    """The player's preferences: Winnable deals on (the checkbox sends "on") or off (it sends
    nothing), and the page to go back to, which must be a path on this site (anything else
    goes back to the lobby). The table's menu sends its looks too: card back, felt and
    sounds ("off" from a hidden field, "on" from the checkbox after it); a look not sent
    stays as it was (the lobby's form sends none)."""

    winnable = forms.ChoiceField(choices=[("on", "on")], required=False)
    next = forms.CharField(required=False, strip=False)
    back = forms.ChoiceField(choices=BACKS, required=False)
    felt = forms.ChoiceField(choices=FELTS, required=False)
    sound = forms.ChoiceField(choices=[("on", "on"), ("off", "off")], required=False)

    def clean_winnable(self) -> bool:
        return self.cleaned_data["winnable"] == "on"

    def clean_next(self) -> str:
        back = self.cleaned_data["next"] or "/"
        safe = url_has_allowed_host_and_scheme(back, allowed_hosts=None) and back.startswith("/")
        return back if safe else "/"


class ReplayForm(forms.Form):
    """The replay's `?step=`: a whole number, or nothing for the final position. The view
    clamps it to the game's steps, so any integer names a position."""

    step = forms.IntegerField(required=False)
