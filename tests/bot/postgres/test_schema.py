"""PostgreSQL's schema: taken once by stores opening at once, and the same as SQLite's."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from pathlib import Path

import asyncpg
import pytest

from bot.storage import Storage, StorageError, migration_steps
from bot.storage.opening import open_storage


def test_stores_opening_an_empty_database_at_once_all_reach_the_latest_step_applied_once(
    postgres_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    latest = migration_steps("postgres")[-1][0]

    async def scenario() -> list[int]:
        opened = await asyncio.gather(
            *(open_storage(postgres_url) for _ in range(3)), return_exceptions=True
        )
        versions = []
        for store in opened:
            assert isinstance(store, Storage), store
            versions.append(await store.schema_version())
            await store.close()
        return versions

    with caplog.at_level(logging.INFO, logger="bot.storage.postgres"):
        assert asyncio.run(scenario()) == [latest] * 3
    applied = [r.getMessage() for r in caplog.records if "applied schema step" in r.getMessage()]
    assert len(applied) == len(migration_steps("postgres"))


def test_a_database_from_a_newer_bot_is_refused(postgres_url: str) -> None:
    latest = migration_steps("postgres")[-1][0]
    url = postgres_url  # a database of its own: the shared one must stay at the latest step

    async def scenario() -> None:
        await (await open_storage(url)).close()
        connection = await asyncpg.connect(url)
        try:
            await connection.execute("UPDATE elevator_schema SET version = $1", latest + 1)
        finally:
            await connection.close()
        with pytest.raises(StorageError, match=f"schema version {latest + 1}, newer than"):
            await open_storage(url)

    asyncio.run(scenario())


Columns = dict[str, dict[str, tuple[str, bool, int]]]
# the type each engine gives a column, as a family both share
FAMILIES = {
    "INTEGER": "integer",
    "bigint": "integer",
    "integer": "integer",
    "REAL": "real",
    "double precision": "real",
    "TEXT": "text",
    "text": "text",
}


def sqlite_columns(path: Path) -> Columns:
    """Return SQLite's tables: each column's type family, NOT NULL and place in the key."""
    with sqlite3.connect(path) as connection:
        tables = [
            row[0]
            for row in connection.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
        ]
        found: Columns = {}
        for table in tables:
            found[table] = {
                name: (FAMILIES.get(kind, kind), bool(notnull) or key > 0, key)
                for _, name, kind, notnull, _, key in connection.execute(
                    f"PRAGMA table_info({table})"
                )
            }
    connection.close()
    return found


async def postgres_columns(url: str) -> Columns:
    """Return PostgreSQL's tables as sqlite_columns does (less its own schema table)."""
    connection = await asyncpg.connect(url)
    try:
        rows = await connection.fetch(
            "SELECT c.table_name, c.column_name, c.data_type, c.is_nullable = 'NO',"
            " COALESCE(k.ordinal_position, 0)"
            " FROM information_schema.columns c"
            " LEFT JOIN information_schema.table_constraints t"
            "  ON t.table_schema = c.table_schema AND t.table_name = c.table_name"
            "  AND t.constraint_type = 'PRIMARY KEY'"
            " LEFT JOIN information_schema.key_column_usage k"
            "  ON k.constraint_name = t.constraint_name AND k.table_schema = t.table_schema"
            "  AND k.column_name = c.column_name"
            " WHERE c.table_schema = 'public' AND c.table_name <> 'elevator_schema'"
        )
    finally:
        await connection.close()
    found: Columns = {}
    for table, name, kind, notnull, key in rows:
        found.setdefault(table, {})[name] = (FAMILIES.get(kind, kind), notnull, key)
    return found


def test_both_engines_reach_the_same_tables_columns_keys_and_nullability(
    url: str, tmp_path: Path
) -> None:
    async def open_both() -> None:
        for target in (url, tmp_path / "elevator.db"):
            store = await open_storage(target)
            await store.close()

    asyncio.run(open_both())
    on_sqlite = sqlite_columns(tmp_path / "elevator.db")
    on_postgres = asyncio.run(postgres_columns(url))
    # PostgreSQL's players.rowid stands for SQLite's implicit rowid: the order players joined
    assert on_postgres["players"].pop("rowid") == ("integer", True, 0)
    assert sorted(on_postgres) == sorted(on_sqlite)
    for table, columns in on_sqlite.items():
        assert on_postgres[table] == columns, table
