"""A game number's leaderboard, and who is still on a first attempt at it.

Ranked: signed-in players' first attempts on the number, in one mode, won unassisted, fewest
moves first, then the shorter time. Every entry is a game whose every move the server checked
as it was made and replayed from the deal (play.actions), so a rank cannot be typed in.

  unassisted      no hint asked, no undo, no jump back (Restart is a jump back to the deal);
  first attempt   the first game the player started on the deal (in any mode: the cards are
                  the same), won before they started another on it or watched a replay of
                  it; what they did as a visitor on the same browser counts from their login
                  (daily.services.attempts).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth import get_user_model

from games.engine.history import JUMP
from games.models import Deal, Game, Result
from games.steps import elapsed_seconds
from visitors.players import ACCOUNT_PREFIX, account_id

from . import attempts

MOST_SHOWN = 100
# The leaderboard page states it in one sentence.
RULE = (
    "A ranked win is a first attempt: the first game its player started on this deal in any "
    "mode (as a visitor on the same browser too), won with no hint, undo, jump back or restart, "
    "before they started another game on it or watched a replay of it."
)


@dataclass(frozen=True)
class Entry:
    rank: int
    name: str
    moves: int
    seconds: int
    game: Game


def assisted(game: Game) -> str:
    """Why a game does not count as unassisted, or "" if it does."""
    if game.hints:
        return "a hint was asked"
    if game.undos:
        return "a move was undone"
    if any(action.startswith(JUMP) for action in game.actions):
        return "the game jumped back (or restarted)"
    return ""


def counts(game: Game) -> str:
    """Why the game is left off the leaderboard, or "" if it is on it."""
    if game.result != Result.WON:
        return "it was not won"
    if not game.player.startswith(ACCOUNT_PREFIX):
        return "only signed-in players are ranked"
    return assisted(game) or attempts.broken(game)


def leaderboard(deal: Deal, draw: int | None, scoring: str) -> list[Entry]:
    """The ranked entries on this deal in this mode, best first."""
    won = Game.objects.filter(
        deal=deal, draw=draw, scoring=scoring, result=Result.WON, hints=0, undos=0,
        player__startswith=ACCOUNT_PREFIX,
    ).select_related("deal")  # fmt: skip
    ranked = [game for game in won if not counts(game)]
    ranked.sort(key=lambda game: (game.moves, elapsed_seconds(game), game.finished))
    names = _names([game.player for game in ranked[:MOST_SHOWN]])
    return [
        Entry(rank, names.get(game.player, "a player"), game.moves, elapsed_seconds(game), game)
        for rank, game in enumerate(ranked[:MOST_SHOWN], start=1)
    ]


def _names(players: list[str]) -> dict[str, str]:
    ids = {account_id(player): player for player in players}
    users = get_user_model().objects.filter(pk__in=[i for i in ids if i is not None])
    return {ids[user.pk]: user.get_username() for user in users}
