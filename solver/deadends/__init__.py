"""Dead-end checks: is the position a player has reached still winnable?

models   PositionVerdict: what the solver has proven about a position met in play
checks   `request` a position's verdict (queueing a check when none is known), `verdicts`
tasks    `check_position`: the worker's search, quick first and then deep
proofs   `store` what a check proves (a winning line proves every position on it)
banner   what the page says: lost, and where the last winnable position was
"""
