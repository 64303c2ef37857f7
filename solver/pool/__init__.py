"""The winnable pool: deals the solver proved winnable, so a new game can be one of them.

    models   DealVerdict: the solver's verdict on a deal in one game mode
    fill     solve fresh game numbers and store their verdicts (used by everything below)
    tasks    `top_up_pool`: the worker solves a few more when a mode's pool runs low
    pick     `pick_number`: the number a new game deals, from the pool by default

The commands `generate_deals` (many deals, in parallel) and `ensure_pool` (a first few, at
start) fill it from the command line.
"""
