"""Shards claimed on the database: one process per shard."""

from __future__ import annotations

import asyncio

import pytest

from bot.shards import Shards
from bot.storage import StorageBusy
from bot.storage.postgres import PostgresStorage
from tests.bot.postgres.stores import two_stores


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


def test_a_process_counting_the_shards_otherwise_than_those_running_is_refused(
    postgres_url: str,
) -> None:
    async def scenario() -> None:
        async with two_stores(postgres_url) as (first, second):
            await first.claim_shards(Shards.parse("0", 2))
            with pytest.raises(StorageBusy, match=r"run 2 shards in all, and this one was given 4"):
                await second.claim_shards(Shards.parse("1", 4))
            with pytest.raises(StorageBusy, match=r"run 2 shards in all, and this one was given 1"):
                await second.claim_shards(Shards.every())  # no --shards: it would own all
            await second.claim_shards(Shards.parse("1", 2))
        async with two_stores(postgres_url) as (third, _):
            # once every process of the old count is gone, a new count may start
            await third.claim_shards(Shards.parse("0-3", 4))

    asyncio.run(scenario())


def test_a_refused_claim_lets_go_of_what_it_took_and_keeps_earlier_claims(
    postgres_url: str,
) -> None:
    async def scenario() -> None:
        async with two_stores(postgres_url) as (first, other):
            await first.claim_shards(Shards.parse("0", 4))
            await other.claim_shards(Shards.parse("2", 4))
            with pytest.raises(StorageBusy, match="shard 2 is already run"):
                await first.claim_shards(Shards.parse("1-2", 4))
            with pytest.raises(StorageBusy, match="shard 0 is already run"):
                await other.claim_shards(Shards.parse("0", 4))
            await other.claim_shards(Shards.parse("1", 4))  # the refused call took it back

    asyncio.run(scenario())
