"""PostgreSQL storage as several processes share it: a match held, and freed, across processes."""

from __future__ import annotations

import asyncio
from typing import Any

import asyncpg
import pytest

from bot import storage
from bot.service import MatchService
from bot.storage.opening import open_storage
from bot.storage.postgres import NOTIFY_CHANNEL, hidden


async def _free_elsewhere(url: str, match_id: int) -> bool:
    """Say whether another process (a connection of its own) could take a match's lock now."""
    other = await asyncpg.connect(url)
    try:
        taken = bool(await other.fetchval("SELECT pg_try_advisory_lock($1)", match_id))
        if taken:
            await other.execute("SELECT pg_advisory_unlock($1)", match_id)
        return taken
    finally:
        await other.close()


def test_a_held_match_is_refused_elsewhere_and_free_once_the_block_ends(postgres_url: str) -> None:
    async def scenario() -> tuple[bool, bool]:
        store = await open_storage(postgres_url)
        try:
            async with store.owning(7):
                during = await _free_elsewhere(postgres_url, 7)
            return during, await _free_elsewhere(postgres_url, 7)
        finally:
            await store.close()

    assert asyncio.run(scenario()) == (False, True)


def test_a_match_held_by_a_cancelled_task_is_freed(postgres_url: str) -> None:
    async def scenario() -> bool:
        store = await open_storage(postgres_url)
        held = asyncio.Event()

        async def hold() -> None:
            async with store.owning(7):
                held.set()
                await asyncio.Event().wait()

        try:
            task = asyncio.create_task(hold())
            await held.wait()
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
            return await _free_elsewhere(postgres_url, 7)
        finally:
            await store.close()

    assert asyncio.run(scenario())


def test_a_process_sees_the_move_another_process_made_in_a_match_it_holds_in_memory(
    postgres_url: str,
) -> None:
    async def scenario() -> list[object]:
        first, second = await open_storage(postgres_url), await open_storage(postgres_url)
        try:
            mine, theirs = MatchService(first), MatchService(second)
            match_id = await mine.create_game("ana", "bo", boards=1)
            await mine.play(match_id, "ana", 1, "e4")
            await theirs.play(match_id, "bo", 1, "e5")
            await mine.play(match_id, "ana", 1, "Nf3")
            return [event.to_dict()["san"] for event in (await mine.game(match_id)).events]
        finally:
            await first.close()
            await second.close()

    assert asyncio.run(scenario()) == ["e4", "e5", "Nf3"]


def test_a_move_costs_three_round_trips_to_the_server(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sent: list[str] = []  # each statement (or BEGIN, COMMIT, reset) waits for the server once
    create_pool = asyncpg.create_pool

    def counted_pool(*args: Any, **kwargs: Any) -> object:
        async def count(connection: asyncpg.Connection[Any]) -> None:
            connection.add_query_logger(lambda logged: sent.append(logged.query))

        return create_pool(*args, init=count, **kwargs)

    async def scenario() -> None:
        store = await open_storage(postgres_url)
        try:
            service = MatchService(store)
            places = {"dm:white": "1", "dm:black": "2"}
            match_id = await service.create_game("ana", "bo", boards=3, places=places)
            await service.play(match_id, "ana", 1, "e4")  # its statements are prepared
            sent.clear()
            await service.play(match_id, "bo", 1, "e5")
        finally:
            await store.close()

    monkeypatch.setattr(asyncpg, "create_pool", counted_pool)
    asyncio.run(scenario())
    # the match's lock and its revision; the events, the board's state, the notice and the
    # new revision in one statement, which commits itself; and the lock let go
    assert len(sent) == 3, sent


def test_notices_wake_this_process_and_the_others_once_committed_and_never_before(
    postgres_url: str,
) -> None:
    async def scenario() -> None:
        mine, theirs = await open_storage(postgres_url), await open_storage(postgres_url)
        try:
            async with mine.transaction() as db:
                match_id = await storage.insert_match(db, "{}", "ana", 0.0)
            with pytest.raises(RuntimeError, match="crash"):
                async with mine.transaction() as db:
                    await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                    raise RuntimeError("crash")
            theirs.notices_committed.clear()  # woken, if at all, by their own start
            async with mine.transaction() as db:
                await storage.enqueue(db, match_id, [("overview", "x", "{}", "k1")], 0.0)
                assert not mine.notices_committed.is_set()
            assert mine.notices_committed.is_set()
            await asyncio.wait_for(theirs.notices_committed.wait(), 10)
        finally:
            await mine.close()
            await theirs.close()

    asyncio.run(scenario())


def test_a_transaction_that_queues_nothing_wakes_no_process(postgres_url: str) -> None:
    async def scenario() -> tuple[bool, list[str]]:
        store = await open_storage(postgres_url)
        listener = await asyncpg.connect(postgres_url)
        heard: list[str] = []
        fence = asyncio.Event()

        def note(*args: object) -> None:
            heard.append(str(args[3]))
            if args[3] == "fence":
                fence.set()

        try:
            await listener.add_listener(NOTIFY_CHANNEL, note)
            store.notices_committed.clear()
            async with store.transaction() as db:
                await storage.insert_match(db, "{}", "ana", 0.0)
            woken = store.notices_committed.is_set()
            # notifications arrive in commit order: once the fence is heard, any before it was
            await listener.execute(f"NOTIFY {NOTIFY_CHANNEL}, 'fence'")
            await asyncio.wait_for(fence.wait(), 10)
            return woken, heard
        finally:
            await listener.close()
            await store.close()

    assert asyncio.run(scenario()) == (False, ["fence"])


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("postgresql://bot:s3cret@db/elevator", "postgresql://bot:***@db/elevator"),
        (
            "postgresql://db/elevator?user=bot&password=s3cret",
            "postgresql://db/elevator?user=bot&password=***",
        ),
        (
            "postgresql:///elevator?password=s3cret&host=/run/pg",
            "postgresql:///elevator?password=***&host=/run/pg",
        ),
    ],
)
def test_a_url_is_said_without_its_password_wherever_it_is_written(url: str, said: str) -> None:
    assert hidden(url) == said


def test_a_setting_in_the_database_url_reaches_the_bots_connections_beside_its_own(
    postgres_url: str,
) -> None:
    # docs/running.md offers ?synchronous_commit=off; "local" differs from the tests' cluster
    async def scenario() -> tuple[str, str]:
        joined = "&" if "?" in postgres_url else "?"
        store = await open_storage(f"{postgres_url}{joined}synchronous_commit=local")
        try:
            async with store.read() as db:
                [[commit]] = await db.fetch("SHOW synchronous_commit")
                [[lock]] = await db.fetch("SHOW lock_timeout")
            return str(commit), str(lock)
        finally:
            await store.close()

    assert asyncio.run(scenario()) == ("local", "10s")
