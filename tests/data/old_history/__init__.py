"""The migrations of games, solver, visitors and daily as they were before games' and solver's
were squashed (main at 1a86d48), kept to prove the squash on a database that applied them:
tests/test_migrations_squashed.py migrates a scratch database with these (settings.py here)
and then with the site's own."""
