"""The rating maths, from the openskill library (Weng-Lin's Bayesian ratings): a rated game is
a match of two, the player against the deal, won by the player or by the deal. Nothing here
reads or writes the database, so the live updates and `recompute_ratings` share it all.

Why openskill's Thurstone-Mosteller model: it is maintained and typed, it keeps a mean and a
deviation like Glicko-2 (so "provisional" reads the same), and with the scale below a new
player's deviation falls from 350 to about 150 in ten games, as Glicko-2's does in chess."""

from __future__ import annotations

from dataclasses import dataclass

from openskill.models import ThurstoneMostellerFull

# Glicko's familiar scale: a new player is 1500 ± 350. Beta is the spread of one game's
# performance about a rating; tau the deviation a rating regains before each game, so that
# a rating keeps moving after it has settled.
START, START_SIGMA = 1500.0, 350.0
MODEL = ThurstoneMostellerFull(mu=START, sigma=START_SIGMA, beta=125.0, tau=5.0)
# Above this deviation a rating is provisional (marked on the board, not yet settled).
PROVISIONAL = 150.0

# A deal starts from its grade (solver.pool.grade: each a quarter of its mode's pool), less
# uncertain than a new player: the grade already places it. Narrowness (the share of moves
# off the winning line that lose it) adds up to NARROW_MAX within the grade.
GRADE_START = {"easy": 1250.0, "medium": 1450.0, "hard": 1650.0, "expert": 1850.0}
DEAL_SIGMA = 200.0
NARROW_SCALE, NARROW_MAX = 4000.0, 100.0


@dataclass(frozen=True)
class Standing:
    mu: float
    sigma: float

    @property
    def provisional(self) -> bool:
        return self.sigma > PROVISIONAL


def new_player() -> Standing:
    return Standing(START, START_SIGMA)


def new_deal(grade: str, narrowness: float | None) -> Standing:
    """A deal's first rating, from its grade and narrowness (an ungraded win starts at the
    middle of the grades)."""
    base = GRADE_START.get(grade, (GRADE_START["medium"] + GRADE_START["hard"]) / 2)
    return Standing(base + min(NARROW_MAX, (narrowness or 0.0) * NARROW_SCALE), DEAL_SIGMA)


def played(player: Standing, deal: Standing, won: bool) -> tuple[Standing, Standing]:
    """Both ratings after the player won (or lost) the deal."""
    ranks = [0, 1] if won else [1, 0]
    one, other = (
        MODEL.create_rating([player.mu, player.sigma]),
        MODEL.create_rating([deal.mu, deal.sigma]),
    )
    [[one], [other]] = MODEL.rate([[one], [other]], ranks=ranks)
    return Standing(one.mu, one.sigma), Standing(other.mu, other.sigma)


def win_chance(player: Standing, deal: Standing) -> float:
    """The model's chance that the player wins the deal."""
    one, other = (
        MODEL.create_rating([player.mu, player.sigma]),
        MODEL.create_rating([deal.mu, deal.sigma]),
    )
    return MODEL.predict_win([[one], [other]])[0]
