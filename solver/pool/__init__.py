"""The winnable pool: deals the solver proved winnable, so a new game can be one of them.

    models   DealVerdict: the solver's verdict on a deal in one game mode; TopUp: a mode's
             pending top-up (one at most)
    fill     solve fresh game numbers and store their verdicts (used by everything below)
    tasks    `top_up_pool`: the worker solves one more and queues the next until the pool
             holds its target
    pick     `pick_number`: a proven number from the pool (None while it is empty); no
             request ever searches

The commands `generate_deals` (many deals, in parallel) and `ensure_pool` (a first few, at
start) fill it from the command line.
"""
