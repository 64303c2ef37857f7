"""POST /game/<id>/: the guards of DESIGN §5 in order (yours → not finished → ply current →
legal → apply), forged input, the wrong method and CSRF."""

from __future__ import annotations

import pytest
from django.test import Client

from games.models import Game

from .deals import WORKED_EXAMPLE, easy_yukon, worked_example
from .html import cards, moves, one, parse, refusal, text_of
from .personas import Persona

pytestmark = pytest.mark.django_db


@pytest.fixture
def example(alice) -> Game:
    """Alice's game on the Yukon seed's worked example."""
    worked_example()
    return alice.start("yukon", WORKED_EXAMPLE)


def unchanged(game: Game) -> bool:
    fresh = Game.objects.get(pk=game.pk)
    return (fresh.ply, fresh.actions, fresh.redo, fresh.undos, fresh.result) == (
        game.ply, game.actions, game.redo, game.undos, game.result,
    )  # fmt: skip


def test_it_moves_the_five_cards_onto_the_red_ten_and_flips_the_hidden_card(alice, example):
    response = alice.move(example, "9S-t5")
    assert response.status_code == 200
    page = parse(response)
    assert moves(page) == 1
    assert refusal(page) is None
    example.refresh_from_db()
    assert (example.ply, example.actions) == (1, ["9S-t5"])
    # column three's hidden ♠8 turned over inside the same move
    assert cards(page, "[data-pile=t3]") == ["8S"]
    assert one(page, "[data-pile=t3]")["aria-label"] == "Column 3, 1 face-down"


def test_it_refuses_the_black_ten_with_the_seeds_words(alice, example):
    response = alice.move(example, "9S-t6")
    assert response.status_code == 200
    assert refusal(parse(response)) == "♠9 goes on a red 10"
    assert unchanged(example)


def test_it_takes_the_card_and_target_as_two_fields(alice, example):
    response = alice.act(example, card="9S", to="t5")
    assert response.status_code == 200
    assert Game.objects.get(pk=example.pk).actions == ["9S-t5"]


def test_it_refuses_anything_but_a_king_on_an_empty_column(alice):
    deal, line = easy_yukon()
    game = alice.game_at(deal, line[:11])  # column seven has sent its last card home
    response = alice.move(game, "3C-t7")
    assert refusal(parse(response)) == "Only a king can go to an empty column"
    assert unchanged(game)


def test_it_refuses_to_move_a_face_down_card_without_naming_it(alice, example):
    response = alice.move(example, "AS-t1")  # ♠A lies face down in column two
    page = parse(response)
    assert refusal(page) == "That card is face down"
    assert "AS" not in cards(page)
    assert "♠A" not in response.content.decode()  # nowhere in the page, markup or text
    assert unchanged(example)


def test_it_says_yukon_has_no_stock(alice, example):
    response = alice.move(example, "d")
    assert refusal(parse(response)) == "Yukon has no stock: every card is already on the table"
    assert unchanged(example)


def test_it_does_not_let_bob_touch_alices_game(alice, bob, example):
    response = bob.move(example, "9S-t5", ply=0)
    assert response.status_code == 404
    assert unchanged(example)
    assert not Game.objects.filter(player="bob").exists()


def test_it_gives_bob_404_for_alices_finished_game_too(alice, bob, example):
    alice.act(example, action="resign")
    example.refresh_from_db()
    assert bob.move(example, "9S-t5", ply=0).status_code == 404
    assert bob.move(example, "9S-t5", ply=5).status_code == 404


def test_a_jump_to_a_step_that_is_not_behind_is_refused(alice, example):
    alice.move(example, "9S-t5")
    example.refresh_from_db()
    page = parse(alice.act(example, action="jump", step=1))
    assert refusal(page) == "There is no such earlier position"
    assert unchanged(example)


def test_it_gives_404_for_a_game_that_does_not_exist(alice):
    assert alice.client.post("/game/no-such-game/", {"ply": 0, "move": "9S-t5"}).status_code == 404


def test_it_hides_that_someone_elses_game_exists_even_from_a_forged_post(alice, bob, example):
    response = bob.act(example, ply=0, action="explode")
    assert response.status_code == 404  # ownership is checked before anything is read


def test_it_refuses_any_action_on_a_finished_game(alice, example):
    alice.act(example, action="resign")
    example.refresh_from_db()
    assert example.result == "resigned"
    for fields in ({"move": "9S-t5"}, {"action": "undo"}, {"action": "restart"}):
        response = alice.act(example, **fields)
        assert response.status_code == 200
        assert refusal(parse(response)) == "This game is over"
        assert unchanged(example)


