"""Shards: reading --shards, which servers a process owns, and the SQL that keeps its rows."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bot import storage
from bot.delivery import DeliveryWorker
from bot.shards import MAX_SHARDS, Shards, ShardsError, shard_of
from bot.storage import Storage
from bot.storage.opening import open_storage
from tests.bot.test_delivery import Recorder

# server ids as Discord makes them: the shard is read from the timestamp above bit 22
GUILDS = [(ms << 22) | (1 << 17) for ms in (300_000_000_000, 300_000_000_001, 300_000_000_002)]


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("0-3", {0, 1, 2, 3}),
        ("5", {5}),
        ("0,2,4-6", {0, 2, 4, 5, 6}),
        (" 1 - 2 , 7 ", {1, 2, 7}),
        ("3,3,2-3", {2, 3}),
    ],
)
def test_shards_are_read_as_ids_and_ranges(text: str, ids: set[int]) -> None:
    assert Shards.parse(text, 8).ids == frozenset(ids)


@pytest.mark.parametrize(
    ("text", "count", "says"),
    [
        ("0-8", 8, "shard 8 does not exist: with 8 shards they are numbered 0 to 7"),
        ("3-1", 8, "the range 3-1 runs backwards: write 1-3"),
        ("a", 8, "'a' is not a shard or a range of shards: write them as 0-3, 5 or 0,2,4-6"),
        ("1,,2", 8, "an empty place between commas is not a shard"),
        (" ", 8, "no shard was given: write them as 0-3, 5 or 0,2,4-6"),
        ("-1", 8, "'-1' is not a shard"),
        ("0", 0, f"the shard count must be 1 to {MAX_SHARDS}, not 0"),
        (f"0-{MAX_SHARDS}", MAX_SHARDS, f"beyond the {MAX_SHARDS} shards a bot may have"),
    ],
)
def test_shards_that_cannot_be_run_are_refused_saying_why(text: str, count: int, says: str) -> None:
    with pytest.raises(ShardsError) as refused:
        Shards.parse(text, count)
    assert says in str(refused.value)


def test_nothing_chosen_runs_every_shard_and_a_count_alone_runs_all_of_its_shards() -> None:
    assert Shards.chosen(None, None) is None
    assert Shards.chosen(None, 4) == Shards(frozenset({0, 1, 2, 3}), 4)
    assert Shards.chosen("1-2", 4) == Shards(frozenset({1, 2}), 4)
    with pytest.raises(ShardsError, match="--shards 1-2 needs --shard-count"):
        Shards.chosen("1-2", None)


def test_a_process_owns_the_servers_discord_sends_to_its_shards_and_shard_0_the_dms() -> None:
    assert [shard_of(guild, 2) for guild in GUILDS] == [0, 1, 0]
    first, second = Shards.parse("0", 2), Shards.parse("1", 2)
    assert [first.owns(guild) for guild in GUILDS] == [True, False, True]
    assert [second.owns(str(guild)) for guild in GUILDS] == [False, True, False]
    assert first.owns(None) and first.dms
    assert not second.owns(None) and not second.dms
    assert Shards.every().all and Shards.every().owns(GUILDS[1])


def test_shards_are_written_as_ranges() -> None:
    assert str(Shards.parse("0-3,5,7-8", 16)) == "shards 0-3,5,7-8 of 16"


async def _matches(store: Storage) -> dict[int | None, int]:
    """Store a match in each server of GUILDS and one in DMs; return their ids by server."""
    ids: dict[int | None, int] = {}
    async with store.transaction() as db:
        for guild in [*GUILDS, None]:
            match_id = await storage.insert_match(db, "{}", "ana", 0.0)
            if guild is not None:
                await storage.bind(db, match_id, {"guild": str(guild)})
            await storage.set_status(db, match_id, "active", 0.0, started=True)
            await storage.set_deadline(db, match_id, 1, 0.5)
            await storage.enqueue(db, match_id, [("board:1", "board", "{}", f"k{match_id}")], 0.0)
            ids[guild] = match_id
        await storage.enqueue(db, None, [("dm:ana", "notice", "{}", "no-match")], 0.0)
    return ids


def test_the_outbox_of_each_process_holds_its_own_servers_matches_and_shard_0_the_rest(
    tmp_path: Path,
) -> None:
    async def scenario() -> tuple[dict[int | None, int], list[set[int | None]]]:
        store = await open_storage(tmp_path / "elevator.db")
        try:
            ids = await _matches(store)
            seen = []
            for shards in (Shards.parse("0", 2), Shards.parse("1", 2), Shards.every(2), None):
                async with store.read() as db:
                    due = await storage.due_notices(db, 1.0, 50, shards)
                seen.append({row["match_id"] for row in due})
            return ids, seen
        finally:
            await store.close()

    ids, (first, second, every, unsharded) = asyncio.run(scenario())
    assert first == {ids[GUILDS[0]], ids[GUILDS[2]], ids[None], None}
    assert second == {ids[GUILDS[1]]}
    assert every == unsharded == first | second


def test_each_process_settles_the_due_matches_of_its_own_servers_and_shard_0_the_dm_games(
    tmp_path: Path,
) -> None:
    async def scenario() -> tuple[dict[int | None, int], list[list[int]]]:
        store = await open_storage(tmp_path / "elevator.db")
        try:
            ids = await _matches(store)
            seen = []
            for shards in (Shards.parse("0", 2), Shards.parse("1", 2), None):
                async with store.read() as db:
                    due = await storage.due_matches(db, 1.0, shards)
                seen.append([row["match_id"] for row in due])
            return ids, seen
        finally:
            await store.close()

    ids, (first, second, every) = asyncio.run(scenario())
    assert sorted(first) == sorted([ids[GUILDS[0]], ids[GUILDS[2]], ids[None]])
    assert second == [ids[GUILDS[1]]]
    assert sorted(every) == sorted(first + second)


def test_two_workers_of_two_shards_send_every_notice_once_between_them(tmp_path: Path) -> None:
    async def scenario() -> tuple[list[str], list[str]]:
        store = await open_storage(tmp_path / "elevator.db")
        try:
            await _matches(store)
            senders = Recorder(), Recorder()
            workers = [
                DeliveryWorker(store, sender, clock=lambda: 1.0, shards=Shards.parse(ids, 2))
                for sender, ids in zip(senders, ("0", "1"), strict=True)
            ]
            for _ in range(3):
                for worker in workers:
                    await worker.run_once()
            return senders[0].keys, senders[1].keys
        finally:
            await store.close()

    first, second = asyncio.run(scenario())
    assert sorted(first + second) == sorted(["k1", "k2", "k3", "k4", "no-match"])
    assert "k2" in second and "k2" not in first
