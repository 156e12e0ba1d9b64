"""A transaction cut off (its connection killed, its task cancelled) leaves nothing behind."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import asyncpg
import pytest

from bot import storage
from bot.service import MatchService
from bot.storage import Storage, StorageError
from bot.storage.opening import open_storage
from tests.bot.postgres.stores import WAIT, two_stores
from tests.waiting import eventually


def test_a_transaction_whose_connection_is_killed_leaves_nothing_and_the_store_goes_on(
    url: str,
) -> None:
    async def scenario() -> None:
        store = await open_storage(url)
        killer = await asyncpg.connect(url)
        try:
            with pytest.raises(StorageError, match=r"connection .* was lost .* nothing of it"):
                async with store.transaction() as db:
                    await storage.insert_match(db, "{}", "ana", 0.0)
                    pid = (await db.fetch("SELECT pg_backend_pid()"))[0][0]
                    await killer.execute("SELECT pg_terminate_backend($1, 5000)", pid)
                    await storage.insert_match(db, "{}", "bo", 0.0)
            assert await store.fetch_all("SELECT * FROM matches") == []
            service = MatchService(store)  # the pool replaced the connection it lost
            match_id = await service.create_game("ana", "bo")
            await service.play(match_id, "ana", 1, "e4")
            assert len(await store.fetch_all("SELECT * FROM events")) == 1
        finally:
            await killer.close()
            await store.close()

    asyncio.run(scenario())


@pytest.mark.parametrize("where", ["between statements", "in a statement"])
def test_a_task_cancelled_mid_transaction_leaves_nothing_and_lets_go_of_its_match(
    url: str, where: str
) -> None:
    async def scenario() -> None:
        async with two_stores(url) as (first, second):
            service = MatchService(first)
            match_id = await service.create_game("ana", "bo")
            inside = asyncio.Event()

            async def half_done() -> None:
                async with first.owning(match_id), first.transaction() as db:
                    await storage.append_events(db, match_id, 1, [("move", "{}", "ana")], 0.0)
                    inside.set()
                    if where == "in a statement":
                        await db.execute("SELECT pg_sleep(60)")
                    else:
                        await asyncio.Event().wait()

            task = asyncio.create_task(half_done())
            await asyncio.wait_for(inside.wait(), WAIT)
            if where == "in a statement":
                await eventually(sleeping(first), "the statement to run", timeout=WAIT)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            async with second.owning(match_id):  # let go: not refused as busy
                assert await second.fetch_all("SELECT * FROM events") == []
            outcome = await MatchService(second).play(match_id, "ana", 1, "e4")
            assert outcome.events[0].to_dict()["san"] == "e4"

    asyncio.run(scenario())


def sleeping(store: Storage) -> Callable[[], Awaitable[bool]]:
    """Return a check that some session of the database is running pg_sleep."""

    async def check() -> bool:
        found = await store.fetch_all(
            "SELECT COUNT(*) FROM pg_stat_activity WHERE state = 'active'"
            " AND query LIKE '%pg\\_sleep(60)%' AND pid <> pg_backend_pid()"
        )
        return bool(found[0][0])

    return check
