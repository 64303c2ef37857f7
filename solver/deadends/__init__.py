"""Dead-end checks: is the position a player has reached still winnable?

models   PositionVerdict: what the solver has proven about a position met in play;
         WinningLine: a winning line, stored once; CheckRequest: a game waiting to know a
         position's verdict
checks   `request` a verdict on a POSTed action (queueing a check unless known, wanted or
         carried by the move), `known` on a GET (never queues)
carry    verdicts carried along moves with no search: `derive` what a move proves from the
         row of the position it was made from (on the move path, and again at a claim)
queue    the schedule: newest first, moved-on checks dropped unsearched, a few per player
lookback on a lost line, the nearest earlier step proven winnable (`look_back`), walking
         back past lost and undecided steps and asking for the first one never checked
walks    the look-back's memo, one per process: a lost line played on walks on from where
         its last walk stopped
tasks    `check_position`: a wake-up that drains the queue, a few positions at a time, each
         searched quick first and then deep
proofs   `store` what a check proves (a winning line, loops cut, once, with its start's row)
lines    `follow` a stored line from a position to its win

What the page says about it (the banner) is play's: play/banner.py.
"""
