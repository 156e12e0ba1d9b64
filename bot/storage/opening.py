"""Opening the database a setting names, with the engine it needs."""

from __future__ import annotations

from pathlib import Path

from bot.storage.connection import DEFAULT_PATH, Storage, is_postgres, sqlite_path


async def open_storage(target: str | Path = DEFAULT_PATH) -> Storage:
    """Open the database a setting names (a SQLite path or URL, or a PostgreSQL URL)."""
    if is_postgres(target):
        # imported here: a bot on SQLite never loads PostgreSQL's driver
        from bot.storage.postgres import PostgresStorage

        return await PostgresStorage.connect(str(target))
    from bot.storage.sqlite import SqliteStorage

    return await SqliteStorage.connect(sqlite_path(target))
