"""The daily deal, fair leaderboards and sharing (issue 12, 5-8).

    models       DailyDeal (the deal of a UTC day in one mode), ReplayView (who watched a
                 replay of which deal: that ends their first attempt on it)
    services/    the rules, with no view code:
      dailies    which deal is the daily one, chosen ahead of time from the winnable pool
      ranking    a number's leaderboard: first attempts won unassisted, fewest moves then time
      sharing    the share text and its signed link, for a result or a daily deal
    views, urls  /daily/, /daily/klondike/, /leaderboard/<variant>/<number>/, /challenge/<token>/
    management/commands/choose_daily   fixes today's and tomorrow's daily deals

Par (the solver's shortest line for a deal) is worked out and read beside the pool:
solver/pool/par.py. The review of a lost game and who may watch a replay sit beside the replay,
in play (play/review.py, play/privacy.py): play uses this app, and this app never uses play.
"""
