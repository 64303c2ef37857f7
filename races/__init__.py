"""Races: the same pool deal, dealt at once to 2-8 players, each playing their own refereed
game, with a strip that shows every player's progress (counts only) as it happens.

    models       Race (its secret link, mode, time limit, start and end), Racer (a player in
                 it, their game and what the others may see of it)
    clock        the clock races read (a test sets it)
    entry        create, join and start: who may, and the deal none of them has started
    progress     a move or a game's end counted in the race, time up, the places
    referee      what play asks of a race: the game's racer, the strip, hints off
    updates      the strip sent to every player's page as it changes (live, else polled)
    forms, views, urls   /races/ (create), /races/<secret>/ (join, start, the results)
"""
