"""The forms the lobby and the game page read their queries and preferences through."""

from __future__ import annotations

import pytest
from django.http import QueryDict

from games.engine.deal import deal
from games.engine.modes import Mode
from games.forms import mode_in
from play.forms import PreferencesForm, SelectForm

pytestmark = pytest.mark.django_db

# Yukon deal 9 under the test key: the top card of column 1 may be picked up, the face-down
# card under column 2's face-up cards may not.
YUKON_9 = deal("yukon", 9, b"test-key")


def select(code: str) -> SelectForm:
    return SelectForm(QueryDict(f"select={code}"), YUKON_9)


def test_select_reads_a_card_that_may_be_picked_up():
    card = YUKON_9.tableau[0].up[-1]
    form = select(card.code)
    assert form.is_valid() and form.cleaned_data["select"] == card


def test_select_refuses_what_is_not_a_card_with_a_message():
    form = select("ZZ")
    assert not form.is_valid() and form.errors["select"][0]


def test_select_refuses_a_face_down_card():
    hidden = YUKON_9.tableau[1].down[0]
    form = select(hidden.code)
    assert not form.is_valid()
    assert "cannot be picked up" in form.errors["select"][0]


def test_no_select_is_nothing_picked_up():
    form = SelectForm(QueryDict(""), YUKON_9)
    assert form.is_valid() and form.cleaned_data["select"] is None


@pytest.mark.parametrize(
    ("query", "mode"),
    [
        ("draw=3&scoring=vegas", Mode("klondike", 3, "vegas")),
        ("draw=3&scoring=bogus", Mode("klondike", 3, "standard")),
        ("draw=2&scoring=none", Mode("klondike", 1, "none")),
        ("", Mode("klondike", 1, "standard")),
    ],
)
def test_klondike_mode_falls_back_field_by_field(query, mode):
    assert mode_in("klondike", QueryDict(query)) == mode


def test_yukon_has_one_mode_whatever_the_query_says():
    assert mode_in("yukon", QueryDict("draw=3&scoring=vegas")) == Mode.yukon()


def test_preferences_take_the_checkbox_and_a_path_on_this_site():
    form = PreferencesForm(QueryDict("winnable=on&next=/klondike/7/"))
    assert form.is_valid()
    assert form.cleaned_data == {
        "winnable": True, "next": "/klondike/7/", "back": "", "felt": "", "sound": "",
    }  # fmt: skip


def test_the_tables_looks_take_their_choices_and_the_sound_checkbox_wins_over_its_hidden_off():
    form = PreferencesForm(QueryDict("back=night&felt=wine&sound=off&sound=on"))
    assert form.is_valid()
    assert (form.cleaned_data["back"], form.cleaned_data["felt"]) == ("night", "wine")
    assert form.cleaned_data["sound"] == "on"
    assert not PreferencesForm(QueryDict("back=plaid")).is_valid()


def test_preferences_send_an_offsite_next_back_to_the_lobby():
    form = PreferencesForm(QueryDict("next=//evil.example/"))
    assert form.is_valid() and form.cleaned_data["next"] == "/"
    assert form.cleaned_data["winnable"] is False


def test_a_forged_winnable_value_is_refused_and_changes_nothing(alice):
    alice.client.cookies["deals"] = "random"
    response = alice.client.post("/preferences/", {"winnable": "yes", "next": "/"})
    assert response.status_code == 400
    assert response["Content-Type"].startswith("text/plain")
    assert "not understood" in response.content.decode()
    assert "deals" not in response.cookies  # the player's choice stands
    assert alice.client.cookies["deals"].value == "random"
