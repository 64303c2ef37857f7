"""Who is asking and how often: a visitor's identity (players.py: the cookie, an account's
player id) and the rate limits every page counts its requests against (limits.py, with their
RateCount table). Below every app that answers a request; above only the metrics."""
