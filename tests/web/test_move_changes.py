"""A move's answer of changes (DESIGN §6, "answer with what changed"): the table's script asks
for it (`X-Board: changes`), and a move, undo or redo that leaves the game going is answered
with the parts of the board it changed, each to be swapped in by its id (htmx out of band):
exactly the piles whose markup differs from the board before (a card's targets count), and
the parts that change with every action (a jump back and a restart too). Anything else is
the whole board, as before."""

from __future__ import annotations

import copy
import random

import pytest
from bs4 import Tag

from games.engine.rules.core import legal_moves
from games.models import Game
from games.steps import current

from .deals import WORKED_EXAMPLE, worked_example
from .html import moves, one, parse, refusal, text_of

pytestmark = pytest.mark.django_db

CHANGES = {"HX-Request": "true", "X-Board": "changes"}
# What every answer of changes carries besides the piles.
ALWAYS = {"board-ply", "tool-undo", "tool-redo", "tool-hint", "tool-restart", "board-tally",
          "board-messages", "verdict"}  # fmt: skip


def whole_board(persona, game: Game) -> Tag:
    """The board as the server draws it whole for the game now (the GET an htmx page makes)."""
    return one(parse(persona.client.get(f"/game/{game.slug}/", headers={"HX-Request": "true"})),
               "#board")  # fmt: skip


def unclocked(tally: Tag) -> str:
    """A tally's markup but its clock, which reads the time of the request."""
    tally = copy.copy(tally)
    one(tally, "[data-testid=clock]").decompose()
    return str(tally)


def piles_of(board: Tag) -> dict[str, str]:
    return {pile["data-pile"]: str(pile) for pile in board.select("[data-pile]")}


def post(persona, game: Game, **fields):
    ply = Game.objects.get(pk=game.pk).ply
    return persona.client.post(f"/game/{game.slug}/", {"ply": ply, **fields}, headers=CHANGES)


def parts_of(response) -> dict[str, Tag]:
    """The answer's parts by id, each marked to be swapped in out of band, and nothing else."""
    page = parse(response)
    top = [element for element in page.children if isinstance(element, Tag)]
    assert all(element.get("hx-swap-oob") == "true" for element in top), "a part not out of band"
    parts = {element["id"]: element for element in top}
    assert len(parts) == len(top), "two parts with one id"
    for element in top:
        del element["hx-swap-oob"]
    return parts


def next_action(game: Game, rng: random.Random) -> dict:
    """A random legal move, now and then an undo or a redo."""
    game = Game.objects.get(pk=game.pk)
    roll = rng.random()
    if game.actions and roll < 0.15:
        return {"action": "undo"}
    if game.redo and roll < 0.3:
        return {"action": "redo"}
    return {"action": "move", "move": str(rng.choice(legal_moves(current(game).position)))}


@pytest.mark.parametrize("variant, number", [("yukon", 9), ("klondike", 9)])
def test_each_answer_carries_exactly_the_piles_whose_markup_changed(alice, variant, number):
    game = alice.start(variant, number)
    rng = random.Random(number)
    board = whole_board(alice, game)
    checked = 0
    for _ in range(30):
        action = next_action(game, rng)
        response = post(alice, game, **action)
        assert response.status_code == 200
        after = whole_board(alice, game)
        if Game.objects.get(pk=game.pk).result:
            break  # a won game's answer is the whole board, its result card on it
        assert response["HX-Reswap"] == "none", action
        parts = parts_of(response)
        was, now = piles_of(board), piles_of(after)
        changed = {f"pile-{name}" for name in now if now[name] != was[name]}
        assert set(parts) == ALWAYS | changed, action
        assert changed, f"{action} changed no pile"
        for name in changed:  # the same markup as the whole board's, to the byte
            assert str(parts[name]) == now[name.removeprefix("pile-")]
        assert parts["board-ply"]["value"] == after.select_one("[name=ply]")["value"]
        assert unclocked(parts["board-tally"]) == unclocked(one(after, "#board-tally")), action
        for tool in ("undo", "redo", "hint", "restart"):
            assert parts[f"tool-{tool}"].has_attr("disabled") == one(
                after, f"button[value={tool}]"
            ).has_attr("disabled")
        assert parts["board-messages"]["data-say"], "the words said for the action"
        board = after
        checked += 1
    assert checked >= 20


def test_an_answer_of_changes_is_a_fraction_of_the_board(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = post(alice, game, action="move", move="9S-t5")
    whole = alice.client.get(f"/game/{game.slug}/", headers={"HX-Request": "true"})
    assert response["HX-Reswap"] == "none"
    assert {"pile-t3", "pile-t5"} <= set(parts_of(response))
    assert len(response.content) < len(whole.content) * 0.6
    assert "X-Board" in response["Vary"]


def test_a_refusal_is_the_whole_board_with_it(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    response = post(alice, game, action="move", move="9S-t6")
    assert "HX-Reswap" not in response
    assert refusal(parse(response)) == "♠9 goes on a red 10"
    assert one(parse(response), "#board")


def test_a_stale_move_is_the_whole_board_with_its_note(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    post(alice, game, action="move", move="9S-t5")
    response = alice.client.post(f"/game/{game.slug}/", {"ply": 0, "action": "undo"},
                                 headers=CHANGES)  # fmt: skip
    assert "HX-Reswap" not in response
    assert "had changed" in text_of(parse(response), "#board [data-testid=note]")


def test_the_first_action_at_the_deals_address_is_the_whole_board(alice):
    """It starts the game: every form of the board posts to the game's own address now."""
    worked_example()
    response = alice.client.post(f"/yukon/{WORKED_EXAMPLE}/", {"ply": 0, "move": "9S-t5"},
                                 headers=CHANGES)  # fmt: skip
    game = Game.objects.get(player=alice.player)
    assert "HX-Reswap" not in response
    assert one(parse(response), "#board")["data-action"] == f"/game/{game.slug}/"


def test_a_hint_is_the_whole_board_and_the_move_after_it_comes_as_changes(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    hint = post(alice, game, action="hint")
    assert "HX-Reswap" not in hint and one(parse(hint), "#board")
    assert post(alice, game, action="move", move="9S-t5")["HX-Reswap"] == "none"


def test_restart_and_a_jump_back_come_as_changes(alice):
    worked_example()
    game = alice.start("yukon", WORKED_EXAMPLE)
    post(alice, game, action="move", move="9S-t5")
    restart = post(alice, game, action="restart")
    assert restart["HX-Reswap"] == "none"
    assert moves(parts_of(restart)["board-tally"]) == 0
    assert "disabled" in parts_of(restart)["tool-restart"].attrs
    post(alice, game, action="move", move="9S-t5")
    jump = post(alice, game, action="jump", step=0)
    assert jump["HX-Reswap"] == "none" and moves(parts_of(jump)["board-tally"]) == 0
    assert {"pile-t3", "pile-t5"} <= set(parts_of(jump))
