"""The inputs of the ratings' pages: which pool, and Easier or Harder."""

from django import forms

from games.engine.modes import DRAWS


class PlayRatedForm(forms.Form):
    draw = forms.TypedChoiceField(
        choices=[(d, str(d)) for d in DRAWS], coerce=int, required=False, empty_value=None
    )
    level = forms.ChoiceField(
        choices=[("", "At my level"), ("easier", "Easier"), ("harder", "Harder")], required=False
    )


class BoardForm(forms.Form):
    draw = forms.TypedChoiceField(
        choices=[(d, str(d)) for d in DRAWS], coerce=int, required=False, empty_value=None
    )
