"""The SQLite file: schema steps, pragmas, and transactions that commit whole or not at all."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bot.storage import Storage, StorageError, migration_steps


def test_opening_creates_the_file_and_takes_every_schema_step(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = await Storage.open(tmp_path / "data" / "elevator.db")
        try:
            assert await storage.schema_version() == len(migration_steps())
            assert (await storage.fetch_all("PRAGMA journal_mode"))[0][0] == "wal"
            assert (await storage.fetch_all("PRAGMA foreign_keys"))[0][0] == 1
            tables = {
                row[0]
                for row in await storage.fetch_all(
                    "SELECT name FROM sqlite_master WHERE type = 'table'"
                )
            }
            assert {
                "matches",
                "players",
                "seats",
                "events",
                "snapshots",
                "outbox",
                "audit",
            } <= tables
        finally:
            await storage.close()
        reopened = await Storage.open(tmp_path / "data" / "elevator.db")
        assert await reopened.schema_version() == len(migration_steps())
        await reopened.close()

    asyncio.run(scenario())


def test_a_database_from_a_newer_bot_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "elevator.db"
    with sqlite3.connect(path) as connection:
        connection.execute(f"PRAGMA user_version = {len(migration_steps()) + 1}")
    with pytest.raises(StorageError, match="newer than this bot knows"):
        asyncio.run(Storage.open(path))


def test_a_failed_transaction_leaves_nothing_behind(tmp_path: Path) -> None:
    async def scenario() -> list[object]:
        storage = await Storage.open(tmp_path / "elevator.db")
        try:
            with pytest.raises(RuntimeError, match="crash"):
                async with storage.transaction() as db:
                    await db.execute(
                        "INSERT INTO matches (status, config, host, created_at) "
                        "VALUES ('lobby', '{}', 'ana', 0)"
                    )
                    raise RuntimeError("crash half-way")
            return list(await storage.fetch_all("SELECT id FROM matches"))
        finally:
            await storage.close()

    assert asyncio.run(scenario()) == []


def test_foreign_keys_are_enforced(tmp_path: Path) -> None:
    async def scenario() -> None:
        storage = await Storage.open(tmp_path / "elevator.db")
        try:
            with pytest.raises(sqlite3.IntegrityError):
                async with storage.transaction() as db:
                    await db.execute(
                        "INSERT INTO seats (match_id, board, side, user) "
                        "VALUES (7, 1, 'white', 'a')"
                    )
        finally:
            await storage.close()

    asyncio.run(scenario())


def test_concurrent_transactions_never_interleave(tmp_path: Path) -> None:
    async def scenario() -> int:
        storage = await Storage.open(tmp_path / "elevator.db")
        try:
            async with storage.transaction() as db:
                await db.execute(
                    "INSERT INTO matches (id, status, config, host, created_at) "
                    "VALUES (1, 'lobby', '{}', 'ana', 0)"
                )

            async def bump() -> None:
                async with storage.transaction() as db:
                    async with db.execute("SELECT seq FROM matches WHERE id = 1") as cursor:
                        row = await cursor.fetchone()
                    assert row is not None
                    await asyncio.sleep(0)  # let the other tasks try to get in between
                    await db.execute("UPDATE matches SET seq = ? WHERE id = 1", (row[0] + 1,))

            await asyncio.gather(*(bump() for _ in range(50)))
            return int((await storage.fetch_all("SELECT seq FROM matches"))[0][0])
        finally:
            await storage.close()

    assert asyncio.run(scenario()) == 50
