"""The SQLite file behind the bot: its connection, its schema steps and its transactions.

One connection writes, behind a lock, so transactions never interleave; every write runs
in BEGIN IMMEDIATE, taking SQLite's write lock up front instead of failing half-way.
All SQL of the bot lives here and in the numbered steps under bot/migrations.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Final

import aiosqlite

logger = logging.getLogger(__name__)

DEFAULT_PATH: Final = Path("data") / "elevator.db"
_STEP_NAME: Final = re.compile(r"^(\d{4})_[a-z0-9_]+\.sql$")


class StorageError(RuntimeError):
    """The database cannot be opened or is not one this version of the bot can use."""


def migration_steps() -> list[tuple[int, str, str]]:
    """Return the schema steps as (number, file name, SQL), in order, numbered from 1."""
    steps = []
    for entry in resources.files("bot.migrations").iterdir():
        found = _STEP_NAME.match(entry.name)
        if found:
            steps.append((int(found.group(1)), entry.name, entry.read_text(encoding="utf-8")))
    steps.sort()
    numbers = [number for number, _, _ in steps]
    if numbers != list(range(1, len(steps) + 1)):
        raise StorageError(f"the schema steps must be numbered 1, 2, 3, ...; found {numbers}")
    return steps


class Storage:
    """An open database: one writer connection and the lock that serialises its writes."""

    def __init__(self, connection: aiosqlite.Connection, path: Path) -> None:
        self._db = connection
        self.path = path
        self._lock = asyncio.Lock()

    @classmethod
    async def open(cls, path: Path | str = DEFAULT_PATH) -> Storage:
        """Open (creating if need be) the database at path and bring its schema up to date."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        connection = await aiosqlite.connect(path, isolation_level=None)
        try:
            connection.row_factory = aiosqlite.Row
            await connection.execute("PRAGMA journal_mode = WAL")
            await connection.execute("PRAGMA foreign_keys = ON")
            # WAL with NORMAL survives a killed process; only a power cut may lose the last
            # commits, and it never corrupts the file.
            await connection.execute("PRAGMA synchronous = NORMAL")
            await connection.execute("PRAGMA busy_timeout = 5000")
            storage = cls(connection, path)
            await storage._migrate()
        except BaseException:
            await connection.close()
            raise
        return storage

    async def close(self) -> None:
        """Close the connection once the writes under way are done."""
        async with self._lock:
            await self._db.close()

    async def schema_version(self) -> int:
        """Return how many schema steps the database has taken."""
        rows = await self.fetch_all("PRAGMA user_version")
        return int(rows[0][0])

    async def _migrate(self) -> None:
        """Apply the schema steps the database has not taken yet, each in its own transaction."""
        steps = migration_steps()
        current = await self.schema_version()
        if current > len(steps):
            raise StorageError(
                f"{self.path} has schema version {current}, newer than this bot knows "
                f"({len(steps)}): update the bot before using this database"
            )
        for number, name, sql in steps[current:]:
            async with self.transaction() as db:
                for statement in _statements(sql):
                    await db.execute(statement)
                await db.execute(f"PRAGMA user_version = {number}")
            logger.info("applied schema step %s to %s", name, self.path)

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[aiosqlite.Connection]:
        """Run the block as one write transaction: all of it commits, or none of it."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE")
            try:
                yield self._db
            except BaseException:
                await self._db.execute("ROLLBACK")
                raise
            await self._db.execute("COMMIT")

    async def fetch_all(self, sql: str, *parameters: object) -> list[aiosqlite.Row]:
        """Run a query between transactions (never seeing one half-done) and return its rows."""
        async with self._lock, self._db.execute(sql, parameters) as cursor:
            return list(await cursor.fetchall())


def _statements(sql: str) -> list[str]:
    """Split a schema step into statements (steps hold no semicolons inside strings)."""
    lines = [line.split("--", 1)[0] for line in sql.splitlines()]
    return [part.strip() for part in "\n".join(lines).split(";") if part.strip()]
