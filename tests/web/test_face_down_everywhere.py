"""The face-down rule everywhere (DESIGN §5): every action of both games (move, a move that
turns a card up, draw, redeal, undo, redo, jump, restart, hint, finish, resign) is walked
through the real pages, and after each one neither the answer (the board partial, with its
live-region sentence and every attribute) nor the game's page names a card that is face down
in the position it shows. An undo that turns a card face down again is the case that broke it:
"a card turned up: jack of diamonds" was said of a card hidden once more."""

from __future__ import annotations

import random

import pytest

from games import deals
from games.engine import rules
from games.engine.positions import Position
from games.models import Game
from games.steps import current

from .deals import EASY_KLONDIKE, EASY_YUKON, easy_klondike, easy_yukon
from .personas import Persona
from .test_secrecy import assert_nothing_hidden_shows

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def face_down(position: Position) -> int:
    return sum(len(column.down) for column in position.tableau)


def checked(persona: Persona, game: Game, response) -> Game:
    """Fails if the answer or the game's page names a card face down where the game stands."""
    assert response.status_code == 200, response.content[:300]
    game = Game.objects.select_related("deal").get(pk=game.pk)
    position = current(game).position
    assert_nothing_hidden_shows(response.content.decode(), position)
    page = persona.client.get(f"/game/{game.slug}/")
    assert_nothing_hidden_shows(page.content.decode(), position)
    return game


def act(persona: Persona, game: Game, **fields) -> Game:
    response = persona.client.post(f"/game/{game.slug}/", {"ply": game.ply, **fields}, headers=HTMX)
    return checked(persona, game, response)


def start(persona: Persona, variant: str, number: int, query: str, move: str) -> Game:
    """The game a first move POSTed to the deal's address starts, checked like the rest."""
    response = persona.client.post(
        f"/{variant}/{number}/{query}", {"ply": 0, "move": move}, headers=HTMX
    )
    game = Game.objects.select_related("deal").get(player=persona.player, deal__number=number)
    return checked(persona, game, response)


def pick(position: Position, chance: random.Random) -> tuple[str, str]:
    """A move to make and what kind it is: one that turns a card up when there is one,
    else a draw or redeal now and then in Klondike, else any legal move."""
    moves = [move for move in rules.legal_moves(position) if not rules.apply(position, move).is_won]
    flips = [m for m in moves if face_down(rules.apply(position, m)) < face_down(position)]
    stock = [m for m in moves if m.card is None]
    if flips:
        return str(chance.choice(flips)), "flip"
    if stock and chance.random() < 0.6:
        move = chance.choice(stock)
        return str(move), "draw" if str(move) == "d" else "redeal"
    return str(chance.choice(moves)), "move"


@pytest.mark.parametrize(
    ("variant", "number", "query"),
    [("yukon", 9, ""), ("klondike", 24, "?draw=3&scoring=standard"), ("klondike", 6, "")],
)
def test_no_action_names_a_face_down_card(alice, variant, number, query):
    draw = 3 if "draw=3" in query else 1
    position = deals.deal_position(
        deals.deal_for(variant, number), draw if variant != "yukon" else None
    )
    chance = random.Random(number)
    move, kind = pick(position, chance)
    game = start(alice, variant, number, query, move)
    done = {kind}
    for turn in range(24):
        position = current(game).position
        if not rules.legal_moves(position):
            break
        move, kind = pick(position, chance)
        game = act(alice, game, move=move)
        done.add(kind)
        if turn % 2 == 0:  # take it back, hiding what it turned up, and make it again
            game = act(alice, game, action="undo")
            game = act(alice, game, action="redo")
            game = act(alice, game, action="undo")
            done |= {"undo", "redo", f"undo of a {kind}"}
            game = act(alice, game, move=move)
    game = act(alice, game, action="hint")
    game = act(alice, game, action="jump", step=len(game.actions) // 2)
    game = act(alice, game, action="undo")  # the jump undone: the later position again
    game = act(alice, game, action="restart")
    game = act(alice, game, action="undo")
    game = act(alice, game, action="resign")
    assert game.result == "resigned"
    expected = {"flip", "undo of a flip", "move", "undo", "redo"}
    if variant == "klondike":
        expected |= {"draw", "undo of a draw"}
    assert expected <= done, f"the walk missed {expected - done}"


@pytest.mark.parametrize("variant", ["yukon", "klondike"])
def test_finishing_and_the_won_page_name_nothing_hidden(alice, variant):
    deal, line = easy_yukon() if variant == "yukon" else easy_klondike()
    number, query = (EASY_YUKON, "") if variant == "yukon" else (EASY_KLONDIKE, "?draw=1")
    game = start(alice, variant, number, query, line[0])
    ahead = line if variant == "yukon" else line[:-1]  # Klondike: the last card on the waste
    Game.objects.filter(pk=game.pk).update(actions=ahead, ply=len(ahead), state=None)
    game = act(alice, Game.objects.get(pk=game.pk), action="undo")  # a card back from home
    game = act(alice, game, action="redo")
    game = act(alice, game, action="finish")
    assert game.result == "won"
