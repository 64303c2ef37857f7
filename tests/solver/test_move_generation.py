"""The search generates every legal move the rules engine knows (up to the symmetries it
argues): from positions reached by random play, each engine move's result is a result of
one of the search's moves, with the search's prunings switched off."""

from __future__ import annotations

import random

import pytest

from games.engine import rules
from games.engine.moves import DRAW, REDEAL
from solver.search import python_game
from solver.search.klondike import KlondikeGame
from solver.search.reader import read

from .reference import reference


def unpruned(position):
    game = python_game(read(position))
    game.toggles = False
    game.lift_bases = False
    game.prune_returns = False
    if isinstance(game, KlondikeGame):
        game.delay_plays = False
    return game


def successor_keys(game) -> set[bytes]:
    keys = {game.key()}  # a whole column moved to another empty one: the same position
    for move in game.moves():
        record = game.do(move)
        keys.add(game.key())
        game.undo(record)
    return keys


def walk(position, steps: int, rng: random.Random):
    """Positions met on a random walk of legal moves (stock moves included)."""
    for _ in range(steps):
        moves = rules.legal_moves(position)
        if not moves:
            return
        position = rules.apply(position, rng.choice(moves))
        yield position


@pytest.mark.parametrize(
    ("name", "deal_id"),
    [("yukon", "yukon-1001"), ("yukon", "yukon-1002"), ("klondike", "klondike-d1-201"),
     ("klondike", "klondike-d3-202"), ("klondike", "klondike-d1-205")],
)  # fmt: skip
def test_every_engine_move_is_among_the_search_moves(name, deal_id):
    from games.engine.positions import Position

    rng = random.Random(deal_id)
    start = Position.from_json(reference(name)[deal_id]["position"])
    for position in walk(start, 120, rng):
        game = unpruned(position)
        if game.won():
            continue
        ours = successor_keys(game)
        for move in rules.legal_moves(position):
            if move.target in (DRAW, REDEAL):
                continue  # the search turns the stock inside its talon moves
            after = unpruned(rules.apply(position, move))
            assert after.key() in ours, f"{move} from {position.to_text()}"
