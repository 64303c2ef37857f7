"""The two statements every action sends about its game, in SQL of their own: the read of the
player's game by its slug, and the conditional UPDATE that saves what the action changed
(with, on PostgreSQL, a read of the caller's in the same statement: `save_reading`).

Building them through the ORM cost more CPU than sending and running them (about 1.6 ms of
a move's 14 on a slow machine, in a profile of moves). What they read and write is still
the ORM's: the row comes back as a Game (Game.from_db) through each field's own conversions
from the database, as the ORM's compiler applies them, and each value goes out through its
field's own conversion to the database.
Also the reads of rows that come with a game at its start or never (`made_with_it`): a
game found without one is kept as such in the cache, so an action on it reads none.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from django.core.cache import caches
from django.db import connection
from django.db.models.expressions import Col
from django.utils import timezone

from .models import Game

# What an action may change on its game (play.actions), written together by `save_at`.
SAVED = (
    "actions", "redo", "ply", "version", "state", "undos", "result", "finished", "moves",
    "started", "replay_slug", "new_record", "review", "updated",
)  # fmt: skip


# How long a game found without a row that comes with it at its start is remembered so.
NONE_KEPT_SECONDS = 24 * 3600


def made_with_it[T](kind: str, game: Game, read: Callable[[], T | None]) -> T | None:
    """The game's row of `kind` (a rated game's record, a racer), read by `read()`, for a row
    stored in the transaction that stores its game or never: a game found without one is kept
    as such in the cache, so that an action on any other game reads no row of `kind`."""
    if game.pk is None:
        return None
    key = f"{kind}:{game.pk}"
    if caches["default"].get(key) is False:
        return None
    row = read()
    if row is None:
        caches["default"].set(key, False, NONE_KEPT_SECONDS)
    return row


def own_game(slug: str, player: str) -> Game | None:
    """The player's game by its slug (unique: one row at most), or None."""
    sql, names, converters = _select()
    with connection.cursor() as cursor:
        cursor.execute(sql, [slug, player])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, column, each in converters:
        for convert in each:
            values[index] = convert(values[index], column, connection)
    return Game.from_db(connection.alias, names, values)


def save_at(game: Game) -> bool:
    """Write the game's SAVED fields, its ply as len(actions), its version one more and
    `updated` as now, if it is still unfinished at the version it was read at; returns
    whether it was. Sets the game's ply, version and `updated` to what was written when it
    was. The version, unlike the ply, never takes a value twice: a request read before an
    undo and a move cannot land after them and erase the move."""
    sql, values, written = _update_of(game)
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        saved = cursor.rowcount == 1
    if saved:
        written()
    return saved


def save_reading(game: Game, select: str, params: list) -> list[tuple] | None:
    """`save_at`, and the rows of `select` (a read that does not depend on the write), or
    None when the game was not saved. On PostgreSQL both go as one statement: a move's
    answer reads what is known of where it led without a round trip of its own. The SELECT
    sees the database as the UPDATE does; its first column must never be NULL."""
    if connection.vendor != "postgresql":  # SQLite has no UPDATE in a WITH
        if not save_at(game):
            return None
        with connection.cursor() as cursor:
            cursor.execute(select, params)
            return cursor.fetchall()
    sql, values, written = _update_of(game)
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH saved AS ({sql} RETURNING 1) SELECT (SELECT count(*) FROM saved), found.* "
            f"FROM (SELECT 1) AS one LEFT JOIN ({select}) AS found ON TRUE",
            [*values, *params],
        )
        found = cursor.fetchall()
    if found[0][0] != 1:
        return None
    written()
    return [row[1:] for row in found if row[1] is not None]


def _update_of(game: Game) -> tuple[str, list, Callable[[], None]]:
    """The conditional UPDATE of `game` with its values, and what sets the game's ply,
    version and `updated` once it was written."""
    read, ply, updated = game.version, len(game.actions), timezone.now()
    sql, fields = _update()
    set_here = {"ply": ply, "version": read + 1, "updated": updated}
    values = [
        field.get_db_prep_save(
            set_here[field.name] if field.name in set_here else getattr(game, field.name),
            connection,
        )
        for field in fields
    ]

    def written() -> None:
        game.ply, game.version, game.updated = ply, read + 1, updated

    return sql, [*values, game.pk, read], written


@cache
def _select() -> tuple[str, list[str], list[tuple[int, Col, list]]]:
    """The SELECT of every column, the fields' names in its order, and the conversions from
    the database that the ORM would apply to each (as its SQLCompiler.get_converters)."""
    fields, table = Game._meta.concrete_fields, Game._meta.db_table
    quote, columns = connection.ops.quote_name, [field.get_col(table) for field in fields]
    converters = [
        (index, column, each)
        for index, column in enumerate(columns)
        if (each := [*connection.ops.get_db_converters(column),
                     *column.get_db_converters(connection)])
    ]  # fmt: skip
    sql = (
        f"SELECT {', '.join(quote(field.column) for field in fields)} FROM {quote(table)} "
        f"WHERE {quote('slug')} = %s AND {quote('player')} = %s"
    )
    return sql, [field.attname for field in fields], converters


@cache
def _update() -> tuple[str, list]:
    """The conditional UPDATE of the SAVED fields, and those fields in its order."""
    quote, meta = connection.ops.quote_name, Game._meta
    fields = [meta.get_field(name) for name in SAVED]
    columns = ", ".join(f"{quote(field.column)} = %s" for field in fields)
    sql = (
        f"UPDATE {quote(meta.db_table)} SET {columns} "
        f"WHERE {quote(meta.pk.column)} = %s AND {quote('version')} = %s "
        f"AND {quote('result')} = ''"
    )
    return sql, fields
