"""PostgreSQL storage as several processes share it: a match held, and freed, across processes."""

from __future__ import annotations

import asyncio

import asyncpg
import pytest

from bot.service import MatchService
from bot.storage import Storage


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
        store = await Storage.open(postgres_url)
        try:
            async with store.owning(7):
                during = await _free_elsewhere(postgres_url, 7)
            return during, await _free_elsewhere(postgres_url, 7)
        finally:
            await store.close()

    assert asyncio.run(scenario()) == (False, True)


def test_a_match_held_by_a_cancelled_task_is_freed(postgres_url: str) -> None:
    async def scenario() -> bool:
        store = await Storage.open(postgres_url)
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
        first, second = await Storage.open(postgres_url), await Storage.open(postgres_url)
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