def test_a_finished_game_is_refused_before_the_ply_is_looked_at(alice, example):
    alice.act(example, action="resign")
    example.refresh_from_db()
    response = alice.act(example, ply=7, move="9S-t5")
    assert refusal(parse(response)) == "This game is over"


def test_it_resends_the_current_board_for_a_stale_ply(alice, example):
    alice.move(example, "9S-t5")
    example.refresh_from_db()
    response = alice.move(example, "TC-t3", ply=0)  # drawn before the first move
    assert response.status_code == 200
    page = parse(response)
    assert text_of(page, "[data-testid=note]").startswith(
        "The table had changed since that page was drawn"
    )
    assert one(page, "#board")["data-ply"] == "1" and moves(page) == 1
    assert refusal(page) is None
    assert unchanged(example)


def test_a_ply_from_the_future_is_stale_too(alice, example):
    response = alice.move(example, "9S-t5", ply=5)
    assert text_of(parse(response), "[data-testid=note]").startswith("The table had changed")
    assert unchanged(example)


@pytest.mark.parametrize(
    "fields",
    [
        {"ply": "-1", "move": "9S-t5"},
        {"ply": "abc", "move": "9S-t5"},
        {"ply": "", "move": "9S-t5"},
        {"move": "9S-t5"},  # no ply at all
        {"ply": "0", "action": "explode"},
        {"ply": "0", "move": "<script>"},
        {"ply": "0", "move": "9S-t5" * 10},
        {"ply": "0", "card": "ZZ", "to": "t5"},
        {"ply": "0", "card": "9S", "to": "t9"},
        {"ply": "0", "card": "9S", "to": "t5x"},
        {"ply": "0", "to": "t9"},
        {"ply": "0", "card": "9S"},
        {"ply": "0"},
        {"ply": "0", "move": "9S-t5", "action": "undo\x00"},
        {"ply": "1e3", "move": "9S-t5"},
        {"ply": "0", "action": "jump"},
        {"ply": "0", "action": "jump", "step": "-1"},
        {"ply": "0", "action": "jump", "step": "x"},
    ],
)
def test_it_refuses_a_forged_field_with_400_and_changes_nothing(alice, example, fields):
    response = alice.client.post(f"/game/{example.slug}/", fields)
    assert response.status_code == 400
    assert response.content.startswith(b"That request was not understood: ")
    assert len(response.content) > len(b"That request was not understood: ")
    assert unchanged(example)


def test_it_sends_the_refusal_of_a_forged_move_as_plain_text_not_markup(alice, example):
    response = alice.act(example, move="<script>")
    assert response.status_code == 400
    assert response["Content-Type"] == "text/plain; charset=utf-8"


def test_get_on_the_action_address_shows_the_game_to_its_player_only(alice, bob, example):
    assert alice.client.get(f"/game/{example.slug}/").status_code == 200
    assert bob.client.get(f"/game/{example.slug}/").status_code == 404


def test_it_refuses_other_methods_on_the_action_address(alice, example):
    assert alice.client.put(f"/game/{example.slug}/").status_code == 405


def test_it_refuses_a_post_without_the_csrf_token(example):
    careful = Persona("alice", enforce_csrf_checks=True)
    response = careful.move(example, "9S-t5", ply=0)
    assert response.status_code == 403
    assert unchanged(example)


def test_it_takes_the_csrf_token_from_the_page_as_htmx_sends_it(example):
    careful = Persona("alice", enforce_csrf_checks=True)
    careful.open("yukon", WORKED_EXAMPLE)
    token = careful.client.cookies["csrftoken"].value
    response = careful.client.post(
        f"/game/{example.slug}/",
        {"ply": 0, "move": "9S-t5"},
        headers={"HX-Request": "true", "X-CSRFToken": token},
    )
    assert response.status_code == 200
    assert Game.objects.get(pk=example.pk).actions == ["9S-t5"]


def test_it_refuses_a_csrf_token_from_another_browser(example):
    careful = Persona("alice", enforce_csrf_checks=True)
    careful.open("yukon", WORKED_EXAMPLE)
    stranger = Client()
    stranger.get("/")
    response = careful.client.post(
        f"/game/{example.slug}/",
        {"ply": 0, "move": "9S-t5", "csrfmiddlewaretoken": stranger.cookies["csrftoken"].value},
    )
    assert response.status_code == 403
    assert unchanged(example)
