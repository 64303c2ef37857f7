"""The pages, one module a topic: lobby, game, replay, records, stats, rules."""
