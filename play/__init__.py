"""Play: what a player does and sees, on top of the games' data (the games app), the solver's
pool and dead-end checks, and the daily deals.

    actions      start a game; move, undo, redo, restart, finish, resign, behind the guards
                 of DESIGN.md §5; a winning move marks the game won in its own UPDATE
    hints        the next move of a stored winning line (never a search)
    records      a win counted in the player's bests for that number and mode
    merge        a visitor's games and records handed to their account
    stats, chart the player's statistics per variant and mode, and their SVG chart
    review       the move that lost a resigned game, and the last winnable position before it
    privacy      who may watch a replay (a daily deal's stay private until its day is over)
    board        what the page shows of a position; announce, what it says aloud
    banner       the dead-end banner: lost, and where the last winnable position was
    views/       lobby, game (the game page and its one action endpoint), replay, records,
                 stats, rules; urls names their addresses
    templatetags the board's cards and piles
"""
