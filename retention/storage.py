"""What each table holds on disk, rows and bytes (its indexes and out-of-line storage
included), on PostgreSQL and SQLite: `manage.py cleanup --storage`."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import OperationalError, connection


class Unavailable(Exception):
    """The database cannot tell table sizes (an SQLite built without its dbstat table)."""


@dataclass(frozen=True)
class Table:
    name: str
    rows: int
    bytes: int  # pages allocated to the table, its indexes and (PostgreSQL) TOAST


def tables() -> list[Table]:
    """Every table of the database, largest first; raises Unavailable."""
    names = connection.introspection.table_names()
    sizes = _postgresql_sizes(names) if connection.vendor == "postgresql" else _sqlite_sizes()
    quote = connection.ops.quote_name
    found = []
    with connection.cursor() as cursor:
        for name in names:
            cursor.execute(f"SELECT COUNT(*) FROM {quote(name)}")  # noqa: S608 (known names)
            found.append(Table(name, cursor.fetchone()[0], sizes.get(name, 0)))
    return sorted(found, key=lambda table: (-table.bytes, table.name))


def _postgresql_sizes(names: list[str]) -> dict[str, int]:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, pg_total_relation_size(oid) FROM pg_class "
            "WHERE relkind = 'r' AND relname = ANY(%s)",
            [names],
        )
        return dict(cursor.fetchall())


def _sqlite_sizes() -> dict[str, int]:
    """Pages in use per table, its indexes counted with it (SQLite's dbstat table)."""
    try:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT m.tbl_name, SUM(s.pgsize) FROM dbstat AS s "
                "JOIN sqlite_schema AS m ON m.name = s.name GROUP BY m.tbl_name"
            )
            return dict(cursor.fetchall())
    except OperationalError as e:
        raise Unavailable(f"this SQLite cannot tell table sizes (no dbstat table): {e}") from None
