"""What the game pages ask of a race (play uses this module; a race never reaches into play):
the racer a game belongs to, with the race settled if its time is up, whether the race is
still on (no hints, no winning line while it is), and the strip's context."""

from __future__ import annotations

from games import rows
from games.engine.history import Step
from games.models import Game

from . import clock, progress, updates
from .models import Race, Racer, Stage

NO_HINTS = "No hints during a race: every player finds their own way."


def racer_of(game: Game) -> Racer | None:
    """The racer whose game this is (None for a game outside any race), read once a request
    and kept on the game; the race ends first if its time is up, so that an action made too
    late finds the game over.

    A racer's game is stored with its racer, in one transaction (races.entry.start), and
    no other game ever becomes one: "not a racer's" is kept in the cache, so that a move on
    any other game reads no row here."""
    if not game.pk:
        return None
    if "_racer" not in game.__dict__:
        racers = Racer.objects.select_related("race")
        racer = rows.made_with_it("racer", game, lambda: racers.filter(game=game).first())
        if racer is not None and progress.settle(racer.race, clock.now()):
            racer.refresh_from_db()
            game.refresh_from_db()
        game.__dict__["_racer"] = racer
    return game.__dict__["_racer"]


def racing(game: Game) -> bool:
    """Is the game in a race that is still on? Hints and the solver's line are off then."""
    racer = racer_of(game)
    return racer is not None and racer.race.stage(clock.now()) != Stage.OVER


def racing_on_its_deal(game: Game) -> bool:
    """Is the game's player in a race still on over this game's deal, with this game or with
    another (the race's Klondike deal opened in another draw or scoring)? Its hints and line
    would help the race, so they are off there too until the race is over."""
    now = clock.now()
    races = Race.objects.filter(deal_id=game.deal_id, ended=None, racers__player=game.player)
    return any(race.stage(now) != Stage.OVER for race in races)


def counted(game: Game, step: Step) -> None:
    """An action was saved on `game` (play.actions.act): if it is a racer's, the race counts
    it."""
    racer = racer_of(game)
    if racer is not None:
        progress.counted(racer, game, step)


def strip(game: Game) -> dict | None:
    """The strip's context on a racer's game page, or None for a game outside any race."""
    racer = racer_of(game)
    if racer is None:
        return None
    race = racer.race
    on = race.stage(clock.now()) != Stage.OVER
    # The racers are read only where the strip is drawn (the whole page): the board an
    # action answers with draws none, so a move asks no more of the race than its own row.
    return {
        "race": race, "racers": race.racers.all(), "me": racer, "on": on,
        "topic": updates.topic(race),
    }  # fmt: skip
