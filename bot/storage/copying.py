"""Copying a SQLite database into an empty PostgreSQL one (`python -m bot migrate`).

Everything is copied in one PostgreSQL transaction, table by table in the order their
references need, with the same ids; the outbox's heads are rebuilt by its triggers as its
notices are copied in order. Before committing, every table's rows are counted and every
match's log is compared, event by event, on both sides: a copy that differs is rolled
back, and the PostgreSQL database stays empty.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final

from bot.storage.connection import StorageError
from bot.storage.postgres import Connection, PostgresStorage
from bot.storage.sqlite import SqliteStorage

logger = logging.getLogger(__name__)

# parents before children; outbox_heads is rebuilt by the outbox's triggers
TABLES: Final = (
    "matches",
    "players",
    "seats",
    "events",
    "snapshots",
    "outbox",
    "audit",
    "offers",
    "takebacks",
    "transfer_deadlines",
    "bindings",
    "guild_settings",
    "invitations",
    "clocks",
    "clock_marks",
    "rematches",
    "people",
    "ratings",
    "rating_changes",
    "rating_pools",
    "practice_players",
)
REBUILT: Final = ("outbox_heads",)
BATCH: Final = 5000  # rows read from SQLite and written to PostgreSQL at a time
# SQLite keeps what it is given; PostgreSQL's binary copy wants each column's own type
_TYPES: Final[dict[str, Callable[[Any], object]]] = {
    "bigint": int,
    "integer": int,
    "double precision": float,
    "text": str,
}


class CopyError(StorageError):
    """The copy was refused or did not check out; the PostgreSQL database is as it was."""


@dataclass(frozen=True)
class Copied:
    """What a copy moved: rows per table, and the events checked."""

    rows: dict[str, int]
    events: int

    def __str__(self) -> str:
        return (
            f"{_many(self.rows['matches'], 'match', 'matches')}, "
            f"{_many(self.events, 'event')}, {_many(self.rows['outbox'], 'notice')}, "
            f"{_many(sum(self.rows.values()), 'row')} in all"
        )


def _many(count: int, one: str, more: str = "") -> str:
    """Say a count with its noun, singular for one: 1 match, 2 matches."""
    return f"{count:,} {one if count == 1 else more or one + 's'}"


def check_source(source: Path) -> None:
    """Refuse a SQLite file to copy from that does not exist."""
    if not source.exists():
        raise CopyError(f"there is no SQLite database at {source}: check --from (or DATABASE_PATH)")


async def copy_database(source: Path, target: str) -> Copied:
    """Copy the SQLite file at source into the empty PostgreSQL database at target."""
    check_source(source)
    sqlite = await SqliteStorage.connect(source)  # takes its schema to the latest step
    try:
        postgres = await PostgresStorage.connect(target)
        try:
            return await _copy(sqlite, postgres)
        finally:
            await postgres.close()
    finally:
        await sqlite.close()


async def _copy(sqlite: SqliteStorage, postgres: PostgresStorage) -> Copied:
    if await sqlite.schema_version() != await postgres.schema_version():
        raise CopyError(
            f"{sqlite} is at schema step {await sqlite.schema_version()} and {postgres} at "
            f"{await postgres.schema_version()}: update the bot so that both are the same"
        )
    copied: dict[str, int] = {}
    async with postgres.connection() as connection, connection.transaction():
        await _refuse_unless_empty(connection, postgres)
        for table in TABLES:
            copied[table] = await _copy_table(sqlite, connection, table)
            logger.info("copied %s of %s", _many(copied[table], "row"), table)
        await _restart_ids(sqlite, connection)
        events = await _check(sqlite, connection, copied)
    return Copied(copied, events)


async def _refuse_unless_empty(connection: Connection, postgres: PostgresStorage) -> None:
    """Refuse to copy into a database that already holds anything of the bot's."""
    for table in (*TABLES, *REBUILT):
        found = await connection.fetchval(f"SELECT COUNT(*) FROM {table}")
        if found:
            raise CopyError(
                f"{postgres} already holds {_many(found, 'row')} of {table}: migrate copies into "
                "an empty database only; create a new one (createdb) and point --to (or "
                "DATABASE_URL) at it"
            )


