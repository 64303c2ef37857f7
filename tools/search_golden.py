"""The Python search's answers, stored as the compiled core's oracle (tests/data/search/).

_native.c ports the Python search (solver/search/*.py) move for move, so on a node budget
both must reach the same verdict in the same number of nodes along the same line. Searching
with the Python engine takes minutes of CPU; its answers for a fixed set of positions are
stored once, and tests/solver/test_native.py compares the compiled core against them.

    .venv/bin/python tools/search_golden.py           # search again and rewrite the file
    .venv/bin/python tools/search_golden.py --check   # exit 1 when the file is out of date

Run it after any change to the Python search (a test says so: the file records a digest of
solver/search/*.py). The positions: every reference deal (tests/data/reference/) on
DEAL_NODES, and MIDGAME positions reached by random legal play from 100 of them on
MIDGAME_NODES. Each answer also holds the most moves any one position offered during its
search (_native.c's MOVES_BOUND must hold them). A midgame position is stored as its text
(Position.to_text). And for tests/solver/test_never_home.py, the lines the search finds
without the never-home proof for the first reference deals of each mode ("plain"), and the
positions random play from fixed deals reaches where never_home first calls the game lost, each
with what that search answers there ("never_home": it must never be a win).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from games.engine import rules  # noqa: E402
from games.engine.positions import Position  # noqa: E402
from solver.search import Verdict, python_game  # noqa: E402
from solver.search.budget import Budget, OutOfBudget  # noqa: E402
from solver.search.dfs import search  # noqa: E402
from solver.search.reader import read  # noqa: E402

REFERENCE = ROOT / "tests" / "data" / "reference"
GOLDEN = ROOT / "tests" / "data" / "search" / "python.jsonl"
DEAL_NODES = 1500
MIDGAME_NODES = 2000
MIDGAME = 200
# tests/solver/test_never_home.py: lines found without the never-home proof (the face-down
# proof only), for the first PLAIN_DEALS reference deals of each mode, on PLAIN_NODES.
PLAIN_DEALS = 80
PLAIN_NODES = 2000
MODES = [("yukon", None), ("klondike", 1), ("klondike", 3)]
# tests/solver/test_never_home.py: random play (seeded) from deals 1..NEVER_HOME_DEALS-1 of
# each mode, dealt with NEVER_HOME_KEY, up to NEVER_HOME_MOVES moves, stops at the first
# position never_home calls lost; the search without never_home runs there on NEVER_HOME_NODES.
NEVER_HOME_KEY = b"never-home-test-deal-key-32-bytes"
NEVER_HOME_DEALS = 120
NEVER_HOME_MOVES = 150
NEVER_HOME_NODES = 3000


def sources_digest() -> str:
    """The Python search's source: the answers hold while it is unchanged (native.py, the
    compiled core's wrapper, is not part of it)."""
    digest = hashlib.sha256()
    for path in sorted((ROOT / "solver" / "search").glob("*.py")):
        if path.name != "native.py":
            digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def reference(name: str) -> list[dict]:
    with open(REFERENCE / f"{name}.jsonl", encoding="utf-8") as lines:
        return [json.loads(line) for line in lines]


def midgame_positions() -> list[tuple[str, Position]]:
    """Positions reached by random legal play (stock moves included) from the reference
    deals, Klondike also with a pass limit."""
    rng = random.Random(20261130)
    rows = reference("yukon")[:40] + reference("klondike")[::7]
    out = []
    for row in rows:
        data = dict(row["position"])
        if data["variant"] == "klondike" and rng.random() < 0.3:
            data["passes_left"] = rng.choice([1, 2, 3])
        position = Position.from_json(data)
        for n in range(rng.randint(8, 70)):
            moves = rules.legal_moves(position)
            if not moves or position.is_won:
                break
            position = rules.apply(position, rng.choice(moves))
            if n in (5, 60) or rng.random() < 0.03:
                out.append((f"{row['id']}+{n}", position))
    return out[:MIDGAME]


