"""Ratings (issue 39): every signed-in player and every pool deal rated, a rated game being a
player's unassisted first attempt on a deal, a win against the deal or a loss to it.

models (PlayerRating, DealRating, RatedGame: the stored results every rating can be
recomputed from), services/ maths (the library's model and the starting ratings), pools
(which modes are rated), picking (a deal at the player's level), outcomes (a rated game's
end, its update, abandonment and forgeries), history (what the pages show); views, urls, the
`recompute_ratings` command."""
