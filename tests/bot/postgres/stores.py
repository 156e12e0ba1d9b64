"""Two stores on one database, as two processes of the bot, and waiting on what they do."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from bot.storage import Storage
from bot.storage.postgres import PostgresStorage

WAIT = 10.0  # seconds anything awaited here may take before the test fails
LOCK_WAIT = 0.3  # seconds a store waits for a match the other holds, kept short here


@asynccontextmanager
async def two_stores(
    url: str, lock_wait: float = LOCK_WAIT
) -> AsyncIterator[tuple[PostgresStorage, PostgresStorage]]:
    """Open one database twice, as two processes of the bot would."""
    first = await PostgresStorage.connect(url, lock_wait=lock_wait)
    try:
        second = await PostgresStorage.connect(url, lock_wait=lock_wait)
        try:
            yield first, second
        finally:
            await second.close()
    finally:
        await first.close()


async def waiting_for_match(store: Storage, match_id: int) -> bool:
    """Say whether a session waits for a match's advisory lock (one key: objsubid 1)."""
    found = await store.fetch_all(
        "SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        " AND objid = ? AND objsubid = 1",
        match_id,
    )
    return bool(found[0][0])
