"""Depth-first search with a transposition table, shared by both games.

A game object offers: is_dead() (a cheap proof that the position is lost), moves() (legal
moves worth trying, best first), do(move) -> record, undo(record), autos() -> records of
the safe foundation moves it then plays, finish() -> records of a forced finish when the
position is trivially won (else None), won(), key() (a canonical form: equal keys must mean
equally winnable positions) and texts(record) (the move in DESIGN.md §3 notation, possibly
several moves for one record).

Why a loss is a proof: the table `seen` holds every position entered, each is expanded
once with every move the game offers, and the game only leaves out moves that provably
cannot be needed (each game module argues this next to the rule). So when the stack runs
empty, every position reachable from the root (up to those equivalences) was entered and
none was won. A game may also count as seen positions that one being entered dominates
(game.dominated: every line from them is a line from it, as short): if a win were
reachable, take an entered position closest to one; its next step on a shortest winning
line leads to a position entered (closer: impossible), or skipped for a dominating one
that was entered (as close or closer: impossible). So no win is reachable.
"""

from __future__ import annotations

from .budget import Budget


def search(game, budget: Budget) -> list[str] | None:
    """The moves of a win, or None once everything reachable is seen (a loss).

    Raises OutOfBudget (from budget.spend) when the budget runs out.
    """
    key = game.key
    path: list[tuple[object, list]] = []  # (record, auto records) per level below the root
    root_autos = game.autos()
    finished = _finished(game)
    if finished is not None:
        return _texts(game, [(None, root_autos + finished)])
    seen = {key()}
    budget.spend()
    stack = [iter(() if game.is_dead() else game.moves())]
    spend = budget.spend
    do, undo, autos, moves = game.do, game.undo, game.autos, game.moves
    dead = game.is_dead
    dominated = getattr(game, "dominated", None)
    while stack:
        move = next(stack[-1], None)
        if move is None:
            stack.pop()
            if path:
                record, auto_records = path.pop()
                for auto in reversed(auto_records):
                    undo(auto)
                undo(record)
            continue
        record = do(move)
        auto_records = autos()
        finished = _finished(game)
        if finished is not None:
            path.append((record, auto_records + finished))
            return _texts(game, [(None, root_autos)] + path)
        k = key()
        if k in seen:
            for auto in reversed(auto_records):
                undo(auto)
            undo(record)
            continue
        seen.add(k)
        if dominated is not None:
            seen.update(dominated(k))
        spend()
        path.append((record, auto_records))
        stack.append(iter(() if dead() else moves()))
    return None


def _finished(game) -> list | None:
    if game.won():
        return []
    return game.finish()


def _texts(game, path) -> list[str]:
    out: list[str] = []
    for record, auto_records in path:
        if record is not None:
            out.extend(game.texts(record))
        for auto in auto_records:
            out.extend(game.texts(auto))
    return out
