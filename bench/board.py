"""A game board as the server sends it, read as a player's eye does (where its actions go, which
cards can go where, the stock's button, the ply, the hint shown and the dead-end banner), and a
move chosen from it."""

import html as markup
import random
import re
from dataclasses import dataclass, field

KLONDIKE_QUERY = "?draw=1&scoring=standard"
PILE_RE = re.compile(r'data-pile="([a-z0-9]+)"')
CARD_RE = re.compile(r'data-card="([0-9A-Z]{2})" data-targets="([^"]*)"')
PLY_RE = re.compile(r'id="board"[^>]*data-ply="(\d+)"')
# the deal's address until the first action starts the game, then /game/<slug>/; HTML-escaped
ACTION_RE = re.compile(r'id="board"[^>]*data-action="([^"]+)"')
CSRF_RE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
VERDICT_RE = re.compile(r'id="verdict"[^>]*data-state="([a-z]+)"')
HINT_RE = re.compile(r'data-hint="([^"]+)"')
HINT_WAIT_RE = re.compile(r'data-testid="hint-wait" hx-get="([^"]+)"')
JUMP_RE = re.compile(r'name="step" value="(\d+)"><button[^>]*value="jump"')


@dataclass
class Board:
    """What a player needs from a page or partial; all None or empty when there is no board."""

    action: str | None = None  # HTML-unescaped
    ply: int | None = None
    csrf: str | None = None  # the form token, on a full page
    moves: list[tuple[str, str]] = field(default_factory=list)  # (card, target)
    home: list[tuple[str, str]] = field(default_factory=list)  # to a foundation
    flips: list[tuple[str, str]] = field(default_factory=list)  # uncovers a face-down card
    back: list[tuple[str, str]] = field(default_factory=list)  # off a foundation
    stock: str | None = None  # "d" or "r" when the stock button does something
    won: bool = False
    verdict: str | None = None  # the banner's: pending, win, loss, unknown
    lost: bool = False  # the dead-end banner is up
    searching: bool = False  # it is still looking for the last winnable move
    jump: int | None = None  # its "jump back to the last winnable move" step, when offered
    hint: str | None = None  # the move a hint just showed
    hint_poll: str | None = None  # where the page polls for a hint still being looked for


def read_board(html: str) -> Board:
    action, ply, csrf = ACTION_RE.search(html), PLY_RE.search(html), CSRF_RE.search(html)
    board = Board(action=markup.unescape(action[1]) if action else None,
                  ply=int(ply[1]) if ply else None, csrf=csrf[1] if csrf else None,
                  won='data-testid="result"' in html)  # fmt: skip
    verdict, hint, wait, jump = (r.search(html) for r in (VERDICT_RE, HINT_RE, HINT_WAIT_RE,
                                                           JUMP_RE))  # fmt: skip
    board.verdict, board.lost = verdict[1] if verdict else None, 'data-testid="dead-end"' in html
    board.searching = board.lost and "Looking for your last winnable move" in html
    board.jump = int(jump[1]) if jump else None
    board.hint = markup.unescape(hint[1]) if hint else None
    board.hint_poll = markup.unescape(wait[1]) if wait else None
    starts = [(m.start(), m[1]) for m in PILE_RE.finditer(html)] + [(len(html), "")]
    for (start, pile), (end, _) in zip(starts, starts[1:], strict=False):
        chunk = html[start:end]
        down = pile.startswith("t") and 'class="card down"' in chunk
        for k, (card, targets) in enumerate(CARD_RE.findall(chunk)):
            for move in ((card, target) for target in targets.split()):
                board.moves.append(move)
                if pile.startswith("f"):
                    board.back.append(move)
                elif move[1].startswith("f"):
                    board.home.append(move)
                elif k == 0 and down:
                    board.flips.append(move)
        if pile == "stock":
            board.stock = "d" if 'value="d"' in chunk else "r" if 'value="r"' in chunk else None
        if pile == "waste" and board.stock == "r" and not CARD_RE.search(chunk):
            board.stock = None  # nothing to turn back over
    return board


def choose(board: Board, rng: random.Random) -> str | None:
    """A move as text, a little greedy so games get somewhere; None when there is none."""
    if board.home and rng.random() < 0.8:
        return "-".join(rng.choice(board.home))
    if board.flips and rng.random() < 0.8:
        return "-".join(rng.choice(board.flips))
    forward = [m for m in board.moves if m not in board.back] or board.moves
    if board.stock and (not forward or rng.random() < 0.35):
        return board.stock
    return "-".join(rng.choice(forward)) if forward else None