async def _columns(connection: Connection, table: str) -> list[tuple[str, str]]:
    """Return a PostgreSQL table's columns and their types, in order."""
    found = await connection.fetch(
        "SELECT column_name, data_type FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
        table,
    )
    return [(row["column_name"], row["data_type"]) for row in found]


async def _copy_table(sqlite: SqliteStorage, connection: Connection, table: str) -> int:
    """Copy one table's rows, in SQLite's order (the outbox's order is its queues' order)."""
    columns = await _columns(connection, table)
    names = [name for name, _ in columns]
    # PostgreSQL's players.rowid keeps the order of joining, SQLite's implicit rowid
    selected = ", ".join(f'"{name}"' if name != "rowid" else "rowid" for name in names)
    convert = [_TYPES.get(kind, _same) for _, kind in columns]
    count = 0
    async for batch in sqlite.stream(f"SELECT {selected} FROM {table} ORDER BY rowid", BATCH):
        records = [
            tuple(
                None if value is None else make(value)
                for make, value in zip(convert, row, strict=True)
            )
            for row in batch
        ]
        await connection.copy_records_to_table(table, records=records, columns=names)
        count += len(records)
    return count


def _same(value: object) -> object:
    return value


async def _restart_ids(sqlite: SqliteStorage, connection: Connection) -> None:
    """Make PostgreSQL's next ids follow the copied ones (and SQLite's used ones: never reused)."""
    used = {
        row["name"]: int(row["seq"])
        for row in await sqlite.fetch_all("SELECT name, seq FROM sqlite_sequence")
    }
    identities = await connection.fetch(
        "SELECT table_name, column_name FROM information_schema.columns "
        "WHERE table_schema = current_schema() AND is_identity = 'YES'"
    )
    for row in identities:
        table, column = row["table_name"], row["column_name"]
        highest = await connection.fetchval(f'SELECT MAX("{column}") FROM {table}')
        last = max(int(highest or 0), used.get(table, 0) if column == "id" else 0)
        if last:
            await connection.execute(
                "SELECT setval(pg_get_serial_sequence($1, $2), $3)", table, column, last
            )


async def _check(sqlite: SqliteStorage, connection: Connection, copied: dict[str, int]) -> int:
    """Compare both sides: every table's count, and every event; return the events checked."""
    for table, count in copied.items():
        found = await connection.fetchval(f"SELECT COUNT(*) FROM {table}")
        if found != count:
            raise CopyError(f"{table}: {count:,} rows read but {found:,} written; nothing was kept")
    pending = await sqlite.fetch_all(
        "SELECT COUNT(*) FROM (SELECT 1 FROM outbox WHERE done_at IS NULL GROUP BY match_id, place)"
    )
    heads = await connection.fetchval("SELECT COUNT(*) FROM outbox_heads")
    if heads != pending[0][0]:
        raise CopyError(
            f"the outbox has {pending[0][0]:,} queues waiting but {heads:,} heads were rebuilt; "
            "nothing was kept"
        )
    mine, theirs = hashlib.blake2b(), hashlib.blake2b()
    events = 0
    async for batch in sqlite.stream(
        "SELECT match_id, seq, kind, data, actor, at FROM events ORDER BY match_id, seq", BATCH
    ):
        for row in batch:
            mine.update(repr(tuple(row)).encode())
            events += 1
    async with connection.transaction():  # a savepoint: the cursor needs one
        cursor = connection.cursor(
            "SELECT match_id, seq, kind, data, actor, at FROM events ORDER BY match_id, seq",
            prefetch=BATCH,
        )
        async for record in cursor:
            theirs.update(repr(tuple(record)).encode())
    if mine.digest() != theirs.digest():
        raise CopyError("the copied events differ from the file's; nothing was kept")
    return events