def answer(position: dict | Position, nodes: int) -> dict:
    """What solve(position, budget_nodes=nodes, engine="python") answers, and the most moves
    one position offered on the way."""
    game = python_game(read(position))
    offered, most = game.moves, 0

    def counted():
        nonlocal most
        moves = list(offered())
        most = max(most, len(moves))
        return moves

    game.moves = counted
    budget = Budget(None, nodes)
    try:
        moves = search(game, budget)
    except OutOfBudget:
        verdict, moves = Verdict.UNKNOWN, []
    else:
        verdict, moves = (Verdict.LOSS, []) if moves is None else (Verdict.WIN, moves)
    return {"verdict": verdict, "nodes": budget.nodes, "moves": moves, "most_moves": most}


def plain_line(position: dict | Position, nodes: int) -> dict:
    """The search with the face-down proof only (never_home off): a win's line, else its
    verdict."""
    game = python_game(read(position))
    game.is_dead = game.buried
    try:
        moves = search(game, Budget(None, nodes))
    except OutOfBudget:
        return {"verdict": Verdict.UNKNOWN, "moves": []}
    return (
        {"verdict": Verdict.LOSS, "moves": []}
        if moves is None
        else {"verdict": Verdict.WIN, "moves": moves}
    )


def never_home_positions(variant: str, draw: int | None) -> list[tuple[str, Position]]:
    """Where random legal play from the deals first reaches a position never_home calls lost
    (the same walk as test_never_home.py's live test)."""
    from games.engine.deal import deal

    rng, out = random.Random(8), []
    for number in range(1, NEVER_HOME_DEALS):
        position = deal(variant, number, NEVER_HOME_KEY, draw, None)
        for n in range(NEVER_HOME_MOVES):
            moves = rules.legal_moves(position)
            if position.is_won or not moves:
                break
            position = rules.apply(position, rng.choice(moves))
            if python_game(read(position)).stranded():
                out.append((f"{variant}-{draw}-{number}+{n}", position))
                break
    return out


def never_home_answers() -> list[dict]:
    return [
        {"id": name, "kind": "never_home", "budget": NEVER_HOME_NODES,
         "position": position.to_text()}
        | plain_line(position, NEVER_HOME_NODES)
        for variant, draw in MODES
        for name, position in never_home_positions(variant, draw)
    ]  # fmt: skip


def answers() -> list[dict]:
    rows = [
        {"id": row["id"], "kind": "deal", "budget": DEAL_NODES}
        | answer(row["position"], DEAL_NODES)
        for row in reference("yukon") + reference("klondike")
    ]
    rows += [
        {"id": name, "kind": "midgame", "budget": MIDGAME_NODES, "position": position.to_text()}
        | answer(position, MIDGAME_NODES)
        for name, position in midgame_positions()
    ]
    for variant, draw in MODES:
        deals = [r for r in reference(variant) if r["position"]["draw"] == draw][:PLAIN_DEALS]
        rows += [
            {"id": row["id"], "kind": "plain", "budget": PLAIN_NODES}
            | plain_line(row["position"], PLAIN_NODES)
            for row in deals
        ]
    return rows + never_home_answers()


def text(rows: list[dict]) -> str:
    header = {"sources": sources_digest(), "made_by": "tools/search_golden.py"}
    return "".join(json.dumps(row, sort_keys=True) + "\n" for row in [header, *rows])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    fresh = text(answers())
    if args.check:
        same = GOLDEN.exists() and GOLDEN.read_text(encoding="utf-8") == fresh
        print(f"{GOLDEN.relative_to(ROOT)} is {'up to date' if same else 'OUT OF DATE'}")
        return 0 if same else 1
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    GOLDEN.write_text(fresh, encoding="utf-8")
    print(f"wrote {GOLDEN.relative_to(ROOT)}: {fresh.count(chr(10)) - 1} answers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
