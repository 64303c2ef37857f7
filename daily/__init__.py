"""The daily deal, fair leaderboards, the review of a lost game and sharing (issue 12, 5-8).

    models       DailyDeal (the deal of a UTC day in one mode), ReplayView (who watched a
                 replay of which deal: that ends their first attempt on it)
    services/    the rules, with no view code:
      dailies    which deal is the daily one, chosen ahead of time from the winnable pool
      ranking    a number's leaderboard: first attempts won unassisted, fewest moves then time
      privacy    a daily deal's replays stay private until its day is over; replay views
      review     the move that lost a lost or resigned game, and the last winnable position
      sharing    the share text and its signed link, for a result or a daily deal
    views, urls  /daily/, /daily/klondike/, /leaderboard/<variant>/<number>/, /challenge/<token>/
    management/commands/choose_daily   fixes today's and tomorrow's daily deals

Par (the solver's shortest line for a deal) is stored with the pool's verdicts: solver/pool/par.py.
"""
