"""Best-first search with a closed set, shared by both games.

The game object offers what dfs.py describes, plus snapshot() / restore(snapshot) and
estimate() (smaller means closer to a win; it only orders the search).

Why a loss is a proof: the same as for dfs.py. Every position entered goes into `seen`
and onto the frontier, every position taken off the frontier is expanded with every move
the game offers, so when the frontier runs empty every reachable position (up to the
game's equivalences) was entered, and none was won. The order only decides how soon a win
is found.
"""

from __future__ import annotations

import heapq

from .budget import Budget


def search(game, budget: Budget, key=None) -> list[str] | None:
    """The moves of a win, or None once everything reachable is seen (a loss).

    `key` replaces game.key: a coarser key searches less and still finds only real wins
    (the moves are played for real), but then None proves nothing.
    Raises OutOfBudget (from budget.spend) when the budget runs out.
    """
    root_autos = game.autos()
    finished = _finished(game)
    if finished is not None:
        return _texts(game, _Node(None, None, root_autos + finished))
    root = _Node(None, None, root_autos)
    seen = {(key or game.key)()}
    budget.spend()
    frontier = [(game.estimate(), 0, game.snapshot(), root)]
    count = 0
    spend = budget.spend
    key = key or game.key
    do, undo, autos, moves = game.do, game.undo, game.autos, game.moves
    dead, estimate, snapshot, restore = game.is_dead, game.estimate, game.snapshot, game.restore
    push, pop = heapq.heappush, heapq.heappop
    while frontier:
        _, _, state, node = pop(frontier)
        restore(state)
        if dead():
            continue
        for move in moves():
            record = do(move)
            auto_records = autos()
            finished = _finished(game)
            if finished is not None:
                return _texts(game, _Node(node, record, auto_records + finished))
            k = key()
            if k not in seen:
                seen.add(k)
                spend()
                count -= 1
                push(frontier, (estimate(), count, snapshot(), _Node(node, record, auto_records)))
            for auto in reversed(auto_records):
                undo(auto)
            undo(record)
    return None


class _Node:
    __slots__ = ("parent", "record", "autos")

    def __init__(self, parent, record, autos) -> None:
        self.parent = parent
        self.record = record
        self.autos = autos


def _finished(game) -> list | None:
    if game.won():
        return []
    return game.finish()


def _texts(game, node: _Node) -> list[str]:
    chain = []
    while node is not None:
        chain.append(node)
        node = node.parent
    out: list[str] = []
    for n in reversed(chain):
        if n.record is not None:
            out.extend(game.texts(n.record))
        for auto in n.autos:
            out.extend(game.texts(auto))
    return out
