"""Shards claimed on the database: one process per shard."""

from __future__ import annotations

import asyncio

import pytest

from bot.shards import Shards
from bot.storage import StorageBusy
from bot.storage.postgres import PostgresStorage


def test_a_shard_another_store_holds_is_refused_until_that_store_closes(url: str) -> None:
    async def scenario() -> None:
        first = await PostgresStorage.connect(url)
        second = await PostgresStorage.connect(url)
        try:
            await first.claim_shards(Shards.parse("0-1", 4))
            with pytest.raises(StorageBusy, match="shard 1 is already run by another process"):
                await second.claim_shards(Shards.parse("1-2", 4))
            await second.claim_shards(Shards.parse("2-3", 4))  # nothing of the refusal held
            await first.close()
            await second.claim_shards(Shards.parse("0-1", 4))
            third = await PostgresStorage.connect(url)
            try:
                with pytest.raises(StorageBusy, match="shard 0 is already run"):
                    await third.claim_shards(Shards.parse("0", 4))
            finally:
                await third.close()
        finally:
            await second.close()
            await first.close()

    asyncio.run(scenario())
