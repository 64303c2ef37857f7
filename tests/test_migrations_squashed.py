"""games' and solver's migrations are squashed (each into its 0001): proven on a scratch database
migrated by the old history (tests/data/old_history) and filled, then migrated by today's, and
on a fresh database migrated by each. The scratch databases are PostgreSQL when DATABASE_URL
names one, SQLite otherwise."""

import json
import os
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

import psycopg
import pytest

ROOT = Path(__file__).resolve().parent.parent
OLD = "tests.data.old_history.settings"
NEW = "yukon_site.settings"
SQUASHED = {
    "games": "0001_squashed_0014_deals_games_records_checkpoints",
    "solver": "0001_squashed_0017_positions_checks_and_the_pool",
}

# It migrates databases of its own, not pytest-django's, but a database all the same: the
# SQLite run of CI (--database-only) keeps it.
pytestmark = pytest.mark.django_db


def run(url: str, settings: str, *args: str) -> str:
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": settings, "DEBUG": "1"}
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def manage(url: str, settings: str, *args: str) -> str:
    return run(url, settings, "manage.py", *args)


def probe(url: str, settings: str, what: str) -> dict:
    return json.loads(run(url, settings, "-m", "tests.migration_probe", what).splitlines()[-1])


@pytest.fixture(scope="module")
def scratch(tmp_path_factory):
    """Makes empty databases by name, dropped at the end (a PostgreSQL one; SQLite's files go
    with the temporary directory)."""
    made = []
    base = os.environ.get("DATABASE_URL", "")
    server = urlsplit(base) if base.startswith("postgres") else None

    def database(name: str) -> str:
        if server is None:
            return f"sqlite:///{tmp_path_factory.mktemp('squash') / name}.sqlite3"
        dbname = f"{server.path.lstrip('/')}_squash_{name}_{os.getpid()}"
        with psycopg.connect(urlunsplit(server._replace(path="/postgres")), autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{dbname}"')
            c.execute(f'CREATE DATABASE "{dbname}"')
        made.append(dbname)
        return urlunsplit(server._replace(path=f"/{dbname}"))

    yield database
    if made:
        with psycopg.connect(urlunsplit(server._replace(path="/postgres")), autocommit=True) as c:
            for dbname in made:
                c.execute(f'DROP DATABASE IF EXISTS "{dbname}" WITH (FORCE)')


@pytest.fixture(scope="module")
def old_database(scratch):
    """A database migrated by the old history, with rows in every table of the site's models:
    its URL and its state (rows, schema, migrations applied) before today's migrations ran."""
    url = scratch("old")
    manage(url, OLD, "migrate", "--no-input")
    probe(url, OLD, "fill")
    return url, probe(url, OLD, "state")


def test_the_old_history_is_gone_and_the_squashes_replace_all_of_it():
    for app, name in SQUASHED.items():
        assert sorted(p.name for p in (ROOT / app / "migrations").glob("0*.py")) == [f"{name}.py"]
        old = sorted(p.stem for p in (ROOT / "tests/data/old_history" / app).glob("*/0*.py"))
        text = (ROOT / app / "migrations" / f"{name}.py").read_text()
        assert old and all(f'("{app}", "{stem}")' in text for stem in old)


def test_a_database_migrated_by_the_old_history_keeps_every_row(old_database):
    url, before = old_database
    filled = [table for table, found in before["rows"].items() if found]
    for table in ("games_deal", "games_game", "games_record", "games_checkpoint", "auth_user",
                  "solver_dealverdict", "solver_positionverdict", "solver_checkrequest",
                  "visitors_ratecount", "daily_attempt", "accounts_usernamelook"):  # fmt: skip
        assert table in filled
    assert len(before["applied"]) == 17 + 18  # games' and solver's old migrations

    out = manage(url, NEW, "migrate", "--no-input")

    # Only the apps that came after the squash are left to migrate (their first tables).
    applying = [line.split()[1] for line in out.splitlines() if line.startswith("  Applying ")]
    assert applying and all(name.startswith(("live.", "races.", "ratings.")) for name in applying)
    after = probe(url, NEW, "state")
    assert after["rows"] == before["rows"]
    assert after["schema"] == before["schema"]
    # The squashes are recorded as applied beside what they replace.
    assert after["applied"] == sorted(
        before["applied"] + [f"{app}.{name}" for app, name in SQUASHED.items()]
    )
    manage(url, NEW, "makemigrations", "--check", "--dry-run")


def test_a_fresh_database_gets_the_same_schema_from_the_squashed_migrations(scratch, old_database):
    """(makemigrations --check on a fresh database: test_settings.test_migrations_are_complete.)"""
    url = scratch("new")
    manage(url, NEW, "migrate", "--no-input")
    fresh = probe(url, NEW, "state")
    assert fresh["schema"] == old_database[1]["schema"]
    # Django records what a squash replaces when it applies it, so the record matches too.
    squashes = [f"{app}.{name}" for app, name in SQUASHED.items()]
    assert fresh["applied"] == sorted(old_database[1]["applied"] + squashes)
